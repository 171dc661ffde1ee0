// usesRuntime (src/compile/uses-runtime.ts): whether a validator's code needs `import * as __rt`. A
// module imports the runtime only when one of its validators does; a missing import would throw when
// the validator runs, a needless one is what a linter's unused-import fix takes out (and `mcp-gen
// check` then reports a hand edit).
import { describe, expect, it } from "vitest";
import { usesRuntime } from "../../src/compile/uses-runtime.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import type { JsonValue } from "../../src/model/json.js";

const chunk = (body: string) => ({ body, validateName: "validate0" });

describe("usesRuntime", () => {
  it.each([
    ["a helper ajv requires", "const func1 = __rt.ucs2length;\nfunction validate0(data){return func1(data) > 1;}"],
    ["a format", "const formats0 = __rt.formats.uuid;\nfunction validate0(data){return formats0.test(data);}"],
    ["the name after a string on its line", 'const schema0 = {"description":"__rt"}; const func0 = __rt.equal;'],
    ["a line the scan does not read (it counts as a use)", "const a = `${__rt}`;"],
  ])("is true for %s", (_, body) => {
    expect(usesRuntime(chunk(body))).toBe(true);
  });

  it.each([
    ["code that never names it", 'function validate0(data){return typeof data == "string";}'],
    ["the name inside strings only", 'const schema0 = {"description":"uses __rt.formats","enum":["__rt"]};\nfunction validate0(data){return data !== "__rt.x";}'],
    ["a property named __rt", "function validate0(data){return data.__rt === undefined || data .__rt === 1;}"],
    ["a longer name", "function validate0(data){const __rt2 = 1; return data.a__rt === __rt2;}"],
  ])("is false for %s", (_, body) => {
    expect(usesRuntime(chunk(body))).toBe(false);
  });

  it("reads ajv's code for a schema that names __rt only as a property and in its text", () => {
    const compiler = new SchemaCompiler();
    const schema: JsonValue = { type: "object", properties: { __rt: { type: "string", description: "like __rt.formats", enum: ["__rt.equal"] } }, required: ["__rt"] };
    const plain = compiler.compiled(schema, "2020-12").chunk!;
    expect(plain.body).toContain("__rt");
    expect(usesRuntime(plain)).toBe(false);
    // The same with a minLength: ajv counts code points with the runtime's ucs2length.
    const counted = compiler.compiled({ ...schema, properties: { __rt: { type: "string", minLength: 2 } } }, "2020-12").chunk!;
    expect(usesRuntime(counted)).toBe(true);
  });
});
