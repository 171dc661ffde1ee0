// Fixture projects for the loader and the resolver (STYLE §6: test/fixtures/{load,resolve}/<case>/).
// Each case is a small project; expected.txt is what `mcp-gen validate` prints for it with only the
// schema-valid rule on (so positions through BOMs, CRLF and bundled files are visible), and
// expected-wire.json, when present, is every resolved wire descriptor by file.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
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
