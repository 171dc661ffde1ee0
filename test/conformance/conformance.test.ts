// The official MCP conformance suite (@modelcontextprotocol/conformance) against examples/conformance,
// a project built by mcp-gen whose tools are the ones the suite calls by name. The example is compiled
// and served over Streamable HTTP on 127.0.0.1; one endpoint serves both eras, and the suite runs once
// at each: 2025-11-25 (initialize handshake, answered by the SDK's stateless legacy path) and
// 2026-07-28 (stateless, per-request _meta). Only the scenarios that concern tools are judged
// (scenarios.ts). Every check among them that does not pass must be listed in expected-failures.json
// with its reason, and every listed check must still fail as listed, so the baseline stays honest.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compareWithBaseline, describeVerdict, type Baseline } from "./baseline.js";
import { CONFORMANCE_PACKAGE, runConformance, type ConformanceRun } from "./run-conformance.js";
import { ERAS, TOOL_SCENARIOS, type Era } from "./scenarios.js";
import { compileProject, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const EXAMPLE = join(REPO_ROOT, "examples", "conformance");
const baseline = JSON.parse(readFileSync(join(import.meta.dirname, "expected-failures.json"), "utf8")) as Baseline;
const installedSuite = JSON.parse(readFileSync(join(CONFORMANCE_PACKAGE, "package.json"), "utf8")) as { name: string; version: string };

describe("official MCP conformance suite, tool scenarios, against examples/conformance over HTTP", () => {
  let server: ServedChild | undefined;
  let outRoot: string | undefined;
  const runs = new Map<Era, ConformanceRun>();

  beforeAll(async () => {
    await compileProject(join(EXAMPLE, "tsconfig.json"));
    server = await startHttpChild(join(EXAMPLE, "dist", "src", "http.js"));
    outRoot = mkdtempSync(join(tmpdir(), "mcp-gen-conformance-"));
    const root = outRoot;
    // Both eras at once against the one server: the 2025 run waits out its scenario timeouts meanwhile.
    const results = await Promise.all(ERAS.map((era) => runConformance(server!.url, era, mkdtempSync(join(root, `${era}-`)))));
    ERAS.forEach((era, i) => runs.set(era, results[i]!));
  }, 120_000);

  afterAll(async () => {
    if (server !== undefined) await stopChild(server.child);
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

  for (const era of ERAS) {
    describe(`at ${era}`, () => {
      it("ran every tool scenario", () => {
        const run = runs.get(era)!;
        const missing = TOOL_SCENARIOS[era].filter((scenario) => !run.scenarios.has(scenario));
        expect(missing, run.output).toEqual([]);
      });

      it("fails exactly the baselined checks", () => {
        const run = runs.get(era)!;
        const judged = new Set(TOOL_SCENARIOS[era]);
        const checks = run.checks.filter((check) => judged.has(check.scenario));
        expect(checks.filter((check) => check.status === "SUCCESS").length).toBeGreaterThan(0);
        const verdict = compareWithBaseline(checks, baseline.failures.filter((entry) => entry.era === era));
        expect(describeVerdict(verdict)).toBe("");
      });
    });
  }
});
