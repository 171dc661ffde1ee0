// Patterns by what they cost (pattern-plan.ts): each strategy has its fixtures, and every generated
// validator decides as ECMAScript's RegExp with the u flag on strings drawn with a fixed seed (set
// PROPERTY_SEED to replay another draw, PROPERTY_RUNS for more strings), for the linear, the split and
// the certified patterns, run by the generated code on both runtimes (mcp-gen's and the package's).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as packageRuntime from "../../packages/runtime/src/pattern-runtime.js";
import { patternEngine } from "../../src/compile/linear-pattern/linear-regexp.js";
import { needsCertificate, NO_VERDICTS, patternUse, type PatternPlan, type PatternVerdict } from "../../src/compile/linear-pattern/pattern-plan.js";
import { patternsIn } from "../../src/pattern-check/certify-patterns.js";
import type { JsonValue } from "../../src/model/json.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { splitLookaheads } from "../../src/compile/linear-pattern/split-lookaheads.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const SEED = Number(process.env.PROPERTY_SEED ?? 23);

/** The two published shapes of issue 23. */
const ZOD_EMAIL = "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
const FIELD_LIST = "^(?!.*\\b(id|name|email|created_at)\\b.*\\b\\1\\b)(?:id|name|email|created_at)(?:,(?:id|name|email|created_at))*$";

const SAFE: PatternVerdict = { status: "safe" };
const CORPUS = join(REPO_ROOT, "test", "data", "corpus", "real");

describe("each pattern gets the strategy its cost allows", () => {
  const cases: [string, string][] = [
    ["^[a-z]+$", "linear"],
    ["^(a+)+$", "linear"],
    [ZOD_EMAIL, "split"],
    ["^(?=.*[A-Z])(?=.*\\d)(?!.*\\s).{8,}$", "split"],
    ["^(?!admin$)[a-z]+$", "split"],
    ["^(?=a|b)(?!ab)\\w*$", "split"],
    ["^(?!\\s*$)", "split"],
    ["^(?<word>(?!x)\\w)", "certify"],
    // Not right after a leading ^: the position of the lookahead is not fixed, or there is no ^.
    ["(?!a)b", "certify"],
    ["^a(?!b)", "certify"],
    ["^(?!a)b|c", "certify"],
    ["^(?:(?!ab).)*$", "certify"],
    // A part that re2js cannot run either.
    ["^(?!(a)\\1)\\w+$", "certify"],
    ["^(?!a)(?<=b)c", "certify"],
    [FIELD_LIST, "certify"],
    ["^(['\"]).*\\1$", "certify"],
    ["(?<=\\$)\\d+", "certify"],
    ["\\p{Emoji_Presentation}", "refused"],
    ["^a{1001}$", "refused"],
  ];
  for (const [pattern, run] of cases) {
    it(`${pattern}: ${run}`, () => {
      const use = patternUse(pattern, NO_VERDICTS);
      expect(use.run === "refused" && ["lookahead", "lookbehind", "backreference"].includes(use.problem.kind) ? "certify" : use.run).toBe(run);
    });
  }

  it("needs a certificate exactly where the strategy says so, for every pattern of the corpus and of these cases", () => {
    const patterns = new Set(cases.map(([pattern]) => pattern));
    for (const file of readdirSync(CORPUS)) patternsIn(JSON.parse(readFileSync(join(CORPUS, file), "utf8")) as JsonValue, patterns);
    patternsIn(JSON.parse(readFileSync(join(CORPUS, "..", "bench", "github-rest-tools.json"), "utf8")) as JsonValue, patterns);
    // Lookaround-free text that still reaches the full strategy, and back-references in every spelling.
    for (const extra of ["\\1", "[\\k]", "(?<name>a)\\k<name>", "(a)\\10", "(?<!x)y", "(?:a)"]) patterns.add(extra);
    expect(patterns.size).toBeGreaterThan(30);
    for (const pattern of patterns) {
      const use = patternUse(pattern, NO_VERDICTS);
      const certify = use.run === "refused" && ["lookahead", "lookbehind", "backreference"].includes(use.problem.kind);
      expect(needsCertificate(pattern), pattern).toBe(certify);
    }
  });

  it("splits ^(?!A)(?=B)C into C, B and not A, each anchored at the start", () => {
    expect(splitLookaheads("^(?!\\.)(?=a|b)\\w+$")).toEqual({ main: "^\\w+$", and: ["^(?:a|b)"], not: ["^(?:\\.)"] });
  });

  it("runs a certified pattern on RegExp, leaves it out in a client project, and refuses it otherwise", () => {
    const pattern = "^(['\"]).*\\1$";
    expect(patternUse(pattern, { verdicts: new Map([[pattern, SAFE]]), leaveOutUncertified: false }).run).toBe("regexp");
    const vulnerable: PatternVerdict = { status: "vulnerable", complexity: "exponential", attack: "'a'.repeat(31)" };
    expect(patternUse(pattern, { verdicts: new Map([[pattern, vulnerable]]), leaveOutUncertified: true }).run).toBe("left-out");
    expect(patternUse(pattern, { verdicts: new Map([[pattern, vulnerable]]), leaveOutUncertified: false }).run).toBe("refused");
    expect(patternUse(pattern, NO_VERDICTS).run).toBe("refused");
  });
});

// --- differential: the generated validator against RegExp, u flag ------------------------------------

/** Characters a pattern's strings are drawn from: its own literal characters and a few others. */
function alphabetOf(pattern: string): string[] {
  const own = [...new Set(pattern.replace(/\\[a-zA-Z]|[\\^$*+?()[\]{}|]/g, ""))];
  return [...new Set([...own, "a", "Z", "0", "_", ".", ",", " ", "@", "'", '"', "$", "-", "\n", "é", "😀"])];
}

/** Strings for `pattern`: drawn from its alphabet with a fixed seed, plus `examples` and each of them changed in one place. */
function inputsFor(pattern: string, examples: readonly string[]): string[] {
  const alphabet = alphabetOf(pattern);
  const drawn = fc.sample(fc.string({ unit: fc.constantFrom(...alphabet), maxLength: 24 }), { numRuns: RUNS, seed: SEED });
  const mutated = examples.flatMap((example) =>
    fc.sample(
      fc.tuple(fc.nat({ max: example.length }), fc.constantFrom(...alphabet), fc.boolean()).map(([at, c, insert]) => example.slice(0, at) + c + example.slice(insert ? at : at + 1)),
      { numRuns: 40, seed: SEED },
    ),
  );
  return [...examples, ...drawn, ...mutated];
}

/** The generated validator of `{ type: "string", pattern }` under `plan`, run with the package runtime (what a generated server runs). */
function packageValidator(compiler: SchemaCompiler, pattern: string): (value: string) => boolean {
  const chunk = compiler.compiled({ type: "string", pattern }, "2020-12").chunk;
  if (!chunk) throw new Error(`${pattern} did not compile`);
  const validate = new Function("__rt", `${chunk.body}\nreturn ${chunk.validateName};`)(packageRuntime) as (value: unknown) => boolean;
  return (value) => validate(value) === true;
}

function expectSameAsRegExp(pattern: string, plan: PatternPlan, examples: readonly string[]): void {
  const native = new RegExp(pattern, "u");
  const compiler = new SchemaCompiler(undefined, plan);
  const inProcess = compiler.generatedValidator({ type: "string", pattern }, "2020-12")!;
  const generated = packageValidator(compiler, pattern);
  const engine = patternEngine(plan)(pattern, "u");
  const differ = inputsFor(pattern, examples).filter((s) => {
    const expected = native.test(s);
    return inProcess(s) !== expected || generated(s) !== expected || engine.test(s) !== expected;
  });
  expect(differ.slice(0, 5), `pattern ${JSON.stringify(pattern)}, seed ${SEED}`).toEqual([]);
}

describe("the generated validator decides as RegExp with the u flag", () => {
  const linear: [string, string[]][] = [
    ["^[a-z]+(?:-[a-z]+)*$", ["abc-def"]],
    ["^\\s*\\w+\\.?$", [" a1."]],
  ];
  const split: [string, string[]][] = [
    [ZOD_EMAIL, ["a.b@c.io", "x_y+z@mail.example.com", ".a@b.cc", "a..b@c.de", "a@b.c", "a'b@c-d.ef"]],
    ["^(?=.*[A-Z])(?=.*\\d)(?!.*\\s).{8,}$", ["Abcdefg1", "abcdefg1", "Abcdef 1"]],
    ["^(?!admin$)[a-z]+$", ["admin", "admins", "user"]],
    ["^(?=a|b)(?!ab)\\w*$", ["abc", "ba", "aab", "c"]],
    ["^(?!\\s*$).+", ["  ", " a", ""]],
    ["^(?!.*\\bx\\b)(?<w>\\w+)(?: \\w+)*$", ["a x", "ax b", "a b"]],
    ["^(?=(?:\\d{3})+$)\\d+$", ["123", "1234", "123456"]],
  ];
  const certified: [string, string[]][] = [
    [FIELD_LIST, ["id", "id,name", "id,name,id", "email,created_at", "name,names"]],
    ["^(['\"]).*\\1$", ["'a'", "\"a'", "''"]],
    ["(?<=\\$)\\d+", ["$12", "12", "a$"]],
    ["(?<!x)-id$", ["a-id", "x-id", "-id"]],
    ["^(?<q>['\"]).*\\k<q>$", ["'b'", "'b\""]],
    ["^a(?!b)", ["ab", "ac", "a"]],
  ];
  for (const [pattern, examples] of [...linear, ...split]) {
    it(`${pattern} (${patternUse(pattern, NO_VERDICTS).run})`, () => expectSameAsRegExp(pattern, NO_VERDICTS, examples));
  }
  for (const [pattern, examples] of certified) {
    it(`${pattern} (certified)`, () => expectSameAsRegExp(pattern, { verdicts: new Map([[pattern, SAFE]]), leaveOutUncertified: false }, examples));
  }
});

describe("the generated code says how each pattern runs", () => {
  it("a split pattern as re2js parts, a certified one on RegExp", () => {
    const certified = "^(['\"]).*\\1$";
    const compiler = new SchemaCompiler(undefined, { verdicts: new Map([[certified, SAFE]]), leaveOutUncertified: false });
    const body = compiler.compiled({ type: "object", properties: { a: { type: "string", pattern: "^(?!admin$)[a-z]+$" }, b: { type: "string", pattern: certified } } }, "2020-12").chunk!.body;
    expect(body).toMatch(/^const pattern0 = (func\d+)\("\^\[a-z\]\+\$", \{ not: \["\^\(\?:admin\$\)"\] \}\);$/m);
    expect(body).toContain(`const pattern1 = __rt.certifiedPattern(${JSON.stringify(certified)});`);
  });

  it("declares no re2js function when every pattern is certified", () => {
    const certified = "(?<=\\$)\\d+";
    const compiler = new SchemaCompiler(undefined, { verdicts: new Map([[certified, SAFE]]), leaveOutUncertified: false });
    const body = compiler.compiled({ type: "string", pattern: certified }, "2020-12").chunk!.body;
    expect(body).not.toContain("__rt.pattern");
    expect(body).toContain("__rt.certifiedPattern(");
  });

  it("mcp-gen's own process runs no uncertified pattern on RegExp, whatever a chunk says", () => {
    const compiler = new SchemaCompiler();
    const chunk = { body: 'const pattern0 = __rt.certifiedPattern("^(a+)+\\\\1$");\nfunction validate0(data) { return pattern0.test(data); }', validateName: "validate0" };
    compiler.seed(
      { type: "string" },
      "2020-12",
      '{"type":"string"}',
      { metaProblems: [], compileError: undefined },
      { id: "v_x", dialect: "2020-12", text: '{"type":"string"}', chunk, error: undefined },
    );
    expect(() => compiler.generatedValidator({ type: "string" }, "2020-12")).toThrow(/not certified by the ReDoS checker/);
  });
});

describe("a generate: client project leaves an uncertified pattern out of its validator", () => {
  const vulnerable: PatternVerdict = { status: "vulnerable", complexity: "exponential", attack: "'a'.repeat(31) + '\\x00'" };
  const pattern = "^(\\w+\\s?)*(?<!\\s)$";
  const client: PatternPlan = { verdicts: new Map([[pattern, vulnerable]]), leaveOutUncertified: true };

  it("checks everything but that keyword", () => {
    const validate = new SchemaCompiler(undefined, client).generatedValidator({ type: "string", maxLength: 40, pattern }, "2020-12")!;
    expect(validate("a ".repeat(15))).toBe(true);
    expect(validate("x".repeat(41))).toBe(false);
    expect(validate(1)).toBe(false);
  });

  it("leaves a patternProperties key out with the additionalProperties that depends on it", () => {
    const schema = { type: "object", patternProperties: { [pattern]: { type: "string" }, "^n_": { type: "number" } }, additionalProperties: false };
    const validate = new SchemaCompiler(undefined, client).generatedValidator(schema, "2020-12")!;
    expect(validate({ "a b": 1, n_1: 2 })).toBe(true);
    expect(validate({ n_1: "x" })).toBe(false);
  });
});
