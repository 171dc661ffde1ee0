// The types json-schema-to-typescript writes for a tool's schemas, as the tool's module declares them.
// Same-document refs reach it as JSON Pointers into the copy it is given, whatever fragment the
// schema wrote: a plain name declared by $anchor, $dynamicAnchor or draft-07 $id is typed as the
// schema that declares it, as the validator reads it.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readProject } from "../../src/cli/read-project.js";
import { loadConfig } from "../../src/config/load-config.js";
import { compileTypes, finishToolTypes, planToolTypes } from "../../src/emit/emit-types.js";
import type { JsonValue } from "../../src/model/json.js";
import { analyzeProject } from "../../src/project/analyze-project.js";
import { schemaValid } from "../../src/validate/rules/schema-valid.js";

async function typesOf(input: JsonValue, pascal = "Tool"): Promise<string> {
  const request = planToolTypes(input, undefined, { pascal });
  return finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
}

/** The members of the interface `name` declares, one per line, trimmed. */
function membersOf(code: string, name: string): string[] {
  const body = new RegExp(`^export interface ${name} \\{\\n([^]*?)^\\}`, "m").exec(code)?.[1];
  if (body === undefined) throw new Error(`no interface ${name} in:\n${code}`);
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
}

describe("types of plain-name fragment refs", () => {
  it("are the types of the schema a $anchor, a $dynamicAnchor or a draft-07 $id names", async () => {
    const anchors = {
      type: "object",
      properties: { p: { $ref: "#x" }, d: { $ref: "#dyn" }, o: { $ref: "#%6Fbj" } },
      required: ["p"],
      $defs: { a: { $anchor: "x", type: "string" }, b: { $dynamicAnchor: "dyn", type: "integer" }, c: { $anchor: "obj", type: "object", properties: { n: { $ref: "#x" } } } },
    };
    expect(membersOf(await typesOf(anchors), "ToolArguments").slice(0, 3)).toEqual(["p: string;", "d?: number;", "o?: C;"]);
    const draft07 = { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { p: { $ref: "#x" } }, definitions: { a: { $id: "#x", type: "number" } } };
    expect(membersOf(await typesOf(draft07), "ToolArguments")[0]).toBe("p?: number;");
  });

  it("name the copy's schema when its definition's name travels as a placeholder, and stay open where the copy has none", async () => {
    const schema = {
      type: "object",
      properties: {
        a: { $ref: "#ctor" },
        c: { $ref: "#content" },
        m: { $ref: "#missing" },
        q: { type: "string", contentMediaType: "application/json", contentSchema: { $anchor: "content", type: "object" } },
      },
      $defs: { constructor: { $anchor: "ctor", type: "boolean" } },
    };
    expect(membersOf(await typesOf(schema), "ToolArguments").slice(0, 3)).toEqual(["a?: boolean;", "c?: unknown;", "m?: unknown;"]);
  });

  it('type "" as "#": the whole schema', async () => {
    const schema = { type: "object", properties: { name: { type: "string" }, self: { $ref: "" }, same: { $ref: "#" } } };
    expect(membersOf(await typesOf(schema), "ToolArguments").slice(0, 3)).toEqual(["name?: string;", "self?: ToolArguments;", "same?: ToolArguments;"]);
  });

  it("in a bundled schema: the descriptor's own anchor beside files' anchors of the same name", async () => {
    const root = join(import.meta.dirname, "..", "fixtures", "resolve", "bundled-anchors");
    const config = loadConfig(undefined, [schemaValid], {}).value!;
    const read = await readProject({ root, configPath: undefined, config });
    if (!read.ok) throw new Error("config failed");
    const analysis = analyzeProject({ ...read.input, rules: [schemaValid] });
    expect(analysis.diagnostics).toEqual([]);
    const code = await typesOf(analysis.tools[0]!.wire.inputSchema as JsonValue, "Order");
    expect(membersOf(code, "OrderArguments")).toEqual(["name?: string;", "price?: number;", "prices?: List;", "note?: string;", "[k: string]: unknown | undefined;"]);
  });
});

describe("types of JSON Pointer refs", () => {
  it("are the types of what they name in the copy json-schema-to-typescript is given, or open where it has no schema", async () => {
    const schema = {
      type: "object",
      properties: {
        content: { $ref: "#/properties/q/contentSchema" },
        vendor: { $ref: "#/x-vendor/thing" },
        missing: { $ref: "#/$defs/nope" },
        q: { type: "string", contentMediaType: "application/json", contentSchema: { type: "object" } },
      },
      "x-vendor": { thing: { type: "string" } },
      $defs: { nope2: { type: "string" } },
    };
    expect(membersOf(await typesOf(schema), "ToolArguments").slice(0, 3)).toEqual(["content?: unknown;", "vendor?: unknown;", "missing?: unknown;"]);
  });

  it("into `definitions` beside `$defs` are typed from either, as the validator reads them, but open for a name both hold", async () => {
    // json-schema-to-typescript refuses a schema with both ("must define either definitions or $defs, not both").
    const schema = {
      type: "object",
      properties: { s: { $ref: "#/$defs/s" }, n: { $ref: "#/definitions/n" }, both: { $ref: "#/$defs/both" }, shadowed: { $ref: "#/definitions/both" } },
      $defs: { s: { type: "string" }, both: { type: "boolean" } },
      definitions: { n: { type: "integer" }, both: { type: "string" } },
      items: { properties: { deep: { $ref: "#/items/definitions/d" } }, $defs: {}, definitions: { d: { type: "number" } } },
    };
    expect(membersOf(await typesOf(schema), "ToolArguments").slice(0, 4)).toEqual(["s?: string;", "n?: number;", "both?: boolean;", "shadowed?: unknown;"]);
  });

  it("into data are open: a data value is no schema, and its tsType no code", async () => {
    const schema = {
      type: "object",
      properties: {
        data: { $ref: "#/properties/d/default" },
        d: { type: "object", default: { tsType: "string; export const injected = 1" } },
      },
    };
    const code = await typesOf(schema);
    expect(membersOf(code, "ToolArguments")[0]).toBe("data?: unknown;");
    expect(code).not.toContain("injected = 1;");
  });

  it("name a definition whose name travels as a placeholder, and an optional property named like an Object member", async () => {
    const schema = {
      type: "object",
      properties: {
        c: { $ref: "#/$defs/constructor" },
        h: { $ref: "#/$defs/hasOwnProperty/properties/n" },
        s: { $ref: "#/properties/toString" },
        toString: { type: "string" },
      },
      required: ["c"],
      $defs: { constructor: { type: "boolean" }, hasOwnProperty: { type: "object", properties: { n: { type: "integer" } } } },
    };
    expect(membersOf(await typesOf(schema), "ToolArguments").slice(0, 3)).toEqual(["c: boolean;", "h?: number;", "s?: string;"]);
  });

  it("name an allOf member of a schema whose $ref sits beside its definitions", async () => {
    const schema = {
      $ref: "#/$defs/Args",
      allOf: [{ type: "object", properties: { n: { type: "integer" } } }],
      $defs: { Args: { type: "object", properties: { m: { $ref: "#/allOf/0/properties/n" } } } },
    };
    expect(membersOf(await typesOf(schema), "Args")).toEqual(["m?: number;", "[k: string]: unknown | undefined;"]);
  });
});

describe("types of input request forms", () => {
  it("follow a form's refs when its key travels as a placeholder", async () => {
    const form = (type: string) => ({ type: "object", properties: { a: { type }, b: { type, $ref: "#/properties/a" } } });
    const inputs = [
      { key: "hasOwnProperty", requestedSchema: form("integer") },
      { key: "mcp_gen_key_0_", requestedSchema: form("boolean") },
    ];
    const request = planToolTypes({ type: "object" }, undefined, { pascal: "Tool" }, inputs);
    const code = finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
    expect(membersOf(code, "ToolHasOwnPropertyInput").slice(0, 2)).toEqual(["a?: number;", "b?: number;"]);
    expect(membersOf(code, "ToolMcpGenKey_0_Input").slice(0, 2)).toEqual(["a?: boolean;", "b?: boolean;"]);
  });
});
