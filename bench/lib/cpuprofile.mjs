// Summarises V8 .cpuprofile files (node --cpu-prof): self time by function and by module, summed
// over every file given (the main thread and each worker thread write their own).
import { readFileSync } from "node:fs";
import { REPO_DIR } from "./paths.mjs";

function shortUrl(url) {
  if (!url) return "(native)";
  return url
    .replace(/^file:\/\//, "")
    .replace(/^.*\/node_modules\//, "")
    .replace(`${REPO_DIR}/`, "");
}

/** Module key: a package (scope/name or name/subfolder), or the first two folders of a repository path. */
function moduleOf(url) {
  const short = shortUrl(url);
  if (short.startsWith("node:") || short === "(native)") return short;
  const parts = short.split("/");
  // A generated project of the bench: its folder (…/dist/generated/runtime), not just "bench/.work".
  if (short.startsWith("bench/.work/")) return parts.slice(0, -1).join("/");
  // The bundled CLI (dist/bundle/, rolldown.config.mjs): its chunks are named after their main module.
  if (short.startsWith("dist/bundle/")) return short.replace(/\.js$/, "");
  return parts.slice(0, 2).join("/");
}

export function summarise(files, top = 25) {
  const self = new Map();
  const modules = new Map();
  const threads = [];
  let total = 0;
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8"));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let threadTotal = 0;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      const node = nodes.get(id);
      const frame = node.callFrame;
      const fn = frame.functionName || "(anonymous)";
      if (fn === "(idle)") return;
      threadTotal += dt;
      const key = `${fn}  ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
      self.set(key, (self.get(key) ?? 0) + dt);
      const mod = frame.url ? moduleOf(frame.url) : fn;
      modules.set(mod, (modules.get(mod) ?? 0) + dt);
    });
    threads.push({ file, ms: threadTotal / 1000 });
    total += threadTotal;
  }
  const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  const msText = (t) => `${(t / 1000).toFixed(0).padStart(6)} ms`;
  const lines = [`sampled ${(total / 1000).toFixed(0)} ms of CPU (idle excluded) in ${files.length} profile${files.length === 1 ? "" : "s"}`];
  for (const t of threads) lines.push(`  ${t.ms.toFixed(0).padStart(6)} ms  ${shortUrl(t.file)}`);
  lines.push("", "self time by module:");
  for (const [k, t] of [...modules].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${pct(t)} ${msText(t)}  ${k}`);
  lines.push("", `top ${top} functions by self time:`);
  for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(t)} ${msText(t)}  ${k}`);
  return lines.join("\n");
}

/** The thread id in a .cpuprofile's file name (CPU.<date>.<time>.<pid>.<threadId>.<seq>.cpuprofile). */
function threadIdOf(file) {
  const parts = file.split("/").pop().split(".");
  return Number(parts[parts.length - 3]);
}

/** The phase of each sample's time, from one thread's stretches (sorted by start, ns as decimal text). */
function phaseAt(stretches) {
  const starts = stretches.map(([, start]) => Number(BigInt(start) / 1000n));
  const ends = stretches.map(([, , end]) => Number(BigInt(end) / 1000n));
  return (us) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid] <= us) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found >= 0 && us < ends[found] ? stretches[found][0] : undefined;
  };
}

/**
 * Self time by phase and, per phase, its top functions: each sample of each thread's profile is
 * counted to the phase that thread was in at the sample's time (MCP_GEN_PHASES' record: its
 * stretches are process.hrtime, the profiles' timestamps the same monotonic clock in µs).
 */
export function summariseByPhase(files, record, top = 5) {
  const byThread = new Map(record.threads.map((t) => [t.threadId, phaseAt([...t.intervals].sort((a, b) => (BigInt(a[1]) < BigInt(b[1]) ? -1 : 1)))]));
  const phases = new Map();
  let total = 0;
  for (const file of files) {
    const phaseOf = byThread.get(threadIdOf(file)) ?? (() => undefined);
    const profile = JSON.parse(readFileSync(file, "utf8"));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const dt = profile.timeDeltas[i] ?? 0;
      at += dt;
      const frame = nodes.get(id).callFrame;
      const fn = frame.functionName || "(anonymous)";
      if (fn === "(idle)") return;
      const phase = phaseOf(at) ?? "(outside any phase: start-up before the clock, exit, idle waits)";
      const entry = phases.get(phase) ?? { total: 0, self: new Map() };
      const key = `${fn}  ${shortUrl(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ""}`;
      entry.total += dt;
      entry.self.set(key, (entry.self.get(key) ?? 0) + dt);
      phases.set(phase, entry);
      total += dt;
    });
  }
  const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)}%`;
  const msText = (t) => `${(t / 1000).toFixed(0).padStart(6)} ms`;
  const lines = [`by phase (MCP_GEN_PHASES), every thread, top ${top} functions of each by self time:`];
  for (const [phase, entry] of [...phases].sort((a, b) => b[1].total - a[1].total)) {
    lines.push(`${pct(entry.total)} ${msText(entry.total)}  ${phase}`);
    for (const [k, t] of [...entry.self].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`        ${msText(t)}    ${k}`);
  }
  return lines.join("\n");
}
