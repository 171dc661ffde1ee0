// The seam between the ReDoS checker (a child process, and a cache on disk) and the pure stages:
// every pattern of the project's files that needs a verdict (pattern-plan.ts) is looked up in the
// cache or checked, and the verdicts go into ProjectInput as plain data, so that validate, build,
// check, diff and the editor's language server all get the same answers from analyzeProject.
import { realpathSync } from "node:fs";
import { needsCertificate, type PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { ProjectInput } from "../project/analyze-project.js";
import { memoSlot, type RunMemo } from "../model/run-memo.js";
import { checkPatterns, type CheckerOptions } from "./run-checker.js";
import { readVerdictCache, verdictCachePath, verdictsKey, writeVerdictCache } from "./verdict-cache.js";

/** What certifyPatterns did: every verdict, and how many came from the checker and from the cache. */
export interface Certification {
  readonly verdicts: ReadonlyMap<string, PatternVerdict>;
  readonly checked: number;
  readonly cached: number;
}

/**
 * The verdicts on `patterns` (those that need one): from the cache at `cachePath`, else from the
 * checker, whose new verdicts are added to the cache.
 * @example await certifyPatterns(["^(['\"]).*\\1$"], undefined) // { verdicts: Map { … => { status: "safe" } }, checked: 1, cached: 0 }
 */
export async function certifyPatterns(
  patterns: Iterable<string>,
  cachePath: string | undefined,
  options: CheckerOptions = {},
  needs: (pattern: string) => boolean = needsCertificate,
): Promise<Certification> {
  const wanted = [...new Set(patterns)].filter(needs).sort();
  if (wanted.length === 0) return { verdicts: new Map(), checked: 0, cached: 0 };
  const known = readVerdictCache(cachePath);
  const missing = wanted.filter((pattern) => !known.has(pattern));
  const found = missing.length > 0 ? await checkPatterns(missing, options) : new Map<string, PatternVerdict>();
  if (found.size > 0) await writeVerdictCache(cachePath, new Map([...known, ...found]));
  const verdicts = new Map(wanted.map((pattern) => [pattern, known.get(pattern) ?? found.get(pattern)!]));
  return { verdicts, checked: missing.length, cached: wanted.length - missing.length };
}

/**
 * `input` with the verdicts on every pattern its files hold that needs one (patternsIn), the cache
 * beside the project's build cache. A tool taken over from the last build (`input.checked`) whose
 * patterns have other verdicts now than it was checked with (the cache edited by hand, deleted and
 * checked again, a verdict that timed out) is left out of `checked`: its diagnostics and its
 * generated code depend on them, so it is checked and generated afresh.
 * @example const input = await withPatternVerdicts(read.input, root); analyzeProject(input)
 */
export async function withPatternVerdicts(input: ProjectInput, root: string, options: CheckerOptions = {}): Promise<ProjectInput> {
  const patterns = new Set<string>();
  // Tools taken over from the last build: their wire descriptors hold every pattern their files
  // and the files they $ref hold. Their own files are not parsed again for it (a file the build
  // cache vouches for parses only when read: for 1,223 tools that is most of a no-change build),
  // and a tool whose patterns that needed a certificate the last build listed is not walked either.
  const taken = new Set<string>();
  for (const checked of input.checked ?? []) {
    if (checked.certify) for (const pattern of checked.certify) patterns.add(pattern);
    else patternsIn(checked.tool.wire, patterns);
    taken.add(checked.tool.file);
  }
  for (const [path, file] of input.files) if (file.status === "ok" && !taken.has(path)) patternsIn(file.doc.value, patterns);
  const needs = certificateTest(input.memo);
  if (![...patterns].some(needs)) return input;
  const { verdicts } = await certifyPatterns(patterns, verdictCachePath(realRoot(root)), options, needs);
  const checked = input.checked?.filter((c) => {
    const certify = c.certify ?? patternsToCertify(c.tool.wire as unknown as JsonValue, needs);
    return certify.length === 0 || c.verdicts === verdictsKey(certify, verdicts);
  });
  return { ...input, patternVerdicts: verdicts, ...(checked ? { checked } : {}) };
}

/** needsCertificate's answer for each pattern, in a run (a pattern's translation is worked out once). */
const NEEDS_CERTIFICATE = memoSlot("whether each pattern needs a certificate", () => new Map<string, boolean>());

/**
 * needsCertificate, remembered in `memo` (when given) for the rest of the run.
 * @example certificateTest(memo)("^(['\"]).*\\1$") === true
 */
export function certificateTest(memo: RunMemo | undefined): (pattern: string) => boolean {
  if (!memo) return needsCertificate;
  const known = memo.get(NEEDS_CERTIFICATE);
  return (pattern) => {
    let needs = known.get(pattern);
    if (needs === undefined) known.set(pattern, (needs = needsCertificate(pattern)));
    return needs;
  };
}

/**
 * The patterns of a tool's wire descriptor that need a certificate (what withPatternVerdicts takes
 * from a tool it does not walk again), sorted.
 * @example patternsToCertify(tool.wire, certificateTest(memo))
 */
export function patternsToCertify(wire: JsonValue, needs: (pattern: string) => boolean): string[] {
  const patterns = new Set<string>();
  patternsIn(wire, patterns);
  return [...patterns].filter(needs).sort();
}

/**
 * Adds to `into` every string under a `pattern` member and every key of a `patternProperties`
 * object anywhere in `value`: a superset of the schemas' patterns, found before $refs are resolved
 * (a `pattern` that is not a schema keyword only costs a check).
 */
export function patternsIn(value: JsonValue, into: Set<string>): void {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") stack.push(item);
      continue;
    }
    if (!isJsonObject(node)) continue;
    for (const key of Object.keys(node)) {
      const member = node[key]!;
      if (key === "pattern" && typeof member === "string") into.add(member);
      else if (member === null || typeof member !== "object") continue;
      if (key === "patternProperties" && isJsonObject(member)) for (const name of Object.keys(member)) into.add(name);
      stack.push(member);
    }
  }
}

function realRoot(root: string): string {
  try {
    return realpathSync(root);
  } catch {
    return root;
  }
}
