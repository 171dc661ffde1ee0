// Everything `mcp-gen check` compares, read by the CLI → one positioned diagnostic per drift: tools
// added, removed, changed (naming the part) or moved against the committed lock, and generated files
// missing, stale, edited by hand or left over on disk. Pure. Tool diagnostics sit on the descriptor
// lines (a removed tool on its entry in the lock), so CI annotations land where the change is.
import { canonicalJson } from "./canonical-json.js";
import { compareLock, type PartChange } from "./compare-lock.js";
import { hashFileText } from "./sha256.js";
import { compareText, sortDiagnostics, type Diagnostic } from "../model/diagnostic.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { getOwn, type JsonValue } from "../model/json.js";
import { TOOL_PARTS, type LockFile } from "../model/lock.js";
import { joinPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc } from "../model/source.js";
import { diagnosticAtPointer, diagnosticInTool } from "../load/locate.js";

export interface DriftInput {
  /** Project-relative path of the lock file. */
  readonly lockPath: string;
  /** The committed lock, or undefined when there is none. */
  readonly committed: LockFile | undefined;
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
}

const REVIEW = "Review the change with `mcp-gen diff`, then run `mcp-gen build` and commit the lock and the generated files.";
const REBUILD = "Run `mcp-gen build` and commit the generated files and the lock.";

/**
 * @example describeDrift({ lockPath, committed, lockDoc, current, tools, docs, generated, disk, outFiles })
 */
export function describeDrift(input: DriftInput): Diagnostic[] {
  const missingLock = at(input.lockPath, "lock-missing", `There is no ${input.lockPath}: nothing has been built and pinned yet.`, `Run \`mcp-gen build\` and commit ${input.lockPath} with the generated files.`);
  // A project that was never built: one diagnostic says so, not one per file a build would write.
  if (!input.committed && input.outFiles.length === 0) return [missingLock];
  const diagnostics = [...fileDrift(input)];
  if (!input.committed) return sortDiagnostics([...diagnostics, missingLock]);
  diagnostics.push(...lockDrift(input, input.committed));
  // Anything else that makes the lock differ (a hash of a generated file, the spec revision).
  if (diagnostics.length === 0 && canonicalJson(input.committed as unknown as JsonValue) !== canonicalJson(input.current as unknown as JsonValue)) {
    const spec = input.committed.specRevision !== input.current.specRevision ? ` (it pins spec revision ${input.committed.specRevision}, not ${input.current.specRevision})` : "";
    diagnostics.push(at(input.lockPath, "lock-stale", `${input.lockPath} is not what a build writes now${spec}.`, REBUILD));
  }
  return sortDiagnostics(diagnostics);
}

function lockDrift(input: DriftInput, committed: LockFile): Diagnostic[] {
  const drift = compareLock(committed, input.current);
  const byName = new Map(input.tools.map((tool) => [tool.wire.name as string, tool]));
  const out: Diagnostic[] = [];
  const lock = input.lockPath;
  for (const added of drift.tools.added) {
    out.push(inTool(input, byName.get(added.name)!, "/name", "lock-tool-added", `Tool ${q(added.name)} is not in ${lock}: it was added since the lock was written.`, REVIEW));
  }
  for (const removed of drift.tools.removed) {
    out.push(inLock(input, joinPointer("/tools", removed.name), "lock-tool-removed", `Tool ${q(removed.name)} is pinned in ${lock}, but no descriptor defines it any more.`, REVIEW));
  }
  for (const changed of drift.tools.changed) {
    const tool = byName.get(changed.name)!;
    for (const part of changed.parts) {
      const pointer = partPointer(tool, committed, part);
      out.push(inTool(input, tool, pointer, "lock-tool-changed", `Tool ${q(changed.name)} ${describePart(part, tool, committed)} since ${lock} was written.`, REVIEW));
    }
  }
  for (const moved of drift.tools.moved) {
    out.push(inTool(input, byName.get(moved.name)!, "/name", "lock-tool-moved", `Tool ${q(moved.name)} is now defined in ${moved.file.current}; ${lock} still names ${moved.file.committed}.`, REBUILD));
  }
  if (drift.generatorVersion) {
    out.push(inLock(input, "/generator/version", "lock-generator-changed",
      `${lock} was written by mcp-gen ${drift.generatorVersion.committed}; this is mcp-gen ${drift.generatorVersion.current}, whose build may write different code.`, "Run `mcp-gen build` with this version and commit the result, or use the version that wrote the lock."));
  }
  const toolDrift = drift.tools.added.length + drift.tools.removed.length + drift.tools.changed.length + drift.tools.moved.length > 0;
  if (!toolDrift && !drift.generatorVersion) out.push(...inputDrift(lock, drift.inputs));
  return out;
}

function inputDrift(lock: string, inputs: { readonly changed: readonly string[]; readonly added: readonly string[]; readonly removed: readonly string[] }): Diagnostic[] {
  const hint = `Run \`mcp-gen build\` to record it in ${lock}, and commit the lock.`;
  return [
    ...inputs.changed.map((path) => at(path, "lock-input-changed", `${path} changed since ${lock} was written, though no tool did (a comment or formatting edit).`, hint)),
    ...inputs.added.map((path) => at(path, "lock-input-changed", `${path} is read by the build but not recorded in ${lock}.`, hint)),
    ...inputs.removed.map((path) => at(lock, "lock-input-changed", `${path} is recorded in ${lock} but no longer read by the build.`, hint)),
  ];
}

/** Generated files compared with the disk: missing, stale, edited by hand, or left over. */
function fileDrift(input: DriftInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  const written = new Set(input.generated.map((file) => file.path));
  for (const file of [...input.generated].sort((a, b) => compareText(a.path, b.path))) {
    const onDisk = input.disk.get(file.path);
    if (onDisk === undefined) {
      out.push(at(file.path, "generated-file-missing", `${file.path} is missing; a build writes it.`, REBUILD));
      continue;
    }
    const diskHash = hashFileText(onDisk);
    if (diskHash === hashFileText(file.contents)) continue;
    const line = firstDifferentLine(onDisk, file.contents);
    const recorded = input.committed && Object.prototype.hasOwnProperty.call(input.committed.files, file.path) ? input.committed.files[file.path] : undefined;
    if (typeof recorded === "string" && recorded !== diskHash) {
      out.push(at(file.path, "generated-file-edited", `${file.path} was edited by hand since the last build (first difference at line ${line}).`,
        "Move the change into the descriptor, a handler or a template, then run `mcp-gen build --force` to discard the edit.", line));
    } else {
      out.push(at(file.path, "generated-file-stale", `${file.path} is out of date: a build now writes something else (first difference at line ${line}).`, REBUILD, line));
    }
  }
  for (const path of input.outFiles) {
    if (!written.has(path)) out.push(at(path, "generated-file-extra", `${path} is in the generated folder, but a build does not write it.`, "Delete it, or run `mcp-gen build`, which removes files it generated before."));
  }
  return out;
}

function firstDifferentLine(a: string, b: string): number {
  const left = a.replace(/\r\n/g, "\n").split("\n");
  const right = b.replace(/\r\n/g, "\n").split("\n");
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return i + 1;
}

/** Where a part change shows in the current descriptor: the part's key, or the first differing unknown field. */
function partPointer(tool: ResolvedTool, committed: LockFile, change: PartChange): string {
  if (change.part !== "other") return getOwn(tool.wire, change.part) !== undefined ? `/${change.part}` : "/name";
  const key = otherKeys(tool, committed)[0];
  return key !== undefined && getOwn(tool.wire, key) !== undefined ? joinPointer("", key) : "/name";
}

function describePart(change: PartChange, tool: ResolvedTool, committed: LockFile): string {
  if (change.part === "other") {
    const keys = otherKeys(tool, committed).map(q).join(", ");
    return `changed fields outside the named parts (${keys})`;
  }
  if (change.change === "added") return `gained ${article(change.part)} ${change.part}`;
  if (change.change === "removed") return `lost its ${change.part}`;
  return `changed its ${change.part}`;
}

/** Top-level fields outside the named parts whose values differ between the lock and now. */
function otherKeys(tool: ResolvedTool, committed: LockFile): string[] {
  const name = tool.wire.name as string;
  const descriptor = Object.prototype.hasOwnProperty.call(committed.tools, name) ? committed.tools[name]!.descriptor : {};
  const named = new Set<string>(["name", ...TOOL_PARTS]);
  const keys = [...new Set([...Object.keys(descriptor), ...Object.keys(tool.wire)])].filter((key) => !named.has(key));
  return keys.filter((key) => {
    const a = getOwn(descriptor, key);
    const b = getOwn(tool.wire, key);
    return a === undefined || b === undefined ? a !== b : canonicalJson(a) !== canonicalJson(b);
  }).sort(compareText);
}

function article(part: string): string {
  return /^[aeiou]/i.test(part) ? "an" : "a";
}

function inTool(input: DriftInput, tool: ResolvedTool, pointer: string, ruleId: string, message: string, hint: string): Diagnostic {
  return diagnosticInTool(tool, input.docs, pointer, { ruleId, severity: "error", message, hint }, pointer === "/name" ? "value" : "key");
}

function inLock(input: DriftInput, pointer: string, ruleId: string, message: string, hint: string): Diagnostic {
  if (!input.lockDoc) return at(input.lockPath, ruleId, message, hint);
  return diagnosticAtPointer(input.lockDoc, pointer, { ruleId, severity: "error", message, hint }, "key");
}

function at(file: string, ruleId: string, message: string, hint: string, line = 1): Diagnostic {
  return { ruleId, severity: "error", message, hint, file, line, column: 1, endLine: line, endColumn: 1, pointer: "" };
}

function q(text: string): string {
  return JSON.stringify(text);
}
