// A message, hint or file name may quote text nobody checked (another descriptor's file name, a
// descriptor's own words). Text output shows its control characters as <U+...> (format-text.test.ts);
// the other formats escape them by their own rules: github as the Actions runner's workflow
// commands do (actions/toolkit command.ts: %, CR and LF in the message, also : and , in a
// property), json and sarif as JSON does. Each finding stays one command line or one JSON string
// that reads back as written.
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { formatGithub } from "../../src/report/format-github.js";
import { formatJson } from "../../src/report/format-json.js";
import { formatSarif } from "../../src/report/format-sarif.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";

const FILE = "tools/b\r\n::error file=README.md::pwned,%0A\u001b[2J.yaml";
const HOSTILE: Diagnostic = {
  ruleId: "tool-name-unique",
  severity: "error",
  message: `Tool name "dup" is also used by ${FILE}.`,
  hint: "Rename\r\n::warning::100%\u2028done\u001b]0;x\u0007.",
  file: FILE,
  line: 1,
  column: 1,
  endLine: 1,
  endColumn: 4,
  pointer: "/name",
  related: [{ file: FILE, line: 2, column: 1, message: "also\nhere" }],
};

describe("hostile text in the github, json and sarif formats", () => {
  it("github: one workflow command per finding, its message and file escaped as the runner unescapes them", () => {
    const out = formatGithub([HOSTILE]);
    expect(out.endsWith("\n")).toBe(true);
    const lines = out.slice(0, -1).split("\n");
    expect(lines).toHaveLength(1);
    expect(out).not.toContain("\r");
    const [, properties, data] = /^::error (.*?)::(.*)$/s.exec(lines[0]!)!;
    const decodeCommandValue = (text: string) => text.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
    expect(properties!.split(",")[0]).toBe(`file=${FILE.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/:/g, "%3A").replace(/,/g, "%2C")}`);
    expect(decodeCommandValue(properties!.split(",")[0]!.slice("file=".length))).toBe(FILE);
    expect(decodeCommandValue(data!)).toBe(`${HOSTILE.message}\n${HOSTILE.hint}\nRelated:\n- ${FILE}:2 also\nhere`);
  });

  it("json and sarif: plain JSON, with no raw control character, that reads back as written", () => {
    const json = formatJson([HOSTILE]);
    expect(json).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    expect((JSON.parse(json) as { diagnostics: Diagnostic[] }).diagnostics[0]).toEqual(HOSTILE);
    const sarif = formatSarif([HOSTILE], { toolVersion: "0.1.0", rules: ALL_RULES, informationUri: "https://example.invalid/mcp-gen" });
    expect(sarif).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    const result = (JSON.parse(sarif) as { runs: { results: { message: { text: string } }[] }[] }).runs[0]!.results[0]!;
    expect(result.message.text).toContain(HOSTILE.message);
  });
});
