// V8's tiering for a short command (src/cli/engine-tuning.ts): the flag only where its V8 has it,
// never over the user's own, never for the commands that run for a session; and under every
// supported Node release, the flags it sets are ones that release's V8 knows (an unknown flag would
// print an error on every run).
import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BATCH_TIERING, batchEngineFlags, tuneEngineForBatch } from "../../src/cli/engine-tuning.js";
import { isBatchCommand } from "../../src/cli/main.js";
import { ALL_NODES_EXPECTED, SUPPORTED_NODES } from "../support/node-versions.js";

describe("batchEngineFlags", () => {
  it("raises the interrupt budget on V8 11 (Node 20) and the TurboFan invocation count on V8 12 (Node 22), nothing elsewhere", () => {
    expect(batchEngineFlags("11.3.244.8-node.26", [])).toEqual([`--interrupt-budget=${BATCH_TIERING["11"]!.value}`]);
    expect(batchEngineFlags("12.4.254.21-node.21", [])).toEqual([`--invocation-count-for-turbofan=${BATCH_TIERING["12"]!.value}`]);
    // Above V8's own defaults (67,584 bytes and 3,000 calls): a raise, never a cut.
    expect(BATCH_TIERING["11"]!.value).toBeGreaterThan(67_584);
    expect(BATCH_TIERING["12"]!.value).toBeGreaterThan(3_000);
    for (const version of ["13.6.233.8-node.10", "14.0.1", "10.2.154", "1.2.3", "", "x", "__proto__.1", "toString"]) expect(batchEngineFlags(version, []), version).toEqual([]);
  });

  it("leaves a threshold Node was started with", () => {
    for (const arg of ["--interrupt-budget=1000", "--interrupt_budget=1000", "--interrupt-budget"]) expect(batchEngineFlags("11.3.244.8-node.26", [arg]), arg).toEqual([]);
    for (const arg of ["--invocation-count-for-turbofan=10", "--invocation_count_for_turbofan=10"]) expect(batchEngineFlags("12.4.254.21-node.21", [arg]), arg).toEqual([]);
    // Other flags, and names that only begin alike, are not the threshold.
    expect(batchEngineFlags("11.3.244.8-node.26", ["--max-old-space-size=4096", "--interrupt-budget-for-feedback-allocation=10", "--invocation-count-for-turbofan=10"])).toHaveLength(1);
    expect(batchEngineFlags("12.4.254.21-node.21", ["--invocation-count-for-turbofan-osr=10", "--interrupt-budget=10"])).toHaveLength(1);
  });
});

describe("tuneEngineForBatch", () => {
  it("sets each flag once, and nothing where there is none to set", () => {
    const set: string[] = [];
    tuneEngineForBatch({ v8: "11.3.244.8-node.26", execArgv: [], setFlags: (flag) => set.push(flag) });
    tuneEngineForBatch({ v8: "13.6.233.8-node.10", execArgv: [], setFlags: (flag) => set.push(flag) });
    tuneEngineForBatch({ v8: undefined, execArgv: [], setFlags: (flag) => set.push(flag) });
    expect(set).toEqual(["--interrupt-budget=400000"]);
  });

  it("never fails the command, on a runtime that reports a V8 it cannot set flags of", () => {
    const refusing = (flag: string) => {
      throw new Error(`not implemented: ${flag}`);
    };
    expect(() => tuneEngineForBatch({ v8: "12.4.254.14-node.12", execArgv: [], setFlags: refusing })).not.toThrow();
  });
});

describe("the commands that tune the engine", () => {
  it("are the ones that run for seconds and exit", () => {
    for (const name of ["build", "check", "validate", "diff", "verify", "import", "init", "wrap", "unwrap"]) expect(isBatchCommand(name), name).toBe(true);
    for (const name of ["lsp", "proxy", "watch", undefined, "--help", "toString", "__proto__"]) expect(isBatchCommand(name), String(name)).toBe(false);
  });
});

describe.each(SUPPORTED_NODES)("under Node.js $version", ({ binary }) => {
  it.skipIf(binary === undefined && !ALL_NODES_EXPECTED)("sets only flags its V8 knows, silently", () => {
    expect(binary, "the supported Node release is installed (test/node-versions)").toBeDefined();
    const run = (args: readonly string[]) => spawnSync(binary!, args, { encoding: "utf8", timeout: 30_000 });
    const v8Version = run(["-p", "process.versions.v8"]).stdout.trim();
    const flags = batchEngineFlags(v8Version, []);
    const known = run(["--v8-options"]).stdout;
    for (const flag of flags) expect(known, flag).toContain(`  ${flag.split("=")[0]} `);
    const set = run(["-e", `for (const flag of ${JSON.stringify(flags)}) require("node:v8").setFlagsFromString(flag); console.log("ok")`]);
    expect(set.stderr).toBe("");
    expect(set.stdout).toBe("ok\n");
  });
});
