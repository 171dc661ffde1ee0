// Property test (issue 18.5): whatever a slip does to a descriptor, loading, resolving and validating
// it ends in diagnostics that name the file, line and column, or in success; never in a throw (the
// CLI's exit 70) or an internal-error diagnostic. The inputs are the corpus's real tools written as
// YAML (block, flow, and block with flow inside, as people write them) or JSON, then mutated as
// typing goes wrong: characters deleted, doubled and swapped, and YAML's indicators, quotes and
// newlines inserted.
// PROPERTY_RUNS sets the number of inputs and PROPERTY_SEED the seed (fixed in `npm test`, see
// test/support/property-seed.ts). The counterexamples in test/fixtures/properties/mutated-descriptors/
// are replayed first, and so are those a run with PROPERTY_KEEP=1 kept in .tmp/counterexamples/
// (test/support/counterexamples.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { Document, visit } from "yaml";
import { describe, expect, it } from "vitest";
import { isJsonPath } from "../../src/load/load-document.js";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { computeLineStarts } from "../../src/load/line-index.js";
import { corpusCaptures } from "../support/corpus-tools.js";
import { analyzeTexts } from "../support/project-from-tools.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { keepCounterexample, keptCounterexamples } from "../support/counterexamples.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const COUNTEREXAMPLES = join(REPO_ROOT, "test/fixtures/properties/mutated-descriptors");
/** What slips insert: YAML's flow and structure indicators, comment, anchor, alias, tag, block scalar, quotes, line breaks. */
const INSERTED = [..."\n,{}[]:#&*!|>'\"", "\n  ", ": ", ", "];

type Style = "block" | "flow" | "nested-flow" | "json";
type Mutation = { readonly kind: "delete" | "duplicate" | "swap" } | { readonly kind: "insert"; readonly text: string };

// The real captures only: the 1,223 generated GitHub tools repeat one shape.
const TOOLS = corpusCaptures()
  .filter((c) => c.file.startsWith("real/"))
  .flatMap((c) => c.tools);

/** A tool as a person might have written it. */
function render(tool: unknown, style: Style): string {
  if (style === "json") return JSON.stringify(tool, null, 2) + "\n";
  const doc = new Document(tool, { version: "1.2" });
  if (style !== "block") {
    // nested-flow: the top level and its direct children in block style, everything deeper in { } and [ ].
    visit(doc, {
      Collection(_, node, path) {
        const depth = path.filter((p) => typeof p === "object" && p !== null && "items" in p).length;
        if (style === "flow" || depth >= 2) node.flow = true;
      },
    });
  }
  return doc.toString({ lineWidth: 0 });
}

function mutate(text: string, mutations: readonly { at: number; mutation: Mutation }[]): string {
  let out = text;
  for (const { at, mutation } of mutations) {
    const i = out.length === 0 ? 0 : at % out.length;
    switch (mutation.kind) {
      case "delete":
        out = out.slice(0, i) + out.slice(i + 1);
        break;
      case "duplicate":
        out = out.slice(0, i) + out.charAt(i) + out.slice(i);
        break;
      case "swap":
        out = out.slice(0, i) + out.charAt(i + 1) + out.charAt(i) + out.slice(i + 2);
        break;
      case "insert":
        out = out.slice(0, i) + mutation.text + out.slice(i);
        break;
    }
  }
  return out;
}

/** Loads, resolves and validates one descriptor text; fails the test on a throw or an unplaced diagnostic. */
function checkDescriptor(path: string, text: string): void {
  let diagnostics: readonly Diagnostic[];
  try {
    diagnostics = analyzeTexts(new Map([[path, text]])).analysis.diagnostics;
  } catch (e) {
    throw new Error(`loading threw: ${e instanceof Error ? e.stack : String(e)}`);
  }
  const lines = computeLineStarts(text).length;
  for (const d of diagnostics) {
    expect(d.ruleId, d.message).not.toBe("internal-error");
    expect(d.file).toBe(path);
    expect(d.line >= 1 && d.line <= lines && d.column >= 1, `${d.ruleId} at ${d.line}:${d.column} of ${lines} lines`).toBe(true);
  }
}

/** The name of this test's kept counterexamples (.tmp/counterexamples/load-mutated-descriptors/NNN.yaml or .json). */
const KEPT = "load-mutated-descriptors";

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.constantFrom<Mutation>({ kind: "delete" }, { kind: "duplicate" }, { kind: "swap" }),
  fc.constantFrom(...INSERTED).map((text): Mutation => ({ kind: "insert", text })),
);

const slip = fc.record({
  tool: fc.nat(TOOLS.length - 1),
  style: fc.constantFrom<Style>("block", "flow", "nested-flow", "nested-flow", "json"),
  mutations: fc.array(fc.record({ at: fc.nat(), mutation }), { minLength: 1, maxLength: 6 }),
});

type SlipInput = typeof slip extends fc.Arbitrary<infer T> ? T : never;

describe("loading a mistyped descriptor", () => {
  const committed = existsSync(COUNTEREXAMPLES) ? readdirSync(COUNTEREXAMPLES).sort() : [];
  for (const file of committed) {
    it(`replays counterexample ${file}`, () => checkDescriptor(`tools/${file}`, readFileSync(join(COUNTEREXAMPLES, file), "utf8")));
  }
  for (const kept of keptCounterexamples(KEPT)) {
    it(`replays the kept counterexample ${kept.name}`, () => checkDescriptor(`tools/${kept.name}`, kept.text));
  }

  it(`ends in placed diagnostics or success for ${RUNS} mutated corpus tools`, () => {
    expect(TOOLS.length).toBeGreaterThan(300);
    const input = ({ tool, style, mutations }: SlipInput) => ({
      path: style === "json" ? "tools/t.json" : "tools/t.yaml",
      text: mutate(render(TOOLS[tool], style), mutations),
    });
    const details = fc.check(
      fc.property(slip, (value) => {
        const { path, text } = input(value);
        checkDescriptor(path, text);
      }),
      { numRuns: RUNS },
    );
    if (details.failed && details.counterexample) {
      // The shrunk input, kept when asked (PROPERTY_KEEP=1) to be replayed by later runs.
      const { path, text } = input(details.counterexample[0]);
      const kept = keepCounterexample(KEPT, isJsonPath(path) ? ".json" : ".yaml", text);
      throw new Error(`${fc.defaultReportMessage(details)}\nInput: ${JSON.stringify(text)}\n${kept}\n${String(details.errorInstance)}`);
    }
    expect(details.failed, fc.defaultReportMessage(details)).toBe(false);
  }, 600_000);
});
