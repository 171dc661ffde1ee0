import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { getOwn, valueAt, type JsonValue } from "../../src/model/json.js";
import { splitPointer } from "../../src/model/pointer.js";
import { schemaAcceptsNothing } from "../../src/validate/rules/schema-accepts-nothing.js";
import { corpusReports } from "../support/corpus-tools.js";
import { describeRule, RULE_FIXTURES, runRuleOn } from "../support/rule-harness.js";

const root = join(RULE_FIXTURES, schemaAcceptsNothing.id);

/** Values of every kind, with lengths and sizes around the fixtures' bounds. */
const SAMPLES: JsonValue[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  3,
  3.5,
  4,
  5,
  7,
  10,
  11,
  -1,
  "",
  "a",
  "ab",
  "abc",
  "abcdef",
  "ten",
  "fast",
  "1",
  [],
  ["a"],
  ["a", "b"],
  [1],
  [null],
  {},
  { a: 1 },
  { key_id: "k", token: "t" },
  { state: "ok", since: "now" },
  { payment: { amount: "ten" } },
  { from: "a", to: "b" },
];

function fixture(file: string): JsonValue {
  return loadDocument({ path: file, text: readFileSync(join(root, "invalid", file), "utf8") }).value!.value;
}

describeRule(schemaAcceptsNothing, () => {
  it("reports only schemas that ajv, the SDKs' validator, finds no sample value for", async () => {
    const { diagnostics } = await runRuleOn(schemaAcceptsNothing, root, "invalid");
    expect(diagnostics.length).toBeGreaterThan(0);
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    for (const diagnostic of diagnostics) {
      const doc = fixture(diagnostic.file.split("/").at(-1)!);
      // The schema whose keyword the finding points at.
      const schema = valueAt(doc, splitPointer(diagnostic.pointer).slice(0, -1)) as object;
      const validate = ajv.compile(schema);
      expect(
        SAMPLES.filter((value) => validate(value)),
        `${diagnostic.file} ${diagnostic.pointer}`,
      ).toEqual([]);
    }
  });

  it("says the tool can never be called when the whole inputSchema accepts nothing, and ajv agrees", () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    for (const file of ["required-refused-property.yaml", "required-not-allowed.yaml", "required-chain.yaml", "not-everything.yaml"]) {
      const validate = ajv.compile(getOwn(fixture(file), "inputSchema") as object);
      expect(
        SAMPLES.filter((value) => validate(value)),
        file,
      ).toEqual([]);
    }
    const expected = readFileSync(join(root, "expected.txt"), "utf8");
    expect(expected.match(/every call of this tool fails validation/g)?.length).toBe(4);
    expect(expected).toContain("every structured result of this tool fails validation");
  });

  it("reports a required property that accepts nothing where its own keywords conflict, not again at each object around it", async () => {
    const { diagnostics } = await runRuleOn(schemaAcceptsNothing, root, "invalid");
    const chain = diagnostics.filter((d) => d.file.endsWith("required-chain.yaml"));
    expect(chain.map((d) => d.pointer)).toEqual(["/inputSchema/properties/payment/properties/amount/type"]);
  });

  it('finds the GitHub REST tools\' type "null" beside oneOf, ten of them, and nothing else in the corpus', () => {
    const reports = corpusReports(schemaAcceptsNothing);
    expect(reports.length).toBe(10);
    expect(reports.every((r) => r.startsWith("bench/github-rest-tools.json") && r.endsWith("/type"))).toBe(true);
  });
});
