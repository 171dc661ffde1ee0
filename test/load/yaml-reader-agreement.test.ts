// Where YAML readers disagree, the loader refuses (src/load/parse-yaml.ts). A core tag on a value it fits gives that value;
// one on a value it does not fit is an error, because the yaml package then keeps the value as
// written and only warns, while other YAML readers refuse the file or read another value; a tag that
// is not a core tag is an error as before. A file that declares a YAML version other than 1.2 is
// refused: its readers read values by another version's rules. A mapping key read as a number or
// boolean must name its member as written, and two keys must not name the same member.
import { describe, expect, it } from "vitest";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { computeLineStarts } from "../../src/load/line-index.js";
import { parseYamlText } from "../../src/load/parse-yaml.js";

function parse(value: string) {
  const text = `name: t\ndefault: ${value}\n`;
  return parseYamlText("t.yaml", text, computeLineStarts(text), DEFAULT_LOAD_LIMITS);
}

describe("core YAML tags", () => {
  it.each([
    ["!!int 12", 12],
    ['!!int "12"', 12],
    ["!!int 0x1F", 31],
    ["!!str 12", "12"],
    ["!!str", ""],
    ["!!str true", "true"],
    ["!!float 1.5", 1.5],
    ["!!float 1e3", 1000],
    ["!!bool true", true],
    ["!!null ~", null],
    ["!!null", null],
    ["!!seq [1, 2]", [1, 2]],
    ["!!map {a: 1}", { a: 1 }],
    ["!<tag:yaml.org,2002:int> 7", 7],
  ])("%s gives the value its tag names", (written, value) => {
    const parsed = parse(written);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value).toEqual({ name: "t", default: value });
  });

  it.each([
    ["!!int forty-two", "!!int", "a whole number"],
    ["!!int 1.5", "!!int", "a whole number"],
    ["!!float 1", "!!float", "a decimal point"],
    ["!!bool yes", "!!bool", "true or false"],
    ["!!null x", "!!null", "null or ~"],
    ["!!str [a, b]", "!!str", "a scalar"],
    ["!!str {a: 1}", "!!str", "a scalar"],
    ["!!seq {a: 1}", "!!seq", "a sequence"],
    ["!!map [1]", "!!map", "a mapping"],
    ["!!int &n [1]", "!!int", "a whole number"],
    ["!<tag:yaml.org,2002:int> x", "!!int", "a whole number"],
  ])("%s is refused: the tag does not fit the value", (written, tag, write) => {
    const parsed = parse(written);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics).toHaveLength(1);
    const [diagnostic] = parsed.diagnostics;
    expect(diagnostic).toMatchObject({ ruleId: "yaml-unsupported-tag", severity: "error", line: 2, pointer: "/default" });
    expect(diagnostic!.message).toContain(`"${tag}" does not fit the value`);
    expect(diagnostic!.hint).toContain(write);
  });

  it("reports a tag that is not a core tag as producing no JSON value", () => {
    const parsed = parse("!!binary aGk=");
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => [d.ruleId, d.message])).toEqual([["yaml-unsupported-tag", 'The YAML tag "!!binary" does not produce a JSON value.']]);
  });
});

describe("the %YAML directive", () => {
  const load = (text: string) => parseYamlText("t.yaml", text, computeLineStarts(text), DEFAULT_LOAD_LIMITS);

  it.each(["%YAML 1.1", "%YAML   1.1 # old", "%YAML 1.3", "%YAML 2.0"])("%s is refused: its readers read other values than YAML 1.2 gives", (directive) => {
    // Under 1.1, `yes` is true and 0777 is 511; the yaml package would read "yes" and 777.
    const parsed = load(`${directive}\n---\nname: t\ndefault: yes\nn: 0777\n`);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => [d.ruleId, d.line, d.column])).toEqual([["yaml-version", 1, 1]]);
    expect(parsed.diagnostics[0]!.hint).toContain("%YAML 1.2");
  });

  it("reads a file that declares YAML 1.2, or no version, or another directive", () => {
    for (const head of ["%YAML 1.2\n---\n", "", "%TAG !e! tag:example.com,2000:\n---\n", "%FOO bar\n---\n"]) {
      const parsed = load(`${head}name: t\ndefault: yes\n`);
      // Read, with the warning any YAML 1.2 file gets for yes: YAML 1.1 readers read 1.x files by their own rules.
      expect(parsed.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([["yaml-1-1-scalar", "warning"]]);
      expect(parsed.value).toEqual({ name: "t", default: "yes" });
    }
  });
});

describe("mapping keys", () => {
  const load = (text: string) => parseYamlText("t.yaml", text, computeLineStarts(text), DEFAULT_LOAD_LIMITS);

  it.each([
    ["200: ok", "200"],
    ["-1: ok", "-1"],
    ["1.5: ok", "1.5"],
    ["true: ok", "true"],
    ["false: ok", "false"],
    ['"0x1F": ok', "0x1F"],
    ["'1.0': ok", "1.0"],
    ["!!str 1.0: ok", "1.0"],
    ["0x1F-name: ok", "0x1F-name"],
  ])("%s names the member as written", (member, name) => {
    const parsed = load(`a:\n  ${member}\n`);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.value).toEqual({ a: { [name]: "ok" } });
  });

  it.each([
    ["0x1F: ok", '"31"'],
    ["0o17: ok", '"15"'],
    ["1.0: ok", '"1"'],
    ["1e2: ok", '"100"'],
    ["+1: ok", '"1"'],
    ["01: ok", '"1"'],
    ["-0: ok", '"0"'],
    ["True: ok", '"true"'],
    [".inf: ok", '"Infinity"'],
    ["{ 0x1F: ok }", '"31"'],
  ])("%s is refused: its member would be named %s", (member, name) => {
    const parsed = load(`a:\n  ${member}\n`);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([["yaml-non-string-key", 2]]);
    expect(parsed.diagnostics[0]!.message).toContain(`the member is named ${name}`);
  });

  it.each([
    ["true: x\n  'true': y", "\"'true'\""],
    ["1: x\n  '1': y", "\"'1'\""],
    ['"200": x\n  200: y', '"200"'],
  ])("two keys YAML tells apart but that name one member are refused (%s)", (members, key) => {
    const parsed = load(`a:\n  ${members}\n`);
    expect(parsed.value).toBeUndefined();
    expect(parsed.diagnostics.map((d) => [d.ruleId, d.line])).toEqual([["yaml-duplicate-key", 3]]);
    expect(parsed.diagnostics[0]!.message).toContain(`Key ${key} names the member`);
  });
});
