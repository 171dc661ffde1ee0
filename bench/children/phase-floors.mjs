// Reference, for the phase table: the least two phases of a cold build can cost, each timed alone
// in one thread (wall and the thread's CPU time). load: reading every descriptor of the project
// (tools/*.json) and JSON.parse of each; hash: SHA-256 of every file the cold build wrote (the
// generated folder, the lock, handler stubs and tests, read into memory first, untimed).
// Usage: node children/phase-floors.mjs <built project>
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const [project] = process.argv.slice(2);
const cpu = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const timed = (work) => {
  const wall = performance.now();
  const was = cpu();
  const value = work();
  return { wallMs: performance.now() - wall, cpuMs: cpu() - was, value };
};

const startup = { wallMs: performance.now(), cpuMs: cpu() };
const load = timed(() => {
  const dir = join(project, "tools");
  let bytes = 0;
  for (const name of readdirSync(dir)) {
    const text = readFileSync(join(dir, name), "utf8");
    JSON.parse(text);
    bytes += text.length;
  }
  return bytes;
});
const outputs = [];
const collect = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path);
    else if (entry.isFile()) outputs.push(readFileSync(path));
  }
};
for (const entry of readdirSync(project, { withFileTypes: true })) {
  if (entry.isDirectory() && entry.name !== "tools" && entry.name !== "node_modules") collect(join(project, entry.name));
  else if (entry.isFile() && entry.name.endsWith(".lock.json")) outputs.push(readFileSync(join(project, entry.name)));
}
const hash = timed(() => {
  for (const bytes of outputs) createHash("sha256").update(bytes).digest("hex");
  return outputs.length;
});
console.log(JSON.stringify({ startup, load: { wallMs: load.wallMs, cpuMs: load.cpuMs }, descriptorBytes: load.value, hash: { wallMs: hash.wallMs, cpuMs: hash.cpuMs }, files: hash.value }));
