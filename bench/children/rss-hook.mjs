// Preloaded with `node --import` when /usr/bin/time is not GNU time: writes the process's peak
// resident set size (kB) to BENCH_RSS_FILE when it exits. Worker threads share the process, so
// they are included.
import { writeFileSync } from "node:fs";

const file = process.env.BENCH_RSS_FILE;
if (file) process.on("exit", () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
