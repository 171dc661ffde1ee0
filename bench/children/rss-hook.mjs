// Preloaded with `node --import` when /usr/bin/time is not GNU time: writes the process's peak
// resident set size (kB) and its CPU time (user + system, µs) to BENCH_RSS_FILE when it exits.
// Worker threads share the process, so they are included.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on("exit", () => {
    const usage = process.resourceUsage();
    writeFileSync(file, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}`);
  });
}
