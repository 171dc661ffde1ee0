// Paired measurement across processes: one child per server (children/inproc.mjs in slice mode),
// each with a heap of its own, so one server's garbage or JIT state cannot slow another. The parent
// hands out 100 ms time slices in turn until every server has had `seconds`; the machine's drift
// over seconds therefore hits every server alike, as if they shared one process.
import { fork } from "node:child_process";
import { join } from "node:path";
import { BENCH_DIR } from "./paths.mjs";

const CHILD = join(BENCH_DIR, "children", "inproc.mjs");

function start(name, config) {
  const child = fork(CHILD, [JSON.stringify({ ...config, cases: [name], slices: true })], { stdio: ["ignore", "ignore", "pipe", "ipc"] });
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const next = () =>
    new Promise((resolve, reject) => {
      const onMessage = (message) => {
        child.off("exit", onExit);
        resolve(message);
      };
      const onExit = (code) => {
        child.off("message", onMessage);
        reject(new Error(`in-process server ${name} exited with ${code}: ${stderr.trim().split("\n").slice(-6).join("\n")}`));
      };
      child.once("message", onMessage);
      child.once("exit", onExit);
    });
  return { name, child, exited, next, ready: next() };
}

async function stop(p) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  if (p.child.connected) p.child.send({ stop: true });
  const timer = setTimeout(() => p.child.kill("SIGKILL"), 5000);
  await p.exited;
  clearTimeout(timer);
}

/**
 * Measures the named server cases, each in its own process, in interleaved slices.
 * config: { era, projects, warmupMs }. Returns [{ case, label, calls, perSec, cpuUsPerCall }].
 */
export async function measureInSlices(names, config, { seconds, sliceMs = 100 }) {
  const procs = names.map((name) => start(name, config));
  try {
    const labels = await Promise.all(procs.map((p) => p.ready.then((m) => m.label)));
    const totals = procs.map(() => ({ calls: 0, ms: 0, cpuUs: 0 }));
    while (totals.some((t) => t.ms < seconds * 1000)) {
      for (let i = 0; i < procs.length; i++) {
        if (totals[i].ms >= seconds * 1000) continue;
        const reply = procs[i].next();
        procs[i].child.send({ slice: sliceMs });
        const r = await reply;
        totals[i].calls += r.calls;
        totals[i].ms += r.ms;
        totals[i].cpuUs += r.cpuUs;
      }
    }
    return names.map((name, i) => ({
      case: name,
      label: labels[i],
      calls: totals[i].calls,
      perSec: (totals[i].calls * 1000) / totals[i].ms,
      cpuUsPerCall: totals[i].cpuUs / totals[i].calls,
    }));
  } finally {
    await Promise.all(procs.map(stop));
  }
}
