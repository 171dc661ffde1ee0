import { expect, it } from "vitest";
import type { ResolvedTool } from "../../src/model/source.js";
import type { RuleReport } from "../../src/validate/define-rule.js";
import { headerParamSensitive } from "../../src/validate/rules/header-param-sensitive.js";
import { leadingPhrase, sensitiveTerm, splitWords } from "../../src/validate/rules/header-param-sensitive/sensitive-terms.js";
import { deepFreeze } from "../runtime/spec-vectors.js";
import { INVALID_HEADER_CASES, toolsOf, VALID_HEADER_CASES } from "../support/header-vectors.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";
import { RunMemo } from "../../src/model/run-memo.js";

function reportsFor(wire: unknown, allow: string[] = []): RuleReport[] {
  const tool: ResolvedTool = deepFreeze({ file: "t.json", wire: wire as ResolvedTool["wire"], authoring: undefined, mounts: [] });
  const reports: RuleReport[] = [];
  headerParamSensitive.check!(tool, (r) => reports.push(r), { options: { allow }, schemas: undefined as never, memo: new RunMemo() });
  return reports;
}

const login = {
  name: "login",
  inputSchema: { type: "object", properties: { creds: { type: "object", properties: { password: { type: "string", "x-mcp-header": "Pw" } } } } },
};

describeRule(headerParamSensitive, () => {
  it("splits names into words the way people write them (T-HDR-15)", () => {
    expect(splitWords("APIKey")).toEqual(["api", "key"]);
    expect(splitWords("x-api_key")).toEqual(["x", "api", "key"]);
    expect(splitWords("OAuthToken")).toEqual(["o", "auth", "token"]);
    expect(splitWords("sessionID")).toEqual(["session", "id"]);
  });

  it("flags secrets and personal data by name, and leaves counted, paging and descriptive names alone (T-HDR-15)", () => {
    const flagged = [
      "password",
      "db_passwd",
      "clientSecret",
      "X-Api-Key",
      "apikey",
      "api_key",
      "PRIVATE_KEY",
      "credentials",
      "refresh-token",
      "Authorization",
      "session_id",
      "cookie",
      "ssn",
      "socialSecurityNumber",
      "email",
      "e-mail",
      "phone_number",
      "credit_card",
      "iban",
      "cvv",
    ];
    const harmless = [
      "token_count",
      "max_tokens",
      "pageToken",
      "nextToken",
      "auth_type",
      "author",
      "authority",
      "secret_name",
      "secretScanning",
      "email_subject",
      "tokenizer",
      "keyword",
      "sessions_total_count",
      "region",
      "tenant_id",
      "passage",
    ];
    expect(flagged.filter((name) => sensitiveTerm(name, "name") === undefined)).toEqual([]);
    expect(harmless.filter((name) => sensitiveTerm(name, "name") !== undefined)).toEqual([]);
  });

  it("reads only the leading noun phrase of a description (T-HDR-15)", () => {
    expect(leadingPhrase("The admin password for Windows VMs.")).toEqual(["admin", "password"]);
    expect(sensitiveTerm("Optional password for a protected PFX.", "description")).toBe("a password");
    expect(sensitiveTerm("The recipient phone number(s) in E.164 format.", "description")).toBe("a phone number");
    expect(sensitiveTerm("The name of the secret.", "description")).toBeUndefined();
    expect(sensitiveTerm("The level of permission to grant the access token.", "description")).toBeUndefined();
    expect(sensitiveTerm("Denotes whether an email is publicly visible.", "description")).toBeUndefined();
  });

  it("accepts what the allow option lists, by property name, dotted path or header name in any case (T-HDR-15)", () => {
    expect(reportsFor(login)).toHaveLength(1);
    for (const allow of [["password"], ["creds.password"], ["PW"]]) expect(reportsFor(login, allow), allow[0]).toEqual([]);
    expect(reportsFor(login, ["creds"])).toHaveLength(1);
  });

  it("warns about misplaced annotations too, so one fix covers both (T-HDR-15, T-HDR-9)", () => {
    const wire = { name: "t", inputSchema: { type: "object", properties: { list: { type: "array", items: { type: "string", "x-mcp-header": "Api-Key" } } } } };
    expect(reportsFor(wire).map((r) => [r.pointer, r.message])).toEqual([
      [
        "/inputSchema/properties/list/items/x-mcp-header",
        'The schema at "/properties/list/items" is mirrored into header "Mcp-Param-Api-Key", but its header name suggests an API key, and header values are visible to every proxy and log on the way.',
      ],
    ]);
  });

  it("gives no warning on any case of the x-mcp-header vectors (T-HDR-15)", () => {
    const cases = [...VALID_HEADER_CASES, ...INVALID_HEADER_CASES];
    const { analysis } = analyzeTools(cases.flatMap(toolsOf), [headerParamSensitive]);
    expect(analysis.diagnostics).toEqual([]);
  });
});
