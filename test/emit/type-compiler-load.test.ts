// Loading json-schema-to-typescript for the build leaves prettier and the library's `$ref` parser
// unloaded (compile-wrapper.ts, requireLibrary): each thread that compiles types would load them for
// steps compileWrapper skips. Its own file, so that this process has loaded neither package before
// (vitest runs each file in a fresh process).
import { createRequire } from "node:module";
import type { JSONSchema } from "json-schema-to-typescript";
import { describe, expect, it } from "vitest";
import { compileWrapper, loadTypeCompiler } from "../../src/emit/compile-wrapper.js";

const require = createRequire(import.meta.url);
const loaded = (name: string) => Object.keys(require.cache).some((path) => path.split(/[\\/]/).join("/").includes(`/node_modules/${name}/`));

describe("loading the type compiler", () => {
  it("loads json-schema-to-typescript without prettier or its $ref parser, and the library still uses the real ones", async () => {
    const modules = ["prettier", "@apidevtools/json-schema-ref-parser"];
    for (const name of modules) expect(loaded(name), name).toBe(false);
    const library = loadTypeCompiler();
    expect(loaded("json-schema-to-typescript")).toBe(true);
    for (const name of modules) expect(loaded(name), name).toBe(false);
    const schema: JSONSchema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false };
    // As a build compiles a wrapper without `$ref`: neither is needed.
    expect(await compileWrapper(library, JSON.stringify(schema), "Weather", () => () => undefined)).toBe("export interface Weather {\ncity: string\n}\n");
    for (const name of modules) expect(loaded(name), name).toBe(false);
    // A `$ref` goes through the library's parser, loaded now.
    const withRef: JSONSchema = { type: "object", properties: { city: { $ref: "#/$defs/city" } }, $defs: { city: { type: "string" } }, additionalProperties: false };
    expect(await library.compile(withRef, "Weather", { ...library.options, format: false })).toContain("city?: City");
    expect(loaded("@apidevtools/json-schema-ref-parser")).toBe(true);
    // Anyone else in the process asking the library for formatting gets prettier's output.
    expect(await library.compile(schema, "Weather", { bannerComment: "", format: true })).toBe("export interface Weather {\n  city: string;\n}\n");
    expect(loaded("prettier")).toBe(true);
  });
});
