// The ReDoS checker in its child process: its verdicts (an exponential lookaround pattern refused
// with its attack string, the published shapes certified), their determinism, its safety net
// (a kill timer, a dead process) and the verdict cache that keeps a rebuild from paying again.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { certifyPatterns, patternsIn, withPatternVerdicts } from "../../src/pattern-check/certify-patterns.js";
import type { ProjectInput } from "../../src/project/analyze-project.js";
import { CHECKER_ID, checkPatterns } from "../../src/pattern-check/run-checker.js";
import { readVerdictCache, verdictCachePath } from "../../src/pattern-check/verdict-cache.js";
import { analyzeProject } from "../../src/project/analyze-project.js";
import { readProject } from "../../src/cli/read-project.js";
import { tempProject } from "../support/temp-project.js";

const EXPONENTIAL_LOOKBEHIND = "^(\\w+\\s?)*(?<!\\s)$";
// The kill timer is the product's answer to a pattern the checker cannot finish; these tests are
// about the verdicts, so they give the checker a budget that no load of a test machine uses up
// (the default 30 s did run out once, on a machine loaded eightfold).
const NO_TIMER = { timeoutMs: 300_000 };
const TEST_BUDGET = 330_000;
const FIELD_LIST = "^(?!.*\\b(id|name|email|created_at)\\b.*\\b\\1\\b)(?:id|name|email|created_at)(?:,(?:id|name|email|created_at))*$";

describe("the ReDoS checker", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["RECHECK_BIN", "RECHECK_JAR", "RECHECK_BACKEND", "NODE_OPTIONS"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it(
    "finds an exponential lookaround pattern vulnerable, with an attack string, and certifies the published field list; the same verdicts every run",
    async () => {
      // Whatever the user's environment says, the checker's process runs recheck's pure backend.
      process.env.RECHECK_BIN = "/nonexistent/recheck";
      process.env.RECHECK_BACKEND = "native";
      process.env.NODE_OPTIONS = "--max-old-space-size=1";
      const patterns = [EXPONENTIAL_LOOKBEHIND, FIELD_LIST, "^(['\"]).*\\1$"];
      const first = await checkPatterns(patterns, NO_TIMER);
      expect(first.get(EXPONENTIAL_LOOKBEHIND)).toEqual({ status: "vulnerable", complexity: "exponential", attack: "'0' + '0'.repeat(31) + '\\x00'" });
      expect(first.get(FIELD_LIST)).toEqual({ status: "safe" });
      expect(first.get("^(['\"]).*\\1$")).toEqual({ status: "safe" });
      expect(await checkPatterns(patterns, NO_TIMER)).toEqual(first);
    },
    TEST_BUDGET,
  );

  it(
    "does not certify a lookaround or back-reference pattern that fuzzing found no attack on when one of its lookaround-free bounds has one",
    async () => {
      // recheck's fuzzer finds no attack (the lookahead keeps its repeated letters out) and says
      // "safe", yet RegExp takes seconds on 'ab'.repeat(14) + '!': (?:[a-z]+)+ is exponential.
      const hidden = "^(?!.*(\\w)\\1)(?:[a-z]+)+$";
      const published = [FIELD_LIST, "^(['\"]).*\\1$", "(?<=^|,)x(?=,|$)", "^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$", "(?<=@)[a-z]+\\.com$"];
      const verdicts = await checkPatterns([hidden, ...published], NO_TIMER);
      expect(verdicts.get(hidden)).toEqual({
        status: "undecided",
        reason:
          "the checker found no attack on it by fuzzing, but on \"(?:^(?:)(?:[a-z]+)+$)[]\", which bounds its backtracking without its lookarounds and back-references, the engine takes exponential time (attack string 'a' + 'a'.repeat(31))",
      });
      // Lookarounds that only cut branches, or a leading lookbehind that decides where a search starts: certified.
      for (const pattern of published) expect(verdicts.get(pattern), pattern).toEqual({ status: "safe" });
      // A bounded count too large for the checker's automaton is read as unbounded in a bound: RegExp
      // takes seconds on this one too, with 'ab'.repeat(14) + '!'.
      const counted = "^(?!.*(\\w)\\1)(?:[a-z]{1,100}){1,100}$";
      expect((await checkPatterns([counted], NO_TIMER)).get(counted)).toMatchObject({ status: "undecided", reason: expect.stringContaining('but on "(?:^(?:)(?:[a-z]+)+$)[]"') });
    },
    TEST_BUDGET,
  );

  it(
    "does not certify a pattern whose bound matches at once where the pattern fails and searches on",
    async () => {
      // Each bound ends with [] so that the checker weighs its whole search tree: without it,
      // (?:\w)(?:)\w*(?:) and (?:.).*(?:.) match at the first characters and are "linear", while
      // RegExp takes seconds on 'ab'.repeat(20000) and on 20,000 distinct characters.
      const hidden = ["(\\w)(?!\\1)\\w*(?=!)", "(.).*\\1"];
      const verdicts = await checkPatterns(hidden, NO_TIMER);
      for (const pattern of hidden) expect(verdicts.get(pattern), pattern).toMatchObject({ status: "undecided", reason: expect.stringContaining("2nd degree polynomial") });
    },
    TEST_BUDGET,
  );

  it("gives a pattern that outlives its kill timer 'undecided', and the next pattern a fresh process", async () => {
    const verdicts = await checkPatterns(["^(a)\\1$"], { timeoutMs: 1 });
    expect(verdicts.get("^(a)\\1$")).toEqual({ status: "undecided", reason: "the checker did not finish within 0 s" });
    // A process that cannot even start (too small a heap) stops: each pattern is undecided, none hangs.
    const dead = await checkPatterns(["^(a)\\1$", "(?<=a)b"], { heapMb: 1 });
    expect([...dead.values()].map((v) => v.status)).toEqual(["undecided", "undecided"]);
  }, 60_000);
});

describe("the verdict cache", () => {
  it("checks a pattern once: a rebuild takes its verdict from node_modules/.cache, and ignores another checker's", async () => {
    const root = tempProject({ "node_modules/.keep": "" });
    const path = verdictCachePath(root)!;
    expect(path).toBe(join(root, "node_modules", ".cache", "mcp-gen", "pattern-verdicts.json"));
    const first = await certifyPatterns(["^(a)\\1$", "^[a-z]+$", "^(?!x)\\w+$"], path, NO_TIMER);
    // Only the pattern that needs a verdict is checked: linear and split patterns are not.
    expect([first.checked, first.cached, [...first.verdicts.keys()]]).toEqual([1, 0, ["^(a)\\1$"]]);
    const again = await certifyPatterns(["^(a)\\1$"], path, NO_TIMER);
    expect([again.checked, again.cached, again.verdicts.get("^(a)\\1$")]).toEqual([0, 1, { status: "safe" }]);
    expect(JSON.parse(readFileSync(path, "utf8")).checker).toBe(CHECKER_ID);
    writeFileSync(path, JSON.stringify({ checker: "another", verdicts: [["^(a)\\1$", { status: "safe" }]] }));
    expect(readVerdictCache(path).size).toBe(0);
  }, 60_000);

  it("names the checker version that package.json installs", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "package.json"), "utf8")) as { devDependencies: Record<string, string> };
    expect(CHECKER_ID.startsWith(`recheck ${manifest.devDependencies.recheck} `)).toBe(true);
  });
});

describe("withPatternVerdicts", () => {
  it("finds every pattern and patternProperties key of a project's files, and gives analyzeProject the verdicts", async () => {
    const found = new Set<string>();
    patternsIn({ a: [{ pattern: "x" }, { patternProperties: { "^y": {} } }], pattern: 1 }, found);
    expect([...found].sort()).toEqual(["^y", "x"]);
    const root = tempProject({
      "node_modules/.keep": "",
      "mcp-gen.config.yaml": "tools: [tools/*.yaml]\n",
      "tools/t.yaml": `name: t\ndescription: T.\ninputSchema:\n  type: object\n  properties:\n    title: {type: string, pattern: '${EXPONENTIAL_LOOKBEHIND}'}\n`,
    });
    const read = await readProject({ root, configPath: undefined });
    if (!read.ok) throw new Error("did not read");
    const input = await withPatternVerdicts(read.input, root, NO_TIMER);
    expect(input.patternVerdicts?.get(EXPONENTIAL_LOOKBEHIND)?.status).toBe("vulnerable");
    const reported = analyzeProject(input).diagnostics.filter((d) => d.ruleId === "schema-pattern-bounded-time");
    expect(reported.map((d) => d.hint)).toEqual([expect.stringMatching(/^Attack string: '0' \+ '0'\.repeat\(31\) \+ '\\x00'\. /)]);
  }, 60_000);

  it("takes a reused tool's patterns from its wire descriptor and leaves its unparsed file unparsed", async () => {
    const root = tempProject({ "node_modules/.keep": "", "mcp-gen.config.yaml": "tools: [tools/*.yaml]\n", "tools/t.yaml": "name: t\n" });
    const read = await readProject({ root, configPath: undefined });
    if (!read.ok) throw new Error("did not read");
    const file = read.input.files.get("tools/t.yaml")!;
    // A file the build cache vouches for parses when its value is read: 1,223 of them were most of a no-change build.
    const unparsed = {
      ...file,
      get doc(): never {
        throw new Error("parsed a file whose tool was taken over");
      },
    };
    const tool = { file: "tools/t.yaml", wire: { name: "t", inputSchema: { type: "object", properties: { title: { type: "string", pattern: EXPONENTIAL_LOOKBEHIND } } } } };
    const input = { ...read.input, files: new Map([["tools/t.yaml", unparsed]]), checked: [{ tool, diagnostics: [] }] } as unknown as ProjectInput;
    expect((await withPatternVerdicts(input, root, NO_TIMER)).patternVerdicts?.get(EXPONENTIAL_LOOKBEHIND)?.status).toBe("vulnerable");
  }, 60_000);
});
