// Fixture projects for the loader and the resolver (STYLE §6: test/fixtures/{load,resolve}/<case>/).
// Each case is a small project; expected.txt is what `mcp-gen validate` prints for it with only the
// schema-valid rule on (so positions through BOMs, CRLF and bundled files are visible), and
// expected-wire.json, when present, is every resolved wire descriptor by file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { parse } from "yaml";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { readProject } from "../src/cli/read-project.js";
import { analyzeProject } from "../src/project/analyze-project.js";
import { formatText } from "../src/report/format-text.js";
import { schemaValid } from "../src/validate/rules/schema-valid.js";

const FIXTURES = join(import.meta.dirname, "fixtures");

async function analyzeCase(root: string) {
  const config = loadConfig(undefined, [schemaValid], {}).value!;
  const read = await readProject({ root, configPath: undefined, config });
  if (!read.ok) throw new Error("config failed");
  const analysis = analyzeProject({ ...read.input, rules: [schemaValid] });
  return { analysis, text: formatText(analysis.diagnostics, { sources: read.sources, color: false }) };
}

for (const stage of ["load", "resolve"]) {
  describe(`${stage} fixtures`, () => {
    for (const name of readdirSync(join(FIXTURES, stage)).sort()) {
      const root = join(FIXTURES, stage, name);
      it(name, async () => {
        const { analysis, text } = await analyzeCase(root);
        await expect(text).toMatchFileSnapshot(join(root, "expected.txt"));
        if (existsSync(join(root, "expected-wire.json")) || stage === "resolve") {
          const wire = Object.fromEntries(analysis.tools.map((t) => [t.file, t.wire]));
          await expect(JSON.stringify(wire, null, 2) + "\n").toMatchFileSnapshot(join(root, "expected-wire.json"));
        }
      });
    }
  });
}

describe("keys named like JavaScript internals", () => {
  it("stay plain data and never touch Object.prototype", async () => {
    const { analysis } = await analyzeCase(join(FIXTURES, "load", "proto-keys"));
    const properties = (analysis.tools[0]!.wire.inputSchema as Record<string, Record<string, unknown>>).properties!;
    expect(Object.keys(properties)).toEqual(["__proto__", "constructor", "prototype"]);
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(Object.hasOwn(properties, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});

describe("dynamic anchors of bundled files", () => {
  it("leave each file's schema accepting and refusing what it does alone, beside other files and the descriptor", async () => {
    const root = join(FIXTURES, "resolve", "bundled-dynamic-anchors");
    const { analysis } = await analyzeCase(root);
    expect(analysis.diagnostics).toEqual([]);
    const alone = (file: string, name: string) => {
      const ajv = new Ajv2020({ strict: false });
      ajv.addSchema(parse(readFileSync(join(root, "schemas", file), "utf8")) as object, file);
      return ajv.getSchema(`${file}#/$defs/${name}`)!;
    };
    const bundled = (file: string) => new Ajv2020({ strict: false }).compile(analysis.tools.find((t) => t.file === file)!.wire.inputSchema as object);
    const strings = [
      { s: "a", kids: [{ s: "b", kids: [] }] },
      { s: "a", kids: [{ s: 1 }] },
      { s: "a", kids: [{ n: "x", b: "x" }] },
      { s: "a", kids: [{ kids: [{ s: 2 }] }] },
    ];
    const numbers = [{ n: 1, kids: [{ n: 2 }] }, { n: 1, kids: [{ n: "x" }] }, { n: -1 }, { kids: [{ n: -1, kids: [{ n: "x" }] }] }, { s: 1, kids: [{ s: 1 }] }];
    const flags = [{ b: true, kids: [{ b: false }] }, { b: true, kids: [{ b: "x" }] }, { kids: [{ s: 1 }] }];
    const twoFiles = bundled("tools/two-files.yaml");
    const withDescriptor = bundled("tools/with-descriptor.yaml");
    const flagsAlone = new Ajv2020({ strict: false }).compile({ $ref: "#/$defs/Flags", $defs: parse(readFileSync(join(root, "tools", "with-descriptor.yaml"), "utf8")).inputSchema.$defs });
    const verdicts = (validate: (v: unknown) => boolean, values: readonly unknown[]) => values.map((v) => validate(v));
    expect(verdicts((v) => twoFiles({ strings: v }), strings)).toEqual(verdicts(alone("strings.yaml", "Node"), strings));
    expect(verdicts((v) => twoFiles({ numbers: v }), numbers)).toEqual(verdicts(alone("numbers.yaml", "Node"), numbers));
    // Alone, ajv overflows the stack on PositiveNode (its $dynamicRef, met before any $dynamicAnchor,
    // calls the root: schema-dynamic-ref); by JSON Schema it is a Node whose n is at least 0.
    expect(verdicts((v) => twoFiles({ positive: v }), numbers)).toEqual([true, false, false, false, true]);
    expect(verdicts((v) => withDescriptor({ strings: v }), strings)).toEqual(verdicts(alone("strings.yaml", "Node"), strings));
    expect(verdicts((v) => withDescriptor({ flags: v }), flags)).toEqual(verdicts(flagsAlone, flags));
    // Not vacuous: each list holds values accepted and values refused.
    expect(verdicts(alone("strings.yaml", "Node"), strings)).toEqual([true, false, true, false]);
    expect(verdicts(alone("numbers.yaml", "Node"), numbers)).toEqual([true, false, true, false, true]);
    expect(verdicts(flagsAlone, flags)).toEqual([true, false, true]);
  });
});

describe("recursive anchors of bundled files", () => {
  it("leave a 2019-09 file's schema accepting and refusing what it does alone, beside the descriptor's own", async () => {
    const root = join(FIXTURES, "resolve", "bundled-recursive-anchors");
    const { analysis } = await analyzeCase(root);
    expect(analysis.diagnostics).toEqual([]);
    const alone = new Ajv2019({ strict: false }).compile(parse(readFileSync(join(root, "schemas", "tree.yaml"), "utf8")) as object);
    const bundled = new Ajv2019({ strict: false }).compile(analysis.tools[0]!.wire.inputSchema as object);
    const trees = [{ s: "a", kids: [{ s: "b", kids: [] }] }, { s: "a", kids: [{ s: 1 }] }, { s: "a", kids: [{ n: "x" }] }, { kids: [{ kids: [{ s: 2 }] }] }];
    const verdicts = (validate: (v: unknown) => boolean) => trees.map((v) => validate(v));
    expect(verdicts((v) => bundled({ tree: v }))).toEqual(verdicts(alone));
    // Not vacuous: trees accepted and refused; and the descriptor's own $recursiveRef still names its root.
    expect(verdicts(alone)).toEqual([true, false, true, false]);
    expect([bundled({ next: { n: 1 } }), bundled({ next: { n: "x" } }), bundled({ next: { s: "a" } })]).toEqual([true, false, false]);
  });
});

describe("ref cycles through dynamic scopes", () => {
  it("are loops of ajv too: a value taking the looping path runs it out of stack, one taking the other path does not", async () => {
    const root = join(FIXTURES, "resolve", "ref-cycles-through-dynamic-scopes");
    const { analysis } = await analyzeCase(root);
    const outcome = (file: string, value: unknown) => {
      const schema = analysis.tools.find((t) => t.file === file)!.wire.inputSchema as Record<string, unknown>;
      const validate = new (schema.$schema ? Ajv2019 : Ajv2020)({ strict: false }).compile(schema);
      try {
        return validate(value);
      } catch (error) {
        return error instanceof RangeError ? "out of stack" : error;
      }
    };
    for (const file of ["tools/dynamic-anchor-entered-first.yaml", "tools/recursive-anchor-entered-first.yaml"]) {
      expect([outcome(file, { a: "s" }), outcome(file, { a: {} }), outcome(file, { b: { x: "s" } }), outcome(file, { b: { x: {} } })], file).toEqual(["out of stack", "out of stack", true, true]);
    }
    const descending = "tools/descending-on-every-path.yaml";
    expect([outcome(descending, { a: { kids: [{ kids: [] }] } }), outcome(descending, { b: { kids: [{}] } }), outcome(descending, { b: { kids: 1 } })]).toEqual([true, true, false]);
  });
});

describe("refs to embedded resources", () => {
  it("keep naming the embedded schema on the wire, as ajv reads the descriptor as written, never a file", async () => {
    const root = join(FIXTURES, "resolve", "embedded-resource-refs");
    const { analysis } = await analyzeCase(root);
    expect(analysis.diagnostics).toEqual([]);
    const verdicts = (file: string, values: readonly unknown[]) => {
      const wire = new Ajv2020({ strict: false }).compile(analysis.tools.find((t) => t.file === file)!.wire.inputSchema as object);
      // As written, with the file that is no embedded resource there under the URI its ref names.
      const ajv = new Ajv2020({ strict: false }).addSchema(JSON.parse(readFileSync(join(root, "schemas", "other.json"), "utf8")) as object, "../schemas/other.json");
      const written = ajv.compile(JSON.parse(readFileSync(join(root, file), "utf8")).inputSchema as object);
      expect(values.map((v) => wire(v))).toEqual(values.map((v) => written(v)));
      return values.map((v) => wire(v));
    };
    const compound = [{ address: "x", zip: "12345", street: "s", city: "c" }, { address: 1 }, { zip: "1" }, { street: "" }, { city: 1 }];
    expect(verdicts("tools/compound.json", compound)).toEqual([true, false, false, false, false]);
    // schemas/sub.json is an integer: bundling the file instead would flip both verdicts.
    expect(verdicts("tools/shadowed.json", [{ a: "x", b: true }, { a: 1 }, { b: 1 }])).toEqual([true, false, false]);
  });
});

describe("file refs inside embedded resources", () => {
  it("bundle the file the ref names against its resource's base URI, named so that ajv finds the copy", async () => {
    const root = join(FIXTURES, "resolve", "file-refs-in-embedded-resources");
    const { analysis } = await analyzeCase(root);
    const clean = ["tools/moved.yaml", "tools/relative-root.yaml"];
    expect(analysis.diagnostics.filter((d) => clean.includes(d.file))).toEqual([]);
    const compile = (file: string) => new Ajv2020({ strict: false }).compile(analysis.tools.find((t) => t.file === file)!.wire.inputSchema as object);
    // schemas/sub/x.yaml's S is "sub-x", schemas/x.yaml's "schemas-x": each ref gets the one it names.
    const moved = compile("tools/moved.yaml");
    const movedValues = [{ r: { a: "sub-x", b: "schemas-x" }, top: "schemas-x" }, { r: { a: "schemas-x" } }, { r: { b: "sub-x" } }, { top: "sub-x" }];
    expect(movedValues.map((v) => moved(v))).toEqual([true, false, false, false]);
    const relative = compile("tools/relative-root.yaml");
    expect([{ relid: { a: "schemas-x" } }, { relid: { a: "sub-x" } }].map((v) => relative(v))).toEqual([true, false]);
  });
});
