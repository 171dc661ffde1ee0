import { readdirSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { getOwn, type JsonValue } from "../../src/model/json.js";
import { schemaNullableKeyword } from "../../src/validate/rules/schema-nullable-keyword.js";
import { readFileSync } from "node:fs";
import { corpusReports } from "../support/corpus-tools.js";
import { describeRule, RULE_FIXTURES } from "../support/rule-harness.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const root = join(RULE_FIXTURES, schemaNullableKeyword.id);

/** The official SDK's ajv setup (AjvJsonSchemaValidator's default engine for 2020-12). */
function sdkAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, allErrors: true, logger: false });
  addFormats(ajv);
  return ajv;
}

function fixtureSchemas(folder: string): [string, JsonValue][] {
  return readdirSync(join(root, folder)).map((file) => {
    const doc = loadDocument({ path: file, text: readFileSync(join(root, folder, file), "utf8") }).value!;
    return [file, (getOwn(doc.value, "outputSchema") ?? getOwn(doc.value, "inputSchema"))!];
  });
}

describeRule(schemaNullableKeyword, () => {
  it("matches what the SDK's ajv does: every invalid fixture is refused or accepts null where JSON Schema would not (T-SCHEMA-10)", () => {
    for (const [file, schema] of fixtureSchemas("invalid")) {
      let outcome: string;
      try {
        const validate = sdkAjv().compile(schema as object);
        outcome = validate({ color: null, tags: null }) ? "accepts null" : "rejects null";
      } catch {
        outcome = "refused";
      }
      expect(`${file}: ${outcome}`).toBe(`${file}: ${file === "nullable-beside-type.yaml" ? "accepts null" : "refused"}`);
    }
  });

  it("matches what the SDK's ajv does: every valid fixture compiles (T-SCHEMA-10)", () => {
    for (const [file, schema] of fixtureSchemas("valid")) expect(() => sdkAjv().compile(schema as object), file).not.toThrow();
  });

  it("warns about the 26 uses in the GitHub REST tools, three of them without type (T-SCHEMA-10)", () => {
    const reports = corpusReports(schemaNullableKeyword);
    expect(reports.length).toBe(26);
    expect(reports.filter((r) => r.includes("dependency-graph_create-repository-snapshot")).length).toBe(3);
    expect(reports.every((r) => r.startsWith("bench/github-rest-tools.json"))).toBe(true);
  });
});
