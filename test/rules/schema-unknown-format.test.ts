import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { formatNames } from "ajv-formats/dist/formats.js";
import { expect, it } from "vitest";
import { schemaUnknownFormat } from "../../src/validate/rules/schema-unknown-format.js";
import { corpusReports } from "../support/corpus-tools.js";
import { toolWith } from "../support/hostile-schemas.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";

const rule = schemaUnknownFormat;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

describeRule(rule, () => {
  it("knows every format of the installed ajv-formats, int32 and int64 included (T-SCHEMA-10)", () => {
    expect(formatNames).toEqual(expect.arrayContaining(["date-time", "uuid", "int32", "int64", "uri"]));
    const properties = Object.fromEntries(formatNames.map((format) => [format, { type: "string", format }]));
    expect(analyzeTools([toolWith({ type: "object", properties })], [rule], { skipLoad: true }).analysis.diagnostics).toEqual([]);
  });

  it("matches ajv: the SDK's setup skips an unknown format with a warning, strict mode refuses it (T-SCHEMA-10)", () => {
    const schema = { type: "object", properties: { icon: { type: "string", format: "json" } } };
    const warnings: unknown[] = [];
    const sdk = new Ajv2020({ strict: false, validateFormats: true, validateSchema: false, allErrors: true, logger: { log() {}, warn: (m: unknown) => warnings.push(m), error() {} } });
    addFormats(sdk);
    expect(sdk.compile(schema)({ icon: "not json at all" })).toBe(true);
    expect(new Set(warnings)).toEqual(new Set(['unknown format "json" ignored in schema at path "#/properties/icon"']));
    const strict = new Ajv2020();
    addFormats(strict);
    expect(() => strict.compile(schema)).toThrow(/unknown format "json"/);
  });

  it("accepts the formats listed in the formats option (T-SCHEMA-10)", () => {
    const tool = toolWith({ type: "object", properties: { repo: { type: "string", format: "repo.nwo" } } });
    const run = (formats: string[]) => analyzeTools([tool], [rule], { skipLoad: true, ruleOptions: { [rule.id]: { formats } } }).analysis.diagnostics;
    expect(run([]).map((d) => d.pointer)).toEqual(["/inputSchema/properties/repo/format"]);
    expect(run(["repo.nwo"])).toEqual([]);
  });

  it("warns about the corpus's json (notion, twice) and repo.nwo (GitHub) formats only (T-SCHEMA-10)", () => {
    expect(corpusReports(rule).map((line) => line.replace(/ tools\/\d+-/, " "))).toEqual([
      "real/notionhq__notion-mcp-server.json API-post-page.json /inputSchema/properties/icon/format",
      "real/notionhq__notion-mcp-server.json API-post-page.json /inputSchema/properties/cover/format",
      "bench/github-rest-tools.json pulls_create.json /inputSchema/properties/requestBody/properties/head_repo/format",
    ]);
  });
});
