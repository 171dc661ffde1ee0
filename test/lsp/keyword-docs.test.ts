// keywordDoc: every keyword of every dialect mcp-gen reads is explained, in the words of that
// dialect where its meaning differs, and a word of another dialect is said to be no keyword here.
import { describe, expect, it } from "vitest";
import type { Dialect } from "../../src/model/dialect.js";
import { DIALECT_KEYWORDS } from "../../src/model/dialect-keywords.js";
import { keywordDoc } from "../../src/lsp/keyword-docs.js";

const DIALECTS = Object.keys(DIALECT_KEYWORDS) as Dialect[];

describe("keywordDoc", () => {
  it("explains every keyword of every dialect", () => {
    const missing = DIALECTS.flatMap((dialect) =>
      [...DIALECT_KEYWORDS[dialect]].filter((name) => keywordDoc(name, dialect) === undefined || keywordDoc(name, dialect)!.startsWith("Not a keyword")).map((name) => `${dialect}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it("words the keywords whose meaning changed after the dialect's own draft", () => {
    expect(keywordDoc("items", "2020-12")).toContain("prefixItems");
    expect(keywordDoc("items", "draft-07")).toContain("by position");
    expect(keywordDoc("items", "2019-09")).toContain("by position");
    expect(keywordDoc("items", "draft-07")).not.toContain("prefixItems");
    expect(keywordDoc("$ref", "draft-07")).toContain("#/definitions/");
    expect(keywordDoc("$recursiveRef", "2019-09")).toContain("$recursiveAnchor");
  });

  it("says a keyword of another dialect is none of this one's, and nothing of a word no dialect has", () => {
    expect(keywordDoc("$defs", "draft-07")).toBe("Not a keyword of JSON Schema draft-07, the dialect of this schema (it is one of 2020-12 and 2019-09): validators ignore it here.");
    expect(keywordDoc("definitions", "2020-12")).toMatch(/^Not a keyword of JSON Schema 2020-12.*draft-07/);
    expect(keywordDoc("prefixItems", "2019-09")).toMatch(/^Not a keyword/);
    expect(keywordDoc("x-vendor", "2020-12")).toBeUndefined();
    expect(keywordDoc("x-mcp-header", "draft-07")).toContain("Mcp-Param-");
  });
});
