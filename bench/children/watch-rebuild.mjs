// `mcp-gen watch` on a built project: the time from saving an edited descriptor to the end of the
// build it starts (until watch prints "Watching" again), the 100 ms of quiet watch waits for
// included. Edits `rounds` descriptors one after another (their descriptions), then stops watch with
// SIGINT. Prints {"ms": [...], "rssMB": peak RSS of the watch process}.
// Usage: node children/watch-rebuild.mjs <mcp-gen bin> <project> <rounds> <seed>
import { spawn } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const [bin, project, roundsText, seedText] = process.argv.slice(2);
const rounds = Number(roundsText);
const seed = Number(seedText);
const child = spawn(process.execPath, [bin, "watch", "--cwd", project], { stdio: ["ignore", "pipe", "inherit"] });
let output = "";
let waiting = 0;
let notify;
child.stdout.on("data", (chunk) => {
  output += chunk;
  const count = output.split("Watching ").length - 1;
  if (count > waiting) {
    waiting = count;
    notify?.();
  }
});
const until = (count) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`watch did not finish build ${count} in 120 s:\n${output.slice(-2000)}`)), 120_000);
    notify = () => waiting >= count && (clearTimeout(timer), resolve());
    notify();
  });

await until(1);
const files = readdirSync(join(project, "tools"))
  .filter((name) => name.endsWith(".json"))
  .sort();
const ms = [];
for (let round = 0; round < rounds; round++) {
  const file = join(project, "tools", files[(seed * 131 + round * 397) % files.length]);
  const tool = JSON.parse(readFileSync(file, "utf8"));
  tool.description = `${tool.description ?? ""} (watch revision ${seed}.${round})`;
  const started = performance.now();
  writeFileSync(file, `${JSON.stringify(tool, null, 2)}\n`);
  await until(round + 2);
  ms.push(performance.now() - started);
}
const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
const rssKB = Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
child.kill("SIGINT");
const code = await new Promise((resolve) => child.once("exit", resolve));
if (code !== 0) throw new Error(`watch exited with ${code}`);
if (!/changed: building again\./.test(output)) throw new Error(`watch never rebuilt:\n${output.slice(-2000)}`);
console.log(JSON.stringify({ ms, rssMB: rssKB / 1024 }));
