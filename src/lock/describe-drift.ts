// Everything `mcp-gen check` compares, read by the CLI → one finding per cause of drift, positioned
// where the cause is: one per tool added, removed, renamed, moved or changed (naming every part that
// changed, at the descriptor's line), one per input or package.json value changed, one for a lock
// written by another mcp-gen. The generated files a cause makes out of date, missing or left over
// are that finding's related locations, not findings of their own; only what no cause explains gets
// a finding: a file edited by hand (one finding for all files a formatter rewrote), a file nobody
// generated, files stale or missing for no reason the lock shows. Pure.
import { canonicalJson } from "./canonical-json.js";
import { compareLock, LEGACY_PACKAGE_INPUT, type LockDrift, type PartChange } from "./compare-lock.js";
import { generatedFileStates, type GeneratedFileState } from "./generated-drift.js";
import { reformattedFinding } from "./formatting-only.js";
import { laidOutAsBuilt } from "./render-lock.js";
import { hashFileText } from "./sha256.js";
import { pairRenames } from "../diff/diff-tools.js";
import { assignToolNames } from "../emit/names.js";
import { compareText, sortDiagnostics, type Diagnostic, type RelatedLocation, type TextChange } from "../model/diagnostic.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import { TOOL_PARTS, type LockFile } from "../model/lock.js";
import { joinPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import { diagnosticAtLineStart } from "../load/diagnostic-at.js";
import { diagnosticAtPointer, placeInTool } from "../load/locate.js";

export interface DriftInput {
  /** Project-relative path of the lock file. */
  readonly lockPath: string;
  /** The committed lock, or undefined when there is none. */
  readonly committed: LockFile | undefined;
  /** Its text as read: a lock a formatter rewrote parses the same, but is not what a build writes. */
  readonly committedText?: string | undefined;
  /** The committed lock parsed with positions, for diagnostics about its entries. */
  readonly lockDoc: SourceDoc | undefined;
  /** The lock a build would write now. */
  readonly current: LockFile;
  readonly tools: readonly ResolvedTool[];
  readonly docs: ReadonlyMap<string, SourceDoc>;
  /** Every file a build writes now. */
  readonly generated: readonly GeneratedFile[];
  /** Text on disk of every file that exists among the generated paths and `outFiles`. */
  readonly disk: ReadonlyMap<string, string>;
  /** Every file under the generated folder now, project-relative. */
  readonly outFiles: readonly string[];
  /** The generated folder (Config.out): where each tool's module is. */
  readonly out?: string;
  /** GeneratedDriftInput.writtenBefore: the newest build's record of its files, when the committed lock is not its. */
  readonly writtenBefore?: readonly Readonly<Record<string, string>>[];
  /** package.json parsed with positions, for findings about its values. */
  readonly packageDoc?: SourceDoc | undefined;
}

const REVIEW = "Review the change with `mcp-gen diff`, then run `mcp-gen build` and commit the lock and the generated files.";
const REBUILD = "Run `mcp-gen build` and commit the generated files and the lock.";

/** A cause of drift, and the tool modules that are its own (other generated files go to every cause). */
interface Cause {
  readonly finding: Diagnostic;
  readonly modules: ReadonlySet<string>;
  /**
   * The finding when no generated file turns out to depend on the cause (an input edit that changes
   * nothing); null: then there is nothing to report.
   */
  readonly alone?: Diagnostic | null;
}

/**
 * @example describeDrift({ lockPath, committed, lockDoc, current, tools, docs, generated, disk, outFiles, out })
 */
export function describeDrift(input: DriftInput): Diagnostic[] {
  const missingLock = at(
    input.lockPath,
    "lock-missing",
    `There is no ${input.lockPath}: nothing has been built and pinned yet.`,
    `Run \`mcp-gen build\` and commit ${input.lockPath} with the generated files.`,
  );
  // A project that was never built: one diagnostic says so, not one per file a build would write.
  if (!input.committed && input.outFiles.length === 0) return [missingLock];
  const states = generatedFileStates({ generated: input.generated, disk: input.disk, recorded: input.committed?.files, outFiles: input.outFiles, writtenBefore: input.writtenBefore ?? [] });
  const edits = handEdits(states);
  if (!input.committed) return sortDiagnostics([...edits, ...unexplained(states), missingLock]);
  const causes = lockCauses(input, input.committed);
  const explained = states.filter((s) => s.status === "missing" || s.status === "stale" || s.status === "leftover");
  const findings = causes.length > 0 ? [...attach(causes, explained), ...unexplained(states.filter((s) => s.status === "extra"))] : unexplained(states);
  findings.push(...edits);
  if (input.committed.packageJson === undefined) findings.push(legacyLock(input));
  // Anything else that makes the lock differ (a hash of a generated file, the spec revision).
  if (findings.every((f) => f.severity === "info") && canonicalJson(comparable(input.committed)) !== canonicalJson(comparable(input.current))) {
    const spec = input.committed.specRevision !== input.current.specRevision ? ` (it pins spec revision ${input.committed.specRevision}, not ${input.current.specRevision})` : "";
    findings.push(at(input.lockPath, "lock-stale", `${input.lockPath} is not what a build writes now${spec}.`, REBUILD));
  } else if (findings.every((f) => f.severity === "info") && input.committedText !== undefined && !laidOutAsBuilt(input.committed, input.committedText)) {
    findings.push(
      at(
        input.lockPath,
        "lock-stale",
        `${input.lockPath} records what a build writes now, but not as a build lays it out: a formatter may have rewritten it.`,
        `Run \`mcp-gen build\` (it writes the lock back as it lays it out) and commit it; keep formatters off the lock (add ${input.lockPath} to .prettierignore).`,
      ),
    );
  }
  return sortDiagnostics(findings);
}

/**
 * Each cause's finding, with the generated files it explains as related locations: a tool's own
 * module goes to that tool; files every tool feeds (client, tool table, validators) go to each tool
 * cause, or, when no tool changed, to each other cause (an input, package.json, mcp-gen's version).
 */
function attach(causes: readonly Cause[], files: readonly GeneratedFileState[]): Diagnostic[] {
  const owned = new Set(causes.flatMap((cause) => [...cause.modules]));
  const toolsChanged = causes.some((cause) => cause.modules.size > 0);
  return causes.flatMap(({ finding, modules, alone }) => {
    const takesShared = toolsChanged === modules.size > 0;
    const mine = files.filter((file) => modules.has(file.path) || (takesShared && !owned.has(file.path)));
    if (mine.length > 0) return [{ ...finding, related: mine.map(related) }];
    return alone === null ? [] : [alone ?? finding];
  });
}

function related(file: GeneratedFileState): RelatedLocation {
  const message = file.status === "missing" ? "missing" : file.status === "leftover" ? "left over: a build removes it" : "out of date";
  return { file: file.path, line: file.line, column: 1, message };
}

/** Files edited by hand: one finding each, and one for all that a formatter rewrote. */
function handEdits(states: readonly GeneratedFileState[]): Diagnostic[] {
  const out = states
    .filter((s) => s.status === "edited")
    .map((s) =>
      at(
        s.path,
        "generated-file-edited",
        `${s.path} was edited by hand since the last build (first difference at line ${s.line}).`,
        "Move the change into the descriptor, a handler or a template, then run `mcp-gen build --force` to discard the edit.",
        s.line,
      ),
    );
  const formatted = states.filter((s) => s.status === "formatted");
  if (formatted.length > 0) out.push(reformattedFinding(formatted));
  return out;
}

/** A file the lock records as the last build's: the next build removes it. */
const LEFTOVER_HINT = "Run `mcp-gen build`, which removes the files it generated before, or delete it.";
/** A file no build wrote (the lock does not record it as it is): a build leaves it where it is. */
const EXTRA_HINT = "Delete it: a build removes only files it generated itself. If a tool writes it there (tsc without outDir or noEmit, an editor, a formatter), point that tool elsewhere.";

/** Files out of date, missing or not generated with no cause in the lock: one finding per kind (per file for extras). */
function unexplained(states: readonly GeneratedFileState[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const group = (status: GeneratedFileState["status"], ruleId: string, one: (s: GeneratedFileState) => string, many: (n: number) => string) => {
    const files = states.filter((s) => s.status === status);
    if (files.length === 0) return;
    const [first] = files;
    out.push({
      ...at(first!.path, ruleId, files.length === 1 ? one(first!) : many(files.length), REBUILD, first!.line),
      ...(files.length > 1 ? { related: files.slice(1).map(related) } : {}),
    });
  };
  group(
    "stale",
    "generated-file-stale",
    (s) => `${s.path} is out of date: a build now writes something else (first difference at line ${s.line}).`,
    (n) => `${n} generated files are out of date: a build now writes something else.`,
  );
  group(
    "missing",
    "generated-file-missing",
    (s) => `${s.path} is missing; a build writes it.`,
    (n) => `${n} generated files are missing; a build writes them.`,
  );
  for (const s of states.filter((state) => state.status === "extra" || state.status === "leftover")) {
    out.push(at(s.path, "generated-file-extra", `${s.path} is in the generated folder, but a build does not write it.`, s.status === "leftover" ? LEFTOVER_HINT : EXTRA_HINT));
  }
  return out;
}

function lockCauses(input: DriftInput, committed: LockFile): Cause[] {
  const drift = compareLock(committed, input.current);
  const causes = [...toolCauses(input, committed, drift), ...packageCauses(input, drift), ...inputCauses(input, committed, drift)];
  if (drift.generatorVersion) {
    const { committed: was, current: now } = drift.generatorVersion;
    // This version's build, made in memory, writes every generated file the lock records, byte for
    // byte, and nothing else changed: an upgrade (a Dependabot pull request) that changes no code.
    const sameCode = causes.length === 0 && canonicalJson(committed.files) === canonicalJson(input.current.files);
    causes.push({
      modules: new Set(),
      finding: sameCode
        ? {
            ...inLock(
              input,
              "/generator/version",
              "lock-generator-changed",
              `${input.lockPath} was written by mcp-gen ${was}; this is mcp-gen ${now}, which writes the same generated code (every generated file has the hash the lock records).`,
              "Nothing to review: run `mcp-gen build` to record this version in the lock (only the lock changes), or leave it until the next build.",
            ),
            severity: "warning",
          }
        : inLock(
            input,
            "/generator/version",
            "lock-generator-changed",
            `${input.lockPath} was written by mcp-gen ${was}; this is mcp-gen ${now}, whose build may write different code.`,
            "Run `mcp-gen build` with this version and commit the result, or use the version that wrote the lock.",
          ),
    });
  }
  return causes;
}

function toolCauses(input: DriftInput, committed: LockFile, drift: LockDrift): Cause[] {
  const lock = input.lockPath;
  const byName = new Map(input.tools.map((tool) => [tool.wire.name as string, tool]));
  const descriptors = (names: readonly string[], lockFile: LockFile) => new Map(names.map((name) => [name, lockFile.tools[name]!.descriptor]));
  const renames = pairRenames(
    drift.tools.removed.map((t) => t.name),
    drift.tools.added.map((t) => t.name),
    descriptors(
      drift.tools.removed.map((t) => t.name),
      committed,
    ),
    descriptors(
      drift.tools.added.map((t) => t.name),
      input.current,
    ),
  );
  const renamedTo = new Set(renames.values());
  const module = moduleOf(input, committed);
  const moved = new Map(drift.tools.moved.map((m) => [m.name, m]));
  const causes: Cause[] = [];
  for (const [from, to] of renames) {
    causes.push({
      modules: new Set([module.committed(from), module.current(to)]),
      finding: inTool(input, byName.get(to)!, "/name", "lock-tool-renamed", `Tool ${q(from)} was renamed to ${q(to)} since ${lock} was written.`, REVIEW),
    });
  }
  for (const added of drift.tools.added.filter((t) => !renamedTo.has(t.name))) {
    causes.push({
      modules: new Set([module.current(added.name)]),
      finding: inTool(input, byName.get(added.name)!, "/name", "lock-tool-added", `Tool ${q(added.name)} is not in ${lock}: it was added since the lock was written.`, REVIEW),
    });
  }
  for (const removed of drift.tools.removed.filter((t) => !renames.has(t.name))) {
    causes.push({
      modules: new Set([module.committed(removed.name)]),
      finding: inLock(input, joinPointer("/tools", removed.name), "lock-tool-removed", `Tool ${q(removed.name)} is pinned in ${lock}, but no descriptor defines it any more.`, REVIEW),
    });
  }
  for (const changed of drift.tools.changed) {
    const tool = byName.get(changed.name)!;
    const before = committed.tools[changed.name]!.descriptor;
    const move = moved.get(changed.name);
    const where = move ? `; it is now defined in ${move.file.current}, not ${move.file.committed}` : "";
    // At the first part the descriptor still has; a tool that only lost parts is named at its name.
    const shown = changed.parts.find((part) => part.change !== "removed") ?? changed.parts[0]!;
    const finding = inTool(
      input,
      tool,
      partPointer(tool, before, shown),
      "lock-tool-changed",
      `Tool ${q(changed.name)} ${describeParts(changed.parts, tool, before)} since ${lock} was written${where}.`,
      REVIEW,
    );
    const texts = textChanges(before, tool.wire);
    causes.push({ modules: new Set([module.current(changed.name)]), finding: texts.length > 0 ? { ...finding, textChanges: texts } : finding });
  }
  const changedNames = new Set(drift.tools.changed.map((c) => c.name));
  for (const move of drift.tools.moved.filter((m) => !changedNames.has(m.name))) {
    causes.push({
      modules: new Set([module.current(move.name)]),
      finding: inTool(input, byName.get(move.name)!, "/name", "lock-tool-moved", `Tool ${q(move.name)} is now defined in ${move.file.current}; ${lock} still names ${move.file.committed}.`, REBUILD),
    });
  }
  return causes;
}

/** The path of each tool's own generated module, before and now (names are assigned over the whole set). */
function moduleOf(input: DriftInput, committed: LockFile): { committed: (name: string) => string; current: (name: string) => string } {
  const paths = (names: readonly string[]) => new Map(assignToolNames(names).map((n) => [n.name, `${input.out ?? "src/generated"}/tools/${n.file}.ts`]));
  const before = paths(Object.keys(committed.tools));
  const now = paths(Object.keys(input.current.tools));
  return { committed: (name) => before.get(name) ?? "", current: (name) => now.get(name) ?? "" };
}

/** The description and title before and after, for a reader to compare. */
function textChanges(before: JsonObject, after: JsonObject): TextChange[] {
  return (["title", "description"] as const).flatMap((part) => {
    const [a, b] = [getOwn(before, part), getOwn(after, part)];
    return (typeof a === "string" || typeof b === "string") && a !== b ? [{ label: part, before: typeof a === "string" ? a : "", after: typeof b === "string" ? b : "" }] : [];
  });
}

function packageCauses(input: DriftInput, drift: LockDrift): Cause[] {
  return drift.packageJson.map((change) => {
    const use = change.field === "name" ? "server name" : "server version";
    const message =
      change.current === undefined
        ? `package.json no longer gives the ${use} (${q(change.committed!)} when ${input.lockPath} was written).`
        : change.committed === undefined
          ? `package.json's ${change.field} ${q(change.current)} is now the ${use}; ${input.lockPath} was written without it.`
          : `package.json's ${change.field} is now ${q(change.current)}; ${input.lockPath} was written with ${q(change.committed)}, the ${use} the generated code reports.`;
    const content = { ruleId: "lock-input-changed", severity: "error" as const, message, hint: REBUILD };
    const finding = input.packageDoc ? diagnosticAtPointer(input.packageDoc, `/${change.field}`, content, "key") : at("package.json", content.ruleId, message, REBUILD);
    return { modules: new Set<string>(), finding };
  });
}

/** Input files that changed without a tool change explaining them: the config, a comment in a descriptor. */
function inputCauses(input: DriftInput, committed: LockFile, drift: LockDrift): Cause[] {
  const touched = new Set<string>();
  const names = new Set([...drift.tools.added, ...drift.tools.changed, ...drift.tools.moved].map((t) => t.name));
  for (const tool of input.tools.filter((t) => names.has(t.wire.name as string))) for (const file of [tool.file, ...tool.mounts.map((m) => m.file)]) touched.add(file);
  for (const removed of drift.tools.removed) touched.add(removed.file);
  for (const move of drift.tools.moved) touched.add(move.file.committed);
  const lock = input.lockPath;
  const hint = `Run \`mcp-gen build\` to record it in ${lock}, and commit the lock.`;
  const changed = drift.inputs.changed.filter((path) => !touched.has(path));
  const legacy = committed.packageJson === undefined;
  // A lock of the earlier format hashed all of package.json: an edit there is a cause only when some
  // generated file changed with it (the name or version it gives); a dependency bump is not.
  const packageHash = Object.hasOwn(committed.inputs, LEGACY_PACKAGE_INPUT) ? committed.inputs[LEGACY_PACKAGE_INPUT] : undefined;
  const legacyPackage =
    legacy && packageHash !== undefined && packageHash !== (input.packageDoc ? hashFileText(input.packageDoc.text) : undefined)
      ? [
          {
            finding: at(
              LEGACY_PACKAGE_INPUT,
              "lock-input-changed",
              `package.json changed since ${lock} was written, and a build now writes generated files differently (its name or version, which the generated server reports).`,
              REBUILD,
            ),
            alone: null,
          },
        ]
      : [];
  return [
    ...legacyPackage,
    ...changed.map((path) => ({
      finding: at(path, "lock-input-changed", `${path} changed since ${lock} was written, though no tool did; a build now writes generated files differently.`, REBUILD),
      alone: at(path, "lock-input-changed", `${path} changed since ${lock} was written, though no tool did (a comment or formatting edit).`, hint),
    })),
    ...drift.inputs.added.filter((path) => !touched.has(path)).map((path) => ({ finding: at(path, "lock-input-changed", `${path} is read by the build but not recorded in ${lock}.`, hint) })),
    ...drift.inputs.removed
      .filter((path) => !touched.has(path) && !(legacy && path === LEGACY_PACKAGE_INPUT))
      .map((path) => ({ finding: at(lock, "lock-input-changed", `${path} is recorded in ${lock} but no longer read by the build.`, hint) })),
  ].map((cause) => ({ ...cause, modules: new Set<string>() }));
}

/** A lock of the earlier format: read, and said so once. */
function legacyLock(input: DriftInput): Diagnostic {
  return {
    ...inLock(
      input,
      "",
      "lock-format-old",
      `${input.lockPath} records a hash of all of package.json, as mcp-gen did before it recorded only the values generation uses (name, version); other package.json edits are not compared.`,
      `Run \`mcp-gen build\` and commit ${input.lockPath} to write it in the current format.`,
    ),
    severity: "info",
  };
}

/** A lock as compared for lock-stale: an earlier format's whole-file hash of package.json is not a difference. */
function comparable(lock: LockFile): JsonValue {
  const { packageJson: _values, ...rest } = lock;
  const inputs = Object.fromEntries(Object.entries(lock.inputs).filter(([path]) => path !== LEGACY_PACKAGE_INPUT));
  return { ...rest, inputs } as unknown as JsonValue;
}

/** Where a part change shows in the current descriptor: the part's key, or the first differing unknown field. */
function partPointer(tool: ResolvedTool, before: JsonObject, change: PartChange): string {
  if (change.part !== "other") return getOwn(tool.wire, change.part) !== undefined ? `/${change.part}` : "/name";
  const key = otherKeys(tool, before)[0];
  return key !== undefined && getOwn(tool.wire, key) !== undefined ? joinPointer("", key) : "/name";
}

/** "changed its description and inputSchema, gained an outputSchema and lost its title" */
function describeParts(changes: readonly PartChange[], tool: ResolvedTool, before: JsonObject): string {
  const of = (kind: PartChange["change"]) => changes.filter((c) => c.change === kind && c.part !== "other").map((c) => c.part);
  const phrases = [
    of("changed").length > 0 ? `changed its ${list(of("changed"))}` : "",
    of("added").length > 0 ? `gained ${list(of("added").map((part) => `${article(part)} ${part}`))}` : "",
    of("removed").length > 0 ? `lost its ${list(of("removed"))}` : "",
    changes.some((c) => c.part === "other") ? `changed fields outside the named parts (${otherKeys(tool, before).map(q).join(", ")})` : "",
  ].filter((phrase) => phrase !== "");
  return list(phrases);
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Top-level fields outside the named parts whose values differ between the lock and now. */
function otherKeys(tool: ResolvedTool, before: JsonObject): string[] {
  const named = new Set<string>(["name", ...TOOL_PARTS]);
  const keys = [...new Set([...Object.keys(before), ...Object.keys(tool.wire)])].filter((key) => !named.has(key));
  return keys
    .filter((key) => {
      const a = getOwn(before, key);
      const b = getOwn(tool.wire, key);
      return a === undefined || b === undefined ? a !== b : canonicalJson(a) !== canonicalJson(b);
    })
    .sort(compareText);
}

function article(part: string): string {
  return /^[aeiou]/i.test(part) ? "an" : "a";
}

function inTool(input: DriftInput, tool: ResolvedTool, pointer: string, ruleId: string, message: string, hint: string): Diagnostic {
  return placeInTool(tool, input.docs, pointer, { ruleId, severity: "error", message, hint }, pointer === "/name" ? "value" : "key");
}

function inLock(input: DriftInput, pointer: string, ruleId: string, message: string, hint: string): Diagnostic {
  if (!input.lockDoc) return at(input.lockPath, ruleId, message, hint);
  return diagnosticAtPointer(input.lockDoc, pointer, { ruleId, severity: "error", message, hint }, "key");
}

function at(file: string, ruleId: string, message: string, hint: string, line = 1): Diagnostic {
  return diagnosticAtLineStart(file, line, { ruleId, severity: "error", message, hint });
}

function q(text: string): string {
  return JSON.stringify(text);
}
