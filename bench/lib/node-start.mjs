// NODE_EXTRA_CA_CERTS on the machine that runs the bench. Node 20 reads and parses the bundle it
// names at every start, before the program's first line (this machine sets it to the system's
// 220 KB bundle: 70–100 ms of every process here, against 20–50 ms for `node -e ''` without it).
// No command mcp-gen's bench measures opens a TLS connection, and a CI runner or a laptop has no
// such variable, so the bench's children run without it unless --keep-extra-ca-certs; the machine
// table says which, with Node's own start measured both ways.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";

/** Median wall time in ms of `node -e ''` under `env`, over `runs` runs. */
function nodeStartMs(env, runs = 7) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", ""], { env, stdio: "ignore" });
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

/**
 * Takes NODE_EXTRA_CA_CERTS out of this process's environment (every child inherits it) unless
 * `keep`, and says so for the machine table; undefined when the variable is not set.
 */
export function settleExtraCaCerts(keep) {
  const bundle = process.env.NODE_EXTRA_CA_CERTS;
  if (!bundle) return undefined;
  const { NODE_EXTRA_CA_CERTS: _, ...without } = process.env;
  const withMs = nodeStartMs(process.env);
  const withoutMs = nodeStartMs(without);
  if (!keep) delete process.env.NODE_EXTRA_CA_CERTS;
  const start = `Node's own start (\`node -e ''\`, median of 7) ${withMs.toFixed(0)} ms with it, ${withoutMs.toFixed(0)} ms without`;
  return keep
    ? `${bundle}, kept for every measured process (--keep-extra-ca-certs); ${start}`
    : `${bundle} on this machine, removed for every measured process (a CI runner has none; --keep-extra-ca-certs keeps it); ${start}`;
}
