// The scanner that every piece of ajv code passes before mcp-gen evaluates or writes it (issue 14,
// item 1): ajv's sourceURL comment is taken out as ajv wrote it, whatever its `$id` holds, and
// anything ajv never writes is refused.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { scanAjvCode, UnsafeAjvCodeError, withoutSourceUrls } from "../../src/compile/ajv-code-tokens.js";
import { createStandaloneEngine, standaloneChunk } from "../../src/compile/standalone-engine.js";

/** ajv's comment for a schema whose `$id` is `id`, as its codegen writes it (safeStringify). */
const sourceUrl = (id: string) =>
  `/*# sourceURL=${JSON.stringify(id)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029")} */`;

describe("scanAjvCode", () => {
  it("reads ajv's code as JavaScript does: strings, words, numbers, divisions and its two regular expressions", () => {
    const code =
      'function validate0(data, {instancePath=""}={}){"use strict"; let vErrors = null; if(data.a !== \'x\' && data/2 > 1e-7 && (data)/.5){return "/*" + \'*/\';} const p = instancePath.replace(/~/g, "~0").replace(/\\//g, "~1");}';
    const seen: string[] = [];
    expect(scanAjvCode(code, (kind, start, end) => seen.push(`${kind}:${code.slice(start, end)}`))).toBe(-1);
    expect(seen.filter((token) => token.startsWith("string:"))).toEqual(['string:""', 'string:"use strict"', "string:'x'", 'string:"/*"', "string:'*/'", 'string:"~0"', 'string:"~1"']);
    expect(seen).toContain("word:instancePath");
  });

  it("refuses comments, template literals, stray quotes, unknown characters and a / where a regular expression could start", () => {
    const cases: [string, number][] = [
      ["a /* x */ b", 2],
      ["a // x", 2],
      ["a `x` b", 2],
      ['a "x', 2],
      ["a \\ b", 2],
      ["a # b", 2],
      ["return /x/.test(s)", 7],
      ["(/a/)", 1],
      ["a = /\\//x", 4],
      ['"a\nb"', 0],
      ["1x", 0],
      ["é", 0],
    ];
    for (const [code, at] of cases) expect(scanAjvCode(code), code).toBe(at);
    // withoutSourceUrls scans code that could hold a comment or a template literal, and refuses them.
    for (const code of ["a /* x */ b", "a // x", "a `x` b", 'a "x" /* y', "a # b //", "return /x/.test(s) + `"]) {
      expect(() => withoutSourceUrls(code), code).toThrow(UnsafeAjvCodeError);
    }
  });
});

describe("withoutSourceUrls", () => {
  it("takes out ajv's sourceURL comment whole, whatever the $id holds", () => {
    const ids = ["https://e.example/x", "https://e.example/b*/}, process.exit(1), function(){/*", '*/ "quoted" \\ `tick` ${x} \n \u2028 */', ""];
    for (const id of ids) {
      const code = `return function validate0(data){"use strict"; ${sourceUrl(id)};let vErrors = null;}`;
      expect(withoutSourceUrls(code)).toBe('return function validate0(data){"use strict"; ;let vErrors = null;}');
    }
  });

  it("property: any $id is taken out and leaves the code around it unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (id) => {
        expect(withoutSourceUrls(`{"use strict"; ${sourceUrl(id)};return "a/*b";}`)).toBe('{"use strict"; ;return "a/*b";}');
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a sourceURL comment that is not a JSON string, as ajv writes for an $id that is no string", () => {
    expect(() => withoutSourceUrls('{/*# sourceURL={"a":"*/ x"} */}')).toThrow(UnsafeAjvCodeError);
  });

  it("leaves code with no comment opener or backtick as it is, strings with */ included", () => {
    const code = "return \"*/ not a comment\" + 'x';";
    expect(withoutSourceUrls(code)).toBe(code);
  });
});

describe("the engines refuse what the scanner refuses", () => {
  it("a schema whose $id ends ajv's comment compiles, and its code holds no sourceURL", () => {
    const schema = { $id: "https://e.example/b*/}, (globalThis.mcpGenTokensCanary=1), function(){/*", type: "string" };
    const result = standaloneChunk(createStandaloneEngine("2020-12"), schema);
    expect(result.error).toBeUndefined();
    expect(result.chunk!.body).not.toContain("sourceURL");
    expect(result.validate?.("x")).toBe(true);
    expect((globalThis as { mcpGenTokensCanary?: unknown }).mcpGenTokensCanary).toBeUndefined();
  });
});
