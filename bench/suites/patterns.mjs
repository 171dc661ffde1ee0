// Patterns (issue 23): what the pattern checker costs on the tool corpus, cold (no verdict cache)
// and cached (a rebuild), and how long each strategy's generated validator takes on an adversarial
// 1 MiB input (the default maxStringLength) against a benign input of the same length. Runs
// mcp-gen's compiled modules (dist/) in this process; the checker runs in its own child process,
// as in a build. The cold checker runs on the corpus's patterns that need a verdict plus the
// fixtures of schema-pattern-bounded-time (the corpus itself has none: every pattern in it runs on re2js).
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { parse as parseYaml } from "yaml";
import * as fmt from "../lib/format.mjs";
import { corpusDir, REPO_DIR, workPath } from "../lib/paths.mjs";
import { max, median, min } from "../lib/stats.mjs";

const DIST = join(REPO_DIR, "dist");
const STRING_LIMIT = 1024 * 1024;
const FIXTURES = join(REPO_DIR, "test", "fixtures", "rules", "schema-pattern-bounded-time");

const ZOD_EMAIL = "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
const FIELD_LIST = "^(?!.*\\b(id|name|email|created_at)\\b.*\\b\\1\\b)(?:id|name|email|created_at)(?:,(?:id|name|email|created_at))*$";

/** Every file under `dir` whose name ends in one of `extensions`. */
function filesUnder(dir, extensions) {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => extensions.some((ext) => path.endsWith(ext)))
    .map((path) => join(dir, path));
}

async function timed(run) {
  const start = performance.now();
  const value = await run();
  return { ms: performance.now() - start, value };
}

export async function patternsSuite({ options, log }) {
  const { patternsIn, certifyPatterns } = await import(join(DIST, "pattern-check", "certify-patterns.js"));
  const { needsCertificate, patternUse, NO_VERDICTS } = await import(join(DIST, "compile", "linear-pattern", "pattern-plan.js"));
  const { SchemaCompiler } = await import(join(DIST, "compile", "schema-compiler.js"));
  const runs = options.quick ? 1 : options.runs;

  const corpus = new Set();
  for (const file of filesUnder(corpusDir(), [".json"])) patternsIn(JSON.parse(readFileSync(file, "utf8")), corpus);
  const fixtures = new Set();
  for (const file of filesUnder(FIXTURES, [".yaml", ".json"])) patternsIn(file.endsWith(".json") ? JSON.parse(readFileSync(file, "utf8")) : parseYaml(readFileSync(file, "utf8")), fixtures);
  const corpusNeeding = [...corpus].filter(needsCertificate);
  const toCheck = [...new Set([...corpusNeeding, ...[...fixtures].filter(needsCertificate)])];
  log(`patterns: ${corpus.size} in the corpus (${corpusNeeding.length} need the checker), ${toCheck.length} to check with the fixtures`);

  const classify = [];
  const cold = [];
  const cached = [];
  for (let i = 0; i < runs; i++) {
    classify.push((await timed(() => [...corpus].map((p) => patternUse(p, NO_VERDICTS).run))).ms);
    const folder = workPath("patterns", `cache-${i}`);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    const cache = join(folder, "pattern-verdicts.json");
    const first = await timed(() => certifyPatterns(toCheck, cache));
    const second = await timed(() => certifyPatterns(toCheck, cache));
    if (first.value.checked !== toCheck.length || second.value.cached !== toCheck.length) throw new Error("the verdict cache did not answer the second run");
    cold.push(first.ms);
    cached.push(second.ms);
    log(`  run ${i + 1}/${runs}: classify ${fmt.ms(classify.at(-1))}, checker cold ${fmt.ms(first.ms)}, cached ${fmt.ms(second.ms)}`);
  }
  const row = (what, count, ms, base) => [
    what,
    String(count),
    fmt.ms(median(ms)),
    fmt.range(min(ms), max(ms)),
    String(ms.length),
    base === ms ? "1.00× (baseline)" : `${fmt.int(median(base) / median(ms))}×`,
  ];
  const checker = {
    title: "Patterns: the checker's cost on the corpus",
    columns: ["what", "patterns", "median", "min – max", "runs", "cold ÷ this"],
    rows: [
      row("strategy of every corpus pattern (no checker)", corpus.size, classify, cold),
      row("checker, cold (no verdict cache)", toCheck.length, cold, cold),
      row("checker, cached (a rebuild)", toCheck.length, cached, cold),
    ],
    notes: [
      `The corpus (test/data/corpus) has ${corpus.size} distinct patterns; ${corpusNeeding.length} need the ReDoS checker, so the checked set adds the lookaround and back-reference fixtures of schema-pattern-bounded-time.`,
      "Cold includes starting the checker's process and loading recheck (once per build that checks anything).",
    ],
  };

  // Adversarial inputs, one strategy each: the generated validator (mcp-gen's in-process twin of
  // the code a server runs) on 1 MiB, against the same validator on a benign 1 MiB string.
  const safe = { verdicts: new Map([[FIELD_LIST, { status: "safe" }]]), leaveOutUncertified: false };
  const cases = [
    { strategy: "linear (re2js)", pattern: "^(a+)+$", plan: NO_VERDICTS, attack: `${"a".repeat(STRING_LIMIT - 1)}!`, benign: "a".repeat(STRING_LIMIT) },
    { strategy: "split (re2js parts)", pattern: ZOD_EMAIL, plan: NO_VERDICTS, attack: "a".repeat(STRING_LIMIT), benign: `${"a".repeat(STRING_LIMIT - 12)}@example.com` },
    { strategy: "certified (RegExp)", pattern: FIELD_LIST, plan: safe, attack: `id,name,email,created_at,${"x,".repeat((STRING_LIMIT - 25) / 2)}`, benign: "x".repeat(STRING_LIMIT) },
  ];
  const rows = [];
  for (const c of cases) {
    const validate = new SchemaCompiler(undefined, c.plan).generatedValidator({ type: "string", pattern: c.pattern }, "2020-12");
    const attack = [];
    const benign = [];
    for (let i = 0; i < runs; i++) {
      benign.push((await timed(() => validate(c.benign))).ms);
      attack.push((await timed(() => validate(c.attack))).ms);
    }
    log(`  ${c.strategy}: adversarial ${fmt.ms(median(attack))}, benign ${fmt.ms(median(benign))}`);
    rows.push([
      c.strategy,
      fmt.int(c.attack.length),
      fmt.ms(median(attack)),
      fmt.range(min(attack), max(attack)),
      fmt.ms(median(benign)),
      String(attack.length),
      fmt.ratio(median(attack) / median(benign)),
    ]);
  }
  const adversarial = {
    title: "Patterns: adversarial input of the default string limit, per strategy",
    columns: ["strategy", "characters", "adversarial", "min – max", "benign (baseline)", "runs", "÷ benign"],
    rows,
    notes: [
      "linear: ^(a+)+$ on a run of a's and one other character (years on RegExp); split: zod's e-mail pattern on a run of letters without @ (quadratic on RegExp); certified: the field list with a long tail after its four fields.",
      "Bounded time shows as an adversarial time of the order of the benign one on the same length.",
    ],
  };
  return [checker, adversarial];
}
