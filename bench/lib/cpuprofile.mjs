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
