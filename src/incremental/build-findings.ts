// What the last build found (the analysis's diagnostics), beside the build cache and keyed like it:
// by the lock that build left, the mcp-gen that ran it and the config it read. A build that finds
// every file as the stat index vouches the last build left it (src/cli/unchanged-build-fast.ts)
// prints these instead of analysing the project again: a build is a pure function of those three
// and of the inputs, which the lock's recorded hashes pin. A memo like the cache: deleting it only
// costs the next no-change build its analysis.
import { readRegularFileNow } from "../files/read-now.js";
import { writeMemoFile } from "./build-cache.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { PatternVerdict } from "../compile/linear-pattern/pattern-plan.js";

export interface BuildFindings {
  /** SHA-256 of the text of the lock the build left. */
  readonly lock: string;
  /** generatorFingerprint of the mcp-gen that ran it. */
  readonly generator: string;
  /** configKey of the config it read. */
  readonly config: string;
  /** The analysis's diagnostics, in the order the build printed them. */
  readonly diagnostics: readonly Diagnostic[];
  /** The scaffolds the build would create if they were missing (requiredScaffolds), as project paths. */
  readonly scaffolds: readonly string[];
  /**
   * The ReDoS checker's verdicts the analysis used, by pattern, sorted by pattern: the findings (and
   * the output) hold while the verdict cache gives the same ones (sameVerdicts).
   */
  readonly verdicts: readonly (readonly [string, PatternVerdict])[];
}

const FINDINGS_VERSION = 2;

/** Where the findings go: beside the build cache (buildCachePath); nowhere for a project with no cache. */
export function buildFindingsPath(cachePath: string | undefined): string | undefined {
  return cachePath?.replace(/\.json$/, ".findings.json");
}

/** The findings at `path`; undefined when there are none or they are not in this shape (a memo that cannot be read is no memo). */
export function readBuildFindings(path: string | undefined): BuildFindings | undefined {
  if (path === undefined) return undefined;
  try {
    const value = JSON.parse(readRegularFileNow(path, "utf8")) as JsonValue;
    if (!isJsonObject(value) || value.version !== FINDINGS_VERSION) return undefined;
    const { lock, generator, config, diagnostics, scaffolds, verdicts } = value;
    if (typeof lock !== "string" || typeof generator !== "string" || typeof config !== "string") return undefined;
    if (!Array.isArray(diagnostics) || !diagnostics.every(isDiagnostic) || !Array.isArray(scaffolds) || !scaffolds.every((path) => typeof path === "string")) return undefined;
    if (!Array.isArray(verdicts) || !verdicts.every((entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && isJsonObject(entry[1]))) return undefined;
    return {
      lock,
      generator,
      config,
      diagnostics: diagnostics as unknown as Diagnostic[],
      scaffolds: scaffolds as string[],
      verdicts: verdicts as unknown as BuildFindings["verdicts"],
    };
  } catch {
    return undefined;
  }
}

/** Writes the findings (when they differ from what is there); findings that cannot be written only cost the next build its shortcut. */
export async function writeBuildFindings(path: string | undefined, findings: BuildFindings): Promise<void> {
  await writeMemoFile(path, `${JSON.stringify({ version: FINDINGS_VERSION, ...findings })}\n`);
}

const SEVERITIES: ReadonlySet<JsonValue> = new Set(["error", "warning", "info"]);

function isDiagnostic(value: JsonValue): boolean {
  if (!isJsonObject(value)) return false;
  const { ruleId, severity, message, hint, file, pointer, related, textChanges, readers } = value;
  return (
    typeof ruleId === "string" &&
    SEVERITIES.has(severity ?? null) &&
    typeof message === "string" &&
    (hint === undefined || typeof hint === "string") &&
    typeof file === "string" &&
    typeof pointer === "string" &&
    ["line", "column", "endLine", "endColumn"].every((key) => Number.isInteger(value[key])) &&
    (related === undefined ||
      (Array.isArray(related) && related.every((r) => isJsonObject(r) && typeof r.file === "string" && typeof r.message === "string" && Number.isInteger(r.line) && Number.isInteger(r.column)))) &&
    (textChanges === undefined ||
      (Array.isArray(textChanges) && textChanges.every((c) => isJsonObject(c) && typeof c.label === "string" && typeof c.before === "string" && typeof c.after === "string"))) &&
    (readers === undefined ||
      (Array.isArray(readers) && readers.every((r) => isJsonObject(r) && typeof r.tool === "string" && typeof r.schema === "string" && (r.dialect === undefined || typeof r.dialect === "string"))))
  );
}
