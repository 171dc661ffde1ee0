// compareLock: every kind of drift between the committed lock and the current one, named and in a
// deterministic order.
import { describe, expect, it } from "vitest";
import { buildLock } from "../../src/lock/build-lock.js";
import { compareLock, hasDrift, type LockDrift } from "../../src/lock/compare-lock.js";
import { sha256Hex } from "../../src/lock/sha256.js";
import type { JsonObject } from "../../src/model/json.js";
import type { LockFile } from "../../src/model/lock.js";

const NO_DRIFT: LockDrift = {
  generatorVersion: undefined,
  specRevision: undefined,
  tools: { added: [], removed: [], changed: [], moved: [] },
  files: { stale: [], missing: [], extra: [] },
  inputs: { changed: [], added: [], removed: [] },
  packageJson: [],
};

interface ProjectState {
  readonly tools: Record<string, JsonObject & { file?: string }>;
  readonly files?: Record<string, string>;
  readonly inputs?: Record<string, string>;
  readonly version?: string;
  readonly packageJson?: { name?: string; version?: string };
}

function lock(state: ProjectState): LockFile {
  return buildLock({
    tools: Object.entries(state.tools).map(([name, { file, ...wire }]) => ({ file: (file as string | undefined) ?? `tools/${name}.yaml`, wire: { name, ...wire }, authoring: undefined, mounts: [] })),
    files: Object.entries(state.files ?? {}).map(([path, contents]) => ({ path, contents })),
    inputs: new Map(Object.entries(state.inputs ?? {}).map(([path, text]) => [path, sha256Hex(text)])),
    version: state.version ?? "0.1.0",
    ...(state.packageJson ? { packageJson: state.packageJson } : {}),
  });
}

const weather = { description: "Current weather.", inputSchema: { type: "object", properties: { city: { type: "string" } } } };

describe("compareLock", () => {
  it("finds nothing between equal locks, and hasDrift agrees", () => {
    const state = { tools: { get_weather: weather }, files: { "src/generated/tools.ts": "x" }, inputs: { "tools/get_weather.yaml": "y" } };
    const drift = compareLock(lock(state), lock(state));
    expect(drift).toEqual(NO_DRIFT);
    expect(hasDrift(drift)).toBe(false);
  });

  it("names a one-character description change as exactly that part", () => {
    const before = lock({ tools: { get_weather: weather } });
    const after = lock({ tools: { get_weather: { ...weather, description: "Current weather!" } } });
    const drift = compareLock(before, after);
    expect(drift.tools.changed).toEqual([
      {
        name: "get_weather",
        file: "tools/get_weather.yaml",
        sha256: { committed: before.tools.get_weather!.sha256, current: after.tools.get_weather!.sha256 },
        parts: [{ part: "description", change: "changed" }],
      },
    ]);
    expect(hasDrift(drift)).toBe(true);
  });

  it("names parts added and removed, and changes to unknown fields as `other`", () => {
    const before = lock({ tools: { t: { ...weather, title: "T", execution: { taskSupport: "optional" } } } });
    const after = lock({ tools: { t: { ...weather, annotations: { readOnlyHint: true }, execution: { taskSupport: "required" } } } });
    expect(compareLock(before, after).tools.changed[0]!.parts).toEqual([
      { part: "title", change: "removed" },
      { part: "annotations", change: "added" },
      { part: "other", change: "changed" },
    ]);
  });

  it("lists tools added, removed and moved, sorted by code unit", () => {
    // A computed "__proto__" key is an own property (a tool may be named so), not the prototype.
    const before = lock({ tools: { b: weather, "10": weather, Z: weather, keep: weather, ["constructor"]: weather } });
    const after = lock({ tools: { a: weather, "9": weather, keep: { ...weather, file: "tools/moved/keep.yaml" }, ["__proto__"]: weather, ["constructor"]: weather } });
    const drift = compareLock(before, after);
    expect(drift.tools.added).toEqual([
      { name: "9", file: "tools/9.yaml" },
      { name: "__proto__", file: "tools/__proto__.yaml" },
      { name: "a", file: "tools/a.yaml" },
    ]);
    expect(drift.tools.removed).toEqual([
      { name: "10", file: "tools/10.yaml" },
      { name: "Z", file: "tools/Z.yaml" },
      { name: "b", file: "tools/b.yaml" },
    ]);
    expect(drift.tools.moved).toEqual([{ name: "keep", file: { committed: "tools/keep.yaml", current: "tools/moved/keep.yaml" } }]);
    expect(drift.tools.changed).toEqual([]);
  });

  it("sorts changed tools by name whatever order the locks list them in", () => {
    const names = ["zeta", "alpha", "Mid", "_x", "10", "9"];
    const before = lock({ tools: Object.fromEntries(names.map((n) => [n, weather])) });
    const after = lock({ tools: Object.fromEntries([...names].reverse().map((n) => [n, { ...weather, description: n }])) });
    expect(compareLock(before, after).tools.changed.map((c) => c.name)).toEqual(["10", "9", "Mid", "_x", "alpha", "zeta"]);
  });

  it("reports generated files stale, missing and extra relative to what a build writes now", () => {
    const before = lock({ tools: {}, files: { "src/generated/a.ts": "1", "src/generated/old.ts": "2", "src/generated/same.ts": "3" } });
    const after = lock({ tools: {}, files: { "src/generated/a.ts": "1 changed", "src/generated/new.ts": "4", "src/generated/same.ts": "3" } });
    expect(compareLock(before, after).files).toEqual({ stale: ["src/generated/a.ts"], missing: ["src/generated/new.ts"], extra: ["src/generated/old.ts"] });
  });

  it("does not call a CRLF checkout of a generated file stale", () => {
    const before = lock({ tools: {}, files: { "src/generated/a.ts": "a\r\nb\r\n" } });
    const after = lock({ tools: {}, files: { "src/generated/a.ts": "a\nb\n" } });
    expect(compareLock(before, after)).toEqual(NO_DRIFT);
  });

  it("reports inputs changed, added and removed, and version and spec revision changes", () => {
    const before = lock({ tools: {}, inputs: { "mcp-gen.config.yaml": "a", "schemas/x.yaml": "b", "tools/t.yaml": "c" }, version: "0.1.0" });
    const after: LockFile = { ...lock({ tools: {}, inputs: { "mcp-gen.config.yaml": "a2", "schemas/y.yaml": "b", "tools/t.yaml": "c" }, version: "0.2.0" }), specRevision: "2027-01-01" };
    const drift = compareLock(before, after);
    expect(drift.inputs).toEqual({ changed: ["mcp-gen.config.yaml"], added: ["schemas/y.yaml"], removed: ["schemas/x.yaml"] });
    expect(drift.generatorVersion).toEqual({ committed: "0.1.0", current: "0.2.0" });
    expect(drift.specRevision).toEqual({ committed: "2026-07-28", current: "2027-01-01" });
  });

  it("reports a part-hash edit even when the tool hash is unchanged", () => {
    const before = lock({ tools: { t: weather } });
    const edited: LockFile = { ...before, tools: { t: { ...before.tools.t!, parts: { ...before.tools.t!.parts, description: "0".repeat(64) } } } };
    expect(compareLock(edited, before).tools.changed[0]!.parts).toEqual([{ part: "description", change: "changed" }]);
  });

  it("compares the package.json values generation used, not package.json as a whole", () => {
    const before = lock({ tools: {}, packageJson: { name: "weather", version: "1.0.0" } });
    expect(compareLock(before, lock({ tools: {}, packageJson: { name: "weather", version: "1.0.0" } }))).toEqual(NO_DRIFT);
    expect(compareLock(before, lock({ tools: {}, packageJson: { name: "weather" } })).packageJson).toEqual([{ field: "version", committed: "1.0.0", current: undefined }]);
    expect(compareLock(before, lock({ tools: {}, packageJson: { name: "rain", version: "1.1.0" } })).packageJson).toEqual([
      { field: "name", committed: "weather", current: "rain" },
      { field: "version", committed: "1.0.0", current: "1.1.0" },
    ]);
  });

  it("reads a lock of the earlier format (package.json hashed whole under inputs) without calling package.json removed", () => {
    const { packageJson: _values, ...current } = lock({ tools: {}, inputs: { "mcp-gen.config.yaml": "a", "package.json": "{}" } });
    const legacy: LockFile = current;
    const now = lock({ tools: {}, inputs: { "mcp-gen.config.yaml": "a" }, packageJson: { version: "2.0.0" } });
    expect(compareLock(legacy, now)).toEqual(NO_DRIFT);
    // A lock of this format that lists package.json is compared as it is: the key is not special there.
    expect(compareLock(lock({ tools: {}, inputs: { "package.json": "{}" } }), now).inputs.removed).toEqual(["package.json"]);
  });
});
