// compareLive against a server that speaks only the 2025 protocol (a `target: sdk-v1` build, for
// one): it lists a tool whose outputSchema root is not an object wrapped as { result } (SEP-2106,
// docs/non-object-results.md). That listing matches the lock that pins the natural schema, and a
// real change in it is reported as that change alone; a 2026-07-28 listing is compared as written.
import { describe, expect, it } from "vitest";
import { compareLive } from "../../src/live/compare-live.js";
import { buildLock } from "../../src/lock/build-lock.js";
import type { JsonObject } from "../../src/model/json.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { legacyDescriptor } from "../../packages/runtime/src/v1/legacy-projection.js";

const list: JsonObject = {
  name: "issues.list",
  description: "Lists issues.",
  inputSchema: { type: "object" },
  outputSchema: { type: "array", items: { $ref: "#/$defs/Issue" }, $defs: { Issue: { type: "object", properties: { id: { type: "string" } } } } },
};
const get: JsonObject = { name: "issues.get", inputSchema: { type: "object" }, outputSchema: { type: "object", properties: { id: { type: "string" } } } };

const lock = buildLock({ tools: [list, get].map((wire) => ({ file: `tools/${wire.name}.yaml`, wire, authoring: undefined, mounts: [] })), files: [], inputs: new Map(), version: "0.1.0" });
const TEXT = { rules: ALL_RULES, settings: new Map() };
/** The tools as a 2025-era client sees them. */
const legacy = [list, get].map((tool) => legacyDescriptor(tool as { outputSchema?: Record<string, unknown> }) as JsonObject);

describe("compareLive and the era of the listing", () => {
  it("a 2025-era listing of an array result matches the lock that pins it as written", () => {
    expect(legacy[0]).not.toEqual(list);
    expect(compareLive(lock, legacy, TEXT, { era: "legacy" })).toMatchObject({ matched: ["issues.get", "issues.list"], findings: [] });
  });

  it("a real change in a 2025-era listing is that change alone, not the wrapping", () => {
    const changed = [{ ...legacy[0]!, description: "Lists issues. Also deletes them." }, legacy[1]!];
    const { findings } = compareLive(lock, changed, TEXT, { era: "legacy" });
    expect(findings.map((f) => [f.tool, f.status, f.parts, f.sha256.lock])).toEqual([["issues.list", "changed", ["description"], lock.tools["issues.list"]!.sha256]]);
    expect(findings[0]!.changes.map((c) => c.part)).toEqual(["description"]);
  });

  it("a 2026-07-28 listing (or one whose era is unknown) is compared as written: the wrapped form is a change", () => {
    for (const listing of [{ era: "modern" }, {}]) {
      const { findings } = compareLive(lock, legacy, TEXT, listing);
      expect(findings.map((f) => [f.tool, f.parts])).toEqual([["issues.list", ["outputSchema"]]]);
    }
    expect(compareLive(lock, [list, get], TEXT, { era: "modern" }).findings).toEqual([]);
  });
});
