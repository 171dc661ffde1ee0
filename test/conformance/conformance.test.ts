// The official MCP conformance suite (@modelcontextprotocol/conformance) against examples/conformance,
// a project built by mcp-gen whose tools are the ones the suite calls by name. The example is compiled
// and served over Streamable HTTP on 127.0.0.1 twice, once for each way the generated handler serves
// 2025-era clients: statelessly (the SDK's default) and with `legacy: "sessions"`. One endpoint serves
// both eras, and the suite runs at each against each server: 2025-11-25 (initialize handshake) and
// 2026-07-28 (stateless, per-request _meta). Only the scenarios that concern tools are judged
// (scenarios.ts). Every check among them that does not pass must be listed in expected-failures.json
// with its reason (and the serving it holds for), and every listed check must still fail as listed,
// so the baseline stays honest.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareWithBaseline, describeVerdict, entriesFor, type Baseline, type LegacyServing } from "./baseline.js";
import { CONFORMANCE_PACKAGE, runConformance, type ConformanceRun } from "./run-conformance.js";
import { ERAS, TOOL_SCENARIOS, type Era } from "./scenarios.js";
import { compileProject, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const EXAMPLE = join(REPO_ROOT, "examples", "conformance");
const baseline = JSON.parse(readFileSync(join(import.meta.dirname, "expected-failures.json"), "utf8")) as Baseline;
const installedSuite = JSON.parse(readFileSync(join(CONFORMANCE_PACKAGE, "package.json"), "utf8")) as { name: string; version: string };

const SERVINGS: readonly LegacyServing[] = ["stateless", "sessions"];

describe("official MCP conformance suite, tool scenarios, against examples/conformance over HTTP", () => {
  const servers: ServedChild[] = [];
  let outRoot: string | undefined;
  const runs = new Map<string, ConformanceRun>();
  const runKey = (era: Era, legacy: LegacyServing) => `${era} ${legacy}`;

  beforeAll(async () => {
    await compileProject(join(EXAMPLE, "tsconfig.json"));
    for (const legacy of SERVINGS) servers.push(await startHttpChild(join(EXAMPLE, "dist", "src", "http.js"), 20_000, [legacy]));
    outRoot = mkdtempSync(join(tmpdir(), "mcp-gen-conformance-"));
    const root = outRoot;
    // Every era against both servers at once: the stateless 2025 run waits out its scenario timeouts meanwhile.
    const plan = SERVINGS.flatMap((legacy, i) => ERAS.map((era) => ({ era, legacy, url: servers[i]!.url })));
    const results = await Promise.all(plan.map(({ era, legacy, url }) => runConformance(url, era, mkdtempSync(join(root, `${era}-${legacy}-`)))));
    plan.forEach(({ era, legacy }, i) => void runs.set(runKey(era, legacy), results[i]!));
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await stopChild(server.child);
    if (outRoot !== undefined) rmSync(outRoot, { recursive: true, force: true });
  });

  it("judges the suite version the baseline was recorded with", () => {
    // A new suite version brings new checks: re-record the baseline and review it when bumping.
    expect(baseline.package).toBe(`${installedSuite.name}@${installedSuite.version}`);
  });

  it("baselines only checks of judged scenarios, each with a reason", () => {
    for (const entry of baseline.failures) {
      expect(TOOL_SCENARIOS[entry.era], `${entry.era} ${entry.scenario}`).toContain(entry.scenario);
      expect(entry.reason.trim().length, `${entry.era} ${entry.scenario} ${entry.check}`).toBeGreaterThan(20);
    }
  });

  for (const legacy of SERVINGS) {
    for (const era of ERAS) {
      describe(`at ${era}, 2025-era clients served ${legacy === "sessions" ? "with sessions" : "statelessly"}`, () => {
        it("ran every tool scenario", () => {
          const run = runs.get(runKey(era, legacy))!;
          const missing = TOOL_SCENARIOS[era].filter((scenario) => !run.scenarios.has(scenario));
          expect(missing, run.output).toEqual([]);
        });

        it("fails exactly the baselined checks", () => {
          const run = runs.get(runKey(era, legacy))!;
          const judged = new Set(TOOL_SCENARIOS[era]);
          const checks = run.checks.filter((check) => judged.has(check.scenario));
          expect(checks.filter((check) => check.status === "SUCCESS").length).toBeGreaterThan(0);
          const verdict = compareWithBaseline(checks, entriesFor(baseline, era, legacy));
          expect(describeVerdict(verdict)).toBe("");
        });
      });
    }
  }
});
