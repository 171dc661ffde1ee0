// A file `$ref` inside an embedded resource, under a schema root whose `$id` is relative: the bundled
// copy lies in the root's $defs, and the rewritten ref must name the root from the resource's base.
// Written "root.json#/$defs/S" inside "sub/r.json" it named sub/root.json: validate passed, and build
// stopped with exit 70 in emitValidators ("can't resolve reference root.json#/$defs/S from id sub/r.json").
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = [
  "name: e_tool",
  "description: Embedded with relative $id.",
  "inputSchema:",
  '  $id: "root.json"',
  "  type: object",
  "  properties:",
  '    relid: { $ref: "#/$defs/R" }',
  "  $defs:",
  "    R:",
  '      $id: "sub/r.json"',
  "      type: object",
  "      properties:",
  '        a: { $ref: "../../schemas/x.json#/$defs/S" }',
  "",
].join("\n");

describe("a file $ref inside an embedded resource under a relative root $id", () => {
  it("builds what validate passes, naming the bundled copy relative to the resource", async () => {
    const root = tempProject({ "tools/e.yaml": TOOL, "schemas/x.json": '{"$defs":{"S":{"const":"x"}}}\n' });
    const validate = await runInProcess(root, ["validate"]);
    expect(validate).toMatchObject({ code: 0, stderr: "" });
    const build = await runInProcess(root, ["build"]);
    expect(build.stderr).toBe("");
    expect(build.code).toBe(0);
    const validators = readdirSync(join(root, "src", "generated", "validators"));
    const text = validators.map((name) => readFileSync(join(root, "src", "generated", "validators", name), "utf8")).join("\n");
    expect(text).toContain('"$ref":"../root.json#/$defs/S"');
  });
});
