// Unquoted scalars that YAML 1.1 reads as another value than YAML 1.2 (src/load/yaml-1-1-scalar.ts):
// the loader reads them by 1.2, as before, and warns with yaml-1-1-scalar at the scalar, as a value
// and as a key. Quoted and block scalars, tagged strings and JSON files never warn, nor does a scalar
// both versions read alike.
import { describe, expect, it } from "vitest";
import { loadDocument } from "../../src/load/load-document.js";
import { agreedNumber, readAsYaml11 } from "../../src/load/yaml-1-1-scalar.js";
import { STAGE_DIAGNOSTICS } from "../../src/model/stage-diagnostics.js";

function load(text: string, path = "tools/t.yaml") {
  return loadDocument({ path, text });
}

function findings(text: string) {
  return load(text).diagnostics.map((d) => [d.ruleId, d.severity, d.line, d.column, d.endColumn, d.pointer]);
}

// [written, what mcp-gen reads, what YAML 1.1 reads as the message words it, the hint's alternative]
const DIFFERENT: readonly (readonly [string, unknown, string, string])[] = [
  ["yes", "yes", "the boolean true", 'Quote it ("yes") if you mean the string, or write true if you mean the boolean.'],
  ["No", "No", "the boolean false", 'Quote it ("No") if you mean the string, or write false if you mean the boolean.'],
  ["ON", "ON", "the boolean true", 'Quote it ("ON") if you mean the string, or write true if you mean the boolean.'],
  ["off", "off", "the boolean false", 'Quote it ("off") if you mean the string, or write false if you mean the boolean.'],
  ["0777", 777, "the number 511", 'Write 777 for the number mcp-gen reads, or 511 for the one YAML 1.1 reads; quote it ("0777") for the string.'],
  ["-010", -10, "the number -8", 'Write -10 for the number mcp-gen reads, or -8 for the one YAML 1.1 reads; quote it ("-010") for the string.'],
  ["08", 8, "a string", 'Write 8 if you mean the number, or quote it ("08") if you mean the string.'],
  ["0o17", 15, "a string", 'Write 15 if you mean the number, or quote it ("0o17") if you mean the string.'],
  ["1e3", 1000, "a string", 'Write 1000 if you mean the number, or quote it ("1e3") if you mean the string.'],
  ["1.0e3", 1000, "a string", 'Write 1000 if you mean the number, or quote it ("1.0e3") if you mean the string.'],
  ["1e+21", 1e21, "a string", 'Write 1.0e+21 if you mean the number, or quote it ("1e+21") if you mean the string.'],
  ["1:20", "1:20", "the number 80", 'Quote it ("1:20") if you mean the string, or write 80 if you mean the number.'],
  ["1:20:30", "1:20:30", "the number 4830", 'Quote it ("1:20:30") if you mean the string, or write 4830 if you mean the number.'],
  ["-1:30.5", "-1:30.5", "the number -90.5", 'Quote it ("-1:30.5") if you mean the string, or write -90.5 if you mean the number.'],
  ["0b101", "0b101", "the number 5", 'Quote it ("0b101") if you mean the string, or write 5 if you mean the number.'],
  ["1_000", "1_000", "the number 1000", 'Quote it ("1_000") if you mean the string, or write 1000 if you mean the number.'],
  ["1_000.5", "1_000.5", "the number 1000.5", 'Quote it ("1_000.5") if you mean the string, or write 1000.5 if you mean the number.'],
  ["-0x1F", "-0x1F", "the number -31", 'Quote it ("-0x1F") if you mean the string, or write -31 if you mean the number.'],
  ["0x1_F", "0x1_F", "the number 31", 'Quote it ("0x1_F") if you mean the string, or write 31 if you mean the number.'],
  ["2024-01-31", "2024-01-31", "a timestamp (a date, not text)", 'Quote it ("2024-01-31") so that every reader reads the string.'],
  ["2001-12-14t21:59:43.10-05:00", "2001-12-14t21:59:43.10-05:00", "a timestamp (a date, not text)", 'Quote it ("2001-12-14t21:59:43.10-05:00") so that every reader reads the string.'],
];

// Read alike by both versions, or not a 1.1 type at all; y and n as PyYAML reads them (see the module).
const ALIKE = [
  "y",
  "N",
  "n",
  "Y",
  "true",
  "False",
  "TRUE",
  "null",
  "~",
  "Null",
  "0",
  "00",
  "07",
  "-0",
  "+12",
  "42",
  "0x1F",
  "1.5",
  "-.5",
  "1.",
  "1.5e+3",
  "1.0e-7",
  "yEs",
  "oN",
  "yes-no",
  "onward",
  "12:60",
  "2024-1-1",
  "x",
  "9007199254740991",
];
// The ones that are keys too: a key read as a number or boolean must be written as its member's name (yaml-non-string-key).
const ALIKE_KEYS = new Set(["y", "N", "n", "Y", "true", "42", "1.5", "yEs", "oN", "yes-no", "onward", "12:60", "2024-1-1", "x"]);

describe("readAsYaml11", () => {
  it.each([
    ["yes", { kind: "boolean", value: true }],
    ["OFF", { kind: "boolean", value: false }],
    ["0777", { kind: "number", value: 511 }],
    ["0b1_1", { kind: "number", value: 3 }],
    ["190:20:30", { kind: "number", value: 685230 }],
    ["~", { kind: "null" }],
    ["", { kind: "null" }],
    ["2001-12-14 21:59:43.10 -5", { kind: "timestamp" }],
    ["1e3", { kind: "string" }],
    ["0o17", { kind: "string" }],
    ["0b", { kind: "string" }],
  ])("%j is %j", (text, reading) => {
    expect(readAsYaml11(text)).toEqual(reading);
  });

  it.each([
    [1e21, "1.0e+21"],
    [-5e-8, "-5.0e-8"],
    [1.5e300, "1.5e+300"],
    [511, "511"],
  ])("agreedNumber(%d) is %s, which both versions read as that number", (value, text) => {
    expect(agreedNumber(value)).toBe(text);
    expect(readAsYaml11(text)).toEqual({ kind: "number", value });
  });
});

describe("the loader", () => {
  it.each(DIFFERENT)("warns about the unquoted value %s, and reads it by YAML 1.2", (written, read, old, hint) => {
    const loaded = load(`name: t\ndefault: ${written}\n`);
    expect(loaded.value?.value).toEqual({ name: "t", default: read });
    expect(loaded.diagnostics).toEqual([
      {
        ruleId: "yaml-1-1-scalar",
        severity: "warning",
        message: `The unquoted value ${written} is ${typeof read === "string" ? `the string ${JSON.stringify(read)}` : `the number ${agreedNumber(read as number)}`} in YAML 1.2, which mcp-gen reads, and ${old} in YAML 1.1, the version older readers such as PyYAML and Go's yaml.v2 follow.`,
        hint,
        file: "tools/t.yaml",
        line: 2,
        column: 10,
        endLine: 2,
        endColumn: 10 + written.length,
        pointer: "/default",
      },
    ]);
  });

  it.each(DIFFERENT.filter(([, read]) => typeof read === "string"))("warns about the unquoted key %s at the key, naming the member", (written) => {
    const loaded = load(`name: t\n_meta:\n  ${written}: 1\n`);
    expect(loaded.value?.value).toEqual({ name: "t", _meta: { [written]: 1 } });
    expect(loaded.diagnostics.map((d) => [d.ruleId, d.line, d.column, d.endColumn, d.pointer])).toEqual([["yaml-1-1-scalar", 3, 3, 3 + written.length, `/_meta/${written}`]]);
    expect(loaded.diagnostics[0]!.message).toMatch(/^The unquoted key /);
  });

  it.each(ALIKE)("says nothing about %s, read alike as a value and as a key", (written) => {
    expect(load(`name: t\ndefault: ${written}\n`).diagnostics).toEqual([]);
    if (ALIKE_KEYS.has(written)) expect(load(`name: t\n_meta:\n  ${written}: 1\n`).diagnostics).toEqual([]);
  });

  it.each(DIFFERENT.map(([written]) => written))("says nothing about %s quoted, in a block scalar, tagged !!str, or in a JSON file", (written) => {
    for (const text of [
      `name: t\ndefault: "${written}"\n_meta: { "${written}": 1 }\n`,
      `name: t\ndefault: '${written}'\n_meta: { '${written}': 1 }\n`,
      `name: t\ndefault: |\n  ${written}\ndescription: >-\n  ${written}\n`,
      `name: t\ndefault: !!str ${written}\n_meta: { !!str ${written}: 1 }\n`,
    ]) {
      expect(load(text).diagnostics, text).toEqual([]);
    }
    expect(load(`{ "name": "t", "default": "${written}", "_meta": { "${written}": 1 } }\n`, "tools/t.json").diagnostics).toEqual([]);
  });

  it("warns in flow collections, at each scalar", () => {
    expect(findings("name: t\nenum: [on, off, auto]\n_meta: { no: 1, y: 2 }\n")).toEqual([
      ["yaml-1-1-scalar", "warning", 2, 8, 10, "/enum/0"],
      ["yaml-1-1-scalar", "warning", 2, 12, 15, "/enum/1"],
      ["yaml-1-1-scalar", "warning", 3, 10, 12, "/_meta/no"],
    ]);
  });

  it("warns once about an anchored scalar, not again at each alias", () => {
    expect(findings("name: t\ndefault: &flag on\nexamples: [*flag, *flag]\n")).toEqual([["yaml-1-1-scalar", "warning", 2, 16, 18, "/default"]]);
  });

  it("warns about a number tagged !!int that YAML 1.1 reads as another number, without offering quotes", () => {
    const [diagnostic, ...rest] = load("name: t\ndefault: !!int 0777\n").diagnostics;
    expect(rest).toEqual([]);
    expect(diagnostic).toMatchObject({ ruleId: "yaml-1-1-scalar", line: 2, column: 16, hint: "Write 777 for the number mcp-gen reads, or 511 for the one YAML 1.1 reads." });
  });

  it("warns after the errors that refuse a file too, and the warning alone does not refuse it", () => {
    expect(load("name: t\ndefault: yes\n").value).toBeDefined();
    expect(findings("name: t\ndefault: yes\nmaximum: .inf\n").map(([id]) => id)).toEqual(["yaml-1-1-scalar", "yaml-non-json-value"]);
  });
});

describe("the stage diagnostics list", () => {
  it("gives each load warning the severity the loader reports it with (SARIF's defaultConfiguration reads it)", () => {
    const warnings = load("name: t\ndefault: on\nmaximum: 9007199254740993\n").diagnostics;
    expect(warnings.map((d) => [d.ruleId, d.severity])).toEqual([
      ["yaml-1-1-scalar", "warning"],
      ["load-number-precision", "warning"],
    ]);
    for (const d of warnings) expect(STAGE_DIAGNOSTICS.find((info) => info.id === d.ruleId)?.severity, d.ruleId).toBe("warning");
  });
});
