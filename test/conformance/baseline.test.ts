// The baseline comparison of the conformance test, on hand-made checks: new failures and stale
// entries are both reported, repeated check ids collapse to their worst status.
import { describe, expect, it } from "vitest";
import { collapseChecks, compareWithBaseline, describeVerdict, type BaselineEntry, type Check } from "./baseline.js";

const check = (id: string, status: Check["status"], scenario = "tools-list"): Check => ({ era: "2026-07-28", scenario, id, status });
const entry = (check: string, status: BaselineEntry["status"] = "FAILURE", scenario = "tools-list"): BaselineEntry => ({
  era: "2026-07-28",
  scenario,
  check,
  status,
  kind: "sdk-gap",
  reason: "a reason long enough to read",
});

describe("compareWithBaseline", () => {
  it("accepts a run whose failures are exactly the baselined ones", () => {
    const verdict = compareWithBaseline([check("a", "SUCCESS"), check("b", "FAILURE"), check("c", "SKIPPED")], [entry("b")]);
    expect(verdict).toEqual({ unexpected: [], stale: [] });
    expect(describeVerdict(verdict)).toBe("");
  });

  it("reports a failure or warning the baseline does not list", () => {
    const verdict = compareWithBaseline([check("a", "FAILURE"), check("b", "WARNING")], []);
    expect(verdict.unexpected.map((c) => c.id)).toEqual(["a", "b"]);
  });

  it("reports an entry whose check passes, is gone, or fails with another status", () => {
    const verdict = compareWithBaseline([check("a", "SUCCESS"), check("c", "WARNING")], [entry("a"), entry("b"), entry("c")]);
    expect(verdict.stale.map((e) => e.check)).toEqual(["a", "b", "c"]);
    expect(verdict.unexpected.map((c) => c.id)).toEqual(["c"]);
  });

  it("tells scenarios apart", () => {
    const verdict = compareWithBaseline([check("x", "FAILURE", "caching")], [entry("x", "FAILURE", "tools-list")]);
    expect(verdict.unexpected).toHaveLength(1);
    expect(verdict.stale).toHaveLength(1);
  });
});

describe("collapseChecks", () => {
  it("keeps the most severe status of a repeated check id", () => {
    const collapsed = collapseChecks([check("a", "SUCCESS"), check("a", "FAILURE"), check("a", "WARNING"), check("b", "INFO")]);
    expect(collapsed.map((c) => [c.id, c.status])).toEqual([
      ["a", "FAILURE"],
      ["b", "INFO"],
    ]);
  });
});
