// The keyword lists of src/model/dialect-keywords.ts against the meta-schemas ajv ships (the ones
// mcp-gen validates schemas with): each dialect's keywords are the properties its vocabulary
// meta-schemas declare, without those the root meta-schema keeps from earlier drafts.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { DIALECT_KEYWORDS } from "../../src/model/dialect-keywords.js";

const require = createRequire(import.meta.url);

/** The property names a meta-schema document of ajv declares. */
function declared(document: string): string[] {
  return Object.keys((require(`ajv/dist/refs/${document}.json`) as { properties?: object }).properties ?? {});
}

function sorted(names: Iterable<string>): string[] {
  return [...new Set(names)].sort();
}

describe("DIALECT_KEYWORDS", () => {
  it("lists for 2020-12 what its vocabularies declare, not the earlier drafts' names its root keeps", () => {
    const vocabularies = ["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"].flatMap((name) => declared(`json-schema-2020-12/meta/${name}`));
    expect(sorted(DIALECT_KEYWORDS["2020-12"])).toEqual(sorted(vocabularies));
    expect(sorted(declared("json-schema-2020-12/schema"))).toEqual(["$recursiveAnchor", "$recursiveRef", "definitions", "dependencies"]);
  });

  it("lists for 2019-09 what its vocabularies declare, not the draft-07 names its root keeps", () => {
    const vocabularies = ["core", "applicator", "validation", "meta-data", "format", "content"].flatMap((name) => declared(`json-schema-2019-09/meta/${name}`));
    expect(sorted(DIALECT_KEYWORDS["2019-09"])).toEqual(sorted(vocabularies));
    expect(sorted(declared("json-schema-2019-09/schema"))).toEqual(["definitions", "dependencies"]);
  });

  it("lists for draft-07 what its meta-schema declares, and writeOnly, which its Validation spec defines (§ 10.3)", () => {
    expect(sorted(DIALECT_KEYWORDS["draft-07"])).toEqual(sorted([...declared("json-schema-draft-07"), "writeOnly"]));
  });
});
