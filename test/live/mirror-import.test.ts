// mirrorImport: what an import writes and deletes so the project mirrors the server, and what each
// mode refuses to lose. A first import overwrites nothing; --update overwrites and deletes only
// descriptors the lock records, as it recorded them, and never outside the descriptor folder;
// --force takes whatever is there. The new lock keeps the record of generated files.
import { describe, expect, it } from "vitest";
import { mirrorImport, mirrorPaths, type ImportMode } from "../../src/live/mirror-import.js";
import { planImport, type ImportPlan } from "../../src/live/plan-import.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { buildLock } from "../../src/lock/build-lock.js";
import { hashFileText } from "../../src/lock/sha256.js";
import type { JsonObject } from "../../src/model/json.js";
import type { LockFile } from "../../src/model/lock.js";

const echo: JsonObject = { name: "echo", description: "Echoes.", inputSchema: { type: "object" } };
const add: JsonObject = { name: "add", description: "Adds.", inputSchema: { type: "object", properties: { a: { type: "number" } }, required: ["a"] } };

function plan(tools: readonly JsonObject[]): ImportPlan {
  const result = planImport(tools, "tools", DEFAULT_LOAD_LIMITS);
  if (!result.ok) throw new Error(result.problem.message);
  return result.value;
}

/** The lock and the files on disk of a project that imported `tools` (and built once: one generated file). */
function pinned(tools: readonly JsonObject[]): { lock: LockFile; disk: Map<string, string | undefined> } {
  const first = plan(tools);
  const lock = {
    ...buildLock({ tools: first.tools, files: [], inputs: new Map(first.files.map((f) => [f.path, hashFileText(f.contents)])), version: "0.1.0" }),
    files: { "src/generated/client.ts": "0".repeat(64) },
  };
  return { lock, disk: new Map(first.files.map((f) => [f.path, f.contents])) };
}

function mirror(now: readonly JsonObject[], previous: LockFile | undefined, disk: Map<string, string | undefined>, mode: ImportMode) {
  const next = plan(now);
  const known = new Map(mirrorPaths(next, "mcp-tools.lock.json", previous).map((path) => [path, disk.get(path)]));
  return mirrorImport({ plan: next, dir: "tools", lockPath: "mcp-tools.lock.json", previous, disk: known, mode, version: "0.1.0" });
}

describe("mirrorImport", () => {
  it("update: deletes the descriptor of a removed tool, reports the removal as breaking, keeps the generated-file record", () => {
    const { lock, disk } = pinned([echo, add]);
    const result = mirror([echo], lock, disk, "update");
    expect(result).toMatchObject({ writes: [], deletes: ["tools/add.yaml"], conflicts: [], kept: [] });
    expect(result.diff!.changes.map((c) => [c.tool, c.class, c.kind])).toEqual([["add", "breaking", "tool-removed"]]);
    expect(Object.keys(result.lock.tools)).toEqual(["echo"]);
    expect(result.lock.files).toEqual({ "src/generated/client.ts": "0".repeat(64) });
  });

  it("update: writes a changed tool's descriptor over the one the lock recorded, but not over an edited one", () => {
    const { lock, disk } = pinned([echo]);
    const changed = { ...echo, description: "Echoes loudly." };
    expect(mirror([changed], lock, disk, "update")).toMatchObject({ writes: [{ path: "tools/echo.yaml" }], conflicts: [] });
    disk.set("tools/echo.yaml", `${disk.get("tools/echo.yaml")}# edited\n`);
    expect(mirror([changed], lock, disk, "update").conflicts).toEqual([{ path: "tools/echo.yaml", reason: "was edited since mcp-tools.lock.json was written" }]);
    expect(mirror([changed], lock, disk, "force")).toMatchObject({ writes: [{ path: "tools/echo.yaml" }], conflicts: [] });
  });

  it("create: any differing file in the way is a conflict; the same text is not", () => {
    const { disk } = pinned([echo]);
    expect(mirror([echo], undefined, disk, "create").conflicts).toEqual([]);
    disk.set("tools/echo.yaml", "# mine\n");
    disk.set("mcp-tools.lock.json", "{}\n");
    expect(mirror([echo], undefined, disk, "create").conflicts).toEqual([
      { path: "tools/echo.yaml", reason: "exists" },
      { path: "mcp-tools.lock.json", reason: "exists" },
    ]);
  });

  it("never deletes outside the descriptor folder: a removed tool's file elsewhere is kept and named", () => {
    const { lock, disk } = pinned([echo, add]);
    const moved: LockFile = { ...lock, tools: { ...lock.tools, add: { ...lock.tools.add!, file: "hand/add.yaml" } }, inputs: { ...lock.inputs, "hand/add.yaml": lock.inputs["tools/add.yaml"]! } };
    disk.set("hand/add.yaml", disk.get("tools/add.yaml"));
    const result = mirror([echo], moved, disk, "force");
    expect(result.deletes).toEqual([]);
    expect(result.kept).toEqual([{ path: "hand/add.yaml", reason: "is outside tools/, so import leaves it; delete it if the tool it holds is the one the server dropped" }]);
  });
});
