// The ReDoS checker's verdicts, remembered beside the build cache (node_modules/.cache/mcp-gen/
// pattern-verdicts.json, git-ignored with node_modules, safe to delete): a rebuild, or a build of
// another project under the same node_modules, does not check a pattern again. Kept apart from the
// build cache, which is written only after a build succeeds: a pattern the checker refused is
// refused again without being checked again. Each verdict holds for one checker with one set of
// parameters (CHECKER_ID); a file written by another is ignored, and a file that cannot be read or
// written only makes the next run slower.
import { mkdirSync } from "node:fs";
import { readRegularFileNow } from "../files/read-now.js";
import { dirname, join } from "node:path";
import type { PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";
import { writeFileAtomic } from "../files/write-files.js";
import { buildCachePath } from "../incremental/build-cache.js";
import { canonicalJson } from "../lock/canonical-json.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import { CHECKER_ID } from "./run-checker.js";

/**
 * Where the verdicts of the project at `root` (an absolute real path) are kept: beside its build
 * cache (buildCachePath); undefined when it has none.
 * @example verdictCachePath("/home/me/app") // "/home/me/app/node_modules/.cache/mcp-gen/pattern-verdicts.json"
 */
export function verdictCachePath(root: string): string | undefined {
  return verdictCacheBeside(buildCachePath(root));
}

/** Where the verdicts are kept for the build cache at `cachePath` (buildCachePath); undefined without one. */
export function verdictCacheBeside(cachePath: string | undefined): string | undefined {
  return cachePath === undefined ? undefined : join(dirname(cachePath), "pattern-verdicts.json");
}

/** The verdicts at `path` that CHECKER_ID gave; none when there is no file, or another checker wrote it. */
export function readVerdictCache(path: string | undefined): Map<string, PatternVerdict> {
  const verdicts = new Map<string, PatternVerdict>();
  if (path === undefined) return verdicts;
  try {
    const value = JSON.parse(readRegularFileNow(path, "utf8")) as JsonValue;
    if (!isJsonObject(value) || value.checker !== CHECKER_ID || !Array.isArray(value.verdicts)) return verdicts;
    for (const entry of value.verdicts) {
      if (Array.isArray(entry) && typeof entry[0] === "string" && isVerdict(entry[1])) verdicts.set(entry[0], entry[1] as unknown as PatternVerdict);
    }
  } catch {
    // No cache, or not one this can read: every pattern is checked.
  }
  return verdicts;
}

/** Writes `verdicts` to `path`, sorted by pattern (the same verdicts give the same file). */
export async function writeVerdictCache(path: string | undefined, verdicts: ReadonlyMap<string, PatternVerdict>): Promise<void> {
  if (path === undefined) return;
  const entries = [...verdicts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  try {
    mkdirSync(dirname(path), { recursive: true });
    await writeFileAtomic(path, `${JSON.stringify({ checker: CHECKER_ID, verdicts: entries })}\n`);
  } catch {
    // A read-only folder: the next run checks again.
  }
}

/**
 * What identifies the verdicts on a tool's `patterns` (patternsToCertify, sorted): a build cache
 * records it with the tool, whose diagnostics and validators were made with them.
 * @example verdictsKey(["^(a)\\1$"], verdicts) // '[{"status":"safe"}]'
 */
export function verdictsKey(patterns: readonly string[], verdicts: ReadonlyMap<string, PatternVerdict> | undefined): string {
  // Canonical JSON: members in one order, however the verdict was written.
  return canonicalJson(patterns.map((pattern) => (verdicts?.get(pattern) ?? null) as JsonValue));
}

/**
 * Whether the verdict cache at `path` gives each pattern of `recorded` the verdict recorded with it
 * (a build's findings: BuildFindings.verdicts); false when one was edited, dropped or checked again.
 */
export function verdictsHold(path: string | undefined, recorded: readonly (readonly [string, PatternVerdict])[]): boolean {
  const now = readVerdictCache(path);
  return recorded.every(([pattern, verdict]) => verdictsKey([pattern], now) === verdictsKey([pattern], new Map([[pattern, verdict]])));
}

function isVerdict(value: JsonValue | undefined): boolean {
  if (!isJsonObject(value)) return false;
  if (value.status === "safe") return true;
  if (value.status === "vulnerable") return typeof value.complexity === "string" && typeof value.attack === "string";
  return value.status === "undecided" && typeof value.reason === "string";
}
