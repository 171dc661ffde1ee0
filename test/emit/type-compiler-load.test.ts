// Loading json-schema-to-typescript for the build leaves prettier unloaded (compile-wrapper.ts,
// requireWithoutPrettier): its CommonJS entry would start importing a 680 KB module on every thread
// that compiles types, for a formatter mcp-gen never calls. Its own file, so that this process has
// loaded neither package before (vitest runs each file in a fresh process).
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { loadTypeCompiler } from "../../src/emit/compile-wrapper.js";

const require = createRequire(import.meta.url);
const prettierLoaded = () => Object.keys(require.cache).some((path) => /[\\/]node_modules[\\/]prettier[\\/]/.test(path));

describe("loading the type compiler", () => {
  it("loads json-schema-to-typescript without prettier, and the library's formatter still formats with the real one", async () => {
    expect(prettierLoaded()).toBe(false);
    const library = loadTypeCompiler();
    expect(require.cache[require.resolve("json-schema-to-typescript")]).toBeDefined();
    expect(prettierLoaded()).toBe(false);
    const schema = { type: "object", properties: { city: { type: "string" } }, required: ["city"], additionalProperties: false } as const;
    // format: false, as every build compiles: no prettier.
    expect(await library.compile(schema, "Weather", { ...library.options, format: false })).toContain("export interface Weather {");
    expect(prettierLoaded()).toBe(false);
    // Anyone else in the process asking the library for formatting gets prettier's output.
    const formatted = await library.compile(schema, "Weather", { bannerComment: "", format: true });
    expect(prettierLoaded()).toBe(true);
    expect(formatted).toBe("export interface Weather {\n  city: string;\n}\n");
  });
});
