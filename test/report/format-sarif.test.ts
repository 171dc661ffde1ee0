// Every SARIF log mcp-gen prints must pass the official SARIF 2.1.0 schema (GitHub code scanning
// refuses an upload that does not): diagnostics of every severity and stage, with hostile text and
// file names, and every rule's metadata.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { STAGE_DIAGNOSTICS } from "../../src/model/stage-diagnostics.js";
import { formatSarif } from "../../src/report/format-sarif.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { expectValidSarif } from "../support/sarif-schema.js";

const OPTIONS = { toolVersion: "0.1.0", rules: ALL_RULES, informationUri: "https://example.invalid/mcp-gen" };

function diagnostic(overrides: Partial<Diagnostic>): Diagnostic {
  return { ruleId: "tool-name-syntax", severity: "error", message: "Bad name.", file: "tools/a.yaml", line: 1, column: 1, endLine: 1, endColumn: 5, pointer: "/name", ...overrides };
}

describe("formatSarif", () => {
  it("passes the official schema with every rule, every stage diagnostic and every severity", () => {
    const severities = ["error", "warning", "info"] as const;
    const diagnostics = [...ALL_RULES.map((rule) => rule.id), ...STAGE_DIAGNOSTICS.map((stage) => stage.id)].map((ruleId, i) =>
      diagnostic({ ruleId, severity: severities[i % 3]!, ...(i % 2 === 0 ? { hint: "Do this." } : {}), pointer: i % 3 === 0 ? "" : "/inputSchema" }),
    );
    const log = expectValidSarif(formatSarif(diagnostics, OPTIONS)) as { runs: { results: unknown[]; tool: { driver: { rules: unknown[] } } }[] };
    expect(log.runs[0]!.results).toHaveLength(diagnostics.length);
    expect(log.runs[0]!.tool.driver.rules.length).toBeGreaterThanOrEqual(ALL_RULES.length);
  });

  it("keeps '#', '?', '%' and spaces in a file name part of the path", () => {
    const log = expectValidSarif(formatSarif([diagnostic({ file: "tools/a #1?%.yaml" })], OPTIONS)) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uri = log.runs[0]!.results[0]!.locations[0]!.physicalLocation.artifactLocation.uri;
    expect(uri).toBe("tools/a%20%231%3F%25.yaml");
    expect(decodeURIComponent(uri)).toBe("tools/a #1?%.yaml");
  });

  it("property: passes the schema whatever the messages, hints and positions", () => {
    const text = fc.string({ unit: "binary", maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.record({ message: text, hint: fc.option(text, { nil: undefined }), line: fc.nat(10_000), column: fc.nat(500), span: fc.nat(3) }), { maxLength: 6 }), (items) => {
        const diagnostics = items.map((item) =>
          diagnostic({
            message: item.message,
            ...(item.hint === undefined ? {} : { hint: item.hint }),
            line: item.line + 1,
            column: item.column + 1,
            endLine: item.line + 1 + item.span,
            endColumn: item.column + 1,
          }),
        );
        expectValidSarif(formatSarif(diagnostics, OPTIONS));
      }),
      { numRuns: 50 },
    );
  });

  it("the schema check can fail: a log with another version is refused", () => {
    const text = formatSarif([diagnostic({})], OPTIONS).replace('"version": "2.1.0"', '"version": "2.0.0"');
    expect(() => expectValidSarif(text)).toThrow();
  });
});
