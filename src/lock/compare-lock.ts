// Two LockFiles (the committed one and the one a build would write now) → LockDrift: plain data that
// names every tool, part, generated file and input that differs. Every list is sorted by UTF-16 code
// units, parts follow TOOL_PARTS, so the same two locks always give the same drift. Decides nothing:
// `check`, `diff` and `verify` choose which kinds of drift fail.
import { compareText } from "../model/diagnostic.js";
import { TOOL_PARTS, type LockedTool, type LockFile, type PackageValues, type ToolPart } from "../model/lock.js";
import { withoutKey } from "../model/json.js";

export interface ValueChange {
  readonly committed: string;
  readonly current: string;
}

export interface PartChange {
  readonly part: ToolPart;
  /** "added": only the current tool has the part; "removed": only the committed one had it. */
  readonly change: "added" | "removed" | "changed";
}

export interface ToolRef {
  readonly name: string;
  readonly file: string;
}

export interface ToolChange {
  readonly name: string;
  /** The descriptor file now. */
  readonly file: string;
  readonly sha256: ValueChange;
  readonly parts: readonly PartChange[];
}

export interface ToolMove {
  readonly name: string;
  /** Descriptor paths: where the committed lock had the tool, and where it is now. */
  readonly file: ValueChange;
}

export interface PackageValueChange {
  readonly field: keyof PackageValues;
  /** Undefined where that side took no value from package.json. */
  readonly committed: string | undefined;
  readonly current: string | undefined;
}

/** The path under which a lock written before LockFile.packageJson hashed the whole package.json. */
export const LEGACY_PACKAGE_INPUT = "package.json";

export interface LockDrift {
  /** Set when a different mcp-gen version wrote the committed lock. */
  readonly generatorVersion: ValueChange | undefined;
  readonly specRevision: ValueChange | undefined;
  readonly tools: {
    /** In the current lock only. */
    readonly added: readonly ToolRef[];
    /** In the committed lock only. */
    readonly removed: readonly ToolRef[];
    /** In both, with a different hash. */
    readonly changed: readonly ToolChange[];
    /** In both, written in a different descriptor file (whether or not the hash changed). */
    readonly moved: readonly ToolMove[];
  };
  /** Generated files, relative to what a build writes now. */
  readonly files: {
    /** Listed in both with different hashes: the committed file is out of date. */
    readonly stale: readonly string[];
    /** Written by a build now, not listed in the committed lock. */
    readonly missing: readonly string[];
    /** Listed in the committed lock, no longer written by a build. */
    readonly extra: readonly string[];
  };
  readonly inputs: {
    readonly changed: readonly string[];
    readonly added: readonly string[];
    readonly removed: readonly string[];
  };
  /**
   * package.json values that differ. A committed lock without packageJson (an earlier format) has
   * none to compare: its whole-file hash of package.json is left out of `inputs` too, and the
   * generated files say whether the values it used changed.
   */
  readonly packageJson: readonly PackageValueChange[];
}

/**
 * @example compareLock(parseLock(text, "mcp-tools.lock.json").value!, buildLock(input)).tools.changed
 */
export function compareLock(committed: LockFile, current: LockFile): LockDrift {
  const toolNames = compareKeys(committed.tools, current.tools);
  const files = compareKeys(committed.files, current.files);
  const legacy = committed.packageJson === undefined;
  const inputs = compareKeys(legacy ? withoutKey(committed.inputs, LEGACY_PACKAGE_INPUT) : committed.inputs, current.inputs);
  const changed: ToolChange[] = [];
  const moved: ToolMove[] = [];
  for (const name of toolNames.both) {
    const before = own(committed.tools, name)!;
    const after = own(current.tools, name)!;
    const parts = compareParts(before, after);
    if (before.sha256 !== after.sha256 || parts.length > 0) {
      changed.push({ name, file: after.file, sha256: { committed: before.sha256, current: after.sha256 }, parts });
    }
    if (before.file !== after.file) moved.push({ name, file: { committed: before.file, current: after.file } });
  }
  return {
    generatorVersion: valueChange(committed.generator.version, current.generator.version),
    specRevision: valueChange(committed.specRevision, current.specRevision),
    tools: {
      added: toolNames.onlyCurrent.map((name) => ({ name, file: own(current.tools, name)!.file })),
      removed: toolNames.onlyCommitted.map((name) => ({ name, file: own(committed.tools, name)!.file })),
      changed,
      moved,
    },
    files: {
      stale: files.both.filter((path) => own(committed.files, path) !== own(current.files, path)),
      missing: files.onlyCurrent,
      extra: files.onlyCommitted,
    },
    inputs: {
      changed: inputs.both.filter((path) => own(committed.inputs, path) !== own(current.inputs, path)),
      added: inputs.onlyCurrent,
      removed: inputs.onlyCommitted,
    },
    packageJson: legacy ? [] : comparePackageValues(committed.packageJson!, current.packageJson ?? {}),
  };
}

/** @example comparePackageValues({ version: "1.0.0" }, { version: "1.1.0" }) // [{ field: "version", committed: "1.0.0", current: "1.1.0" }] */
export function comparePackageValues(committed: PackageValues, current: PackageValues): PackageValueChange[] {
  const fields = ["name", "version"] as const;
  const value = (values: PackageValues, field: keyof PackageValues) => (Object.hasOwn(values, field) ? values[field] : undefined);
  return fields.filter((field) => value(committed, field) !== value(current, field)).map((field) => ({ field, committed: value(committed, field), current: value(current, field) }));
}

/**
 * True when the two locks differ in anything compareLock reports.
 * @example if (hasDrift(compareLock(committed, current))) exitCode = 1;
 */
export function hasDrift(drift: LockDrift): boolean {
  const { tools, files, inputs } = drift;
  return (
    drift.generatorVersion !== undefined ||
    drift.specRevision !== undefined ||
    [tools.added, tools.removed, tools.changed, tools.moved, files.stale, files.missing, files.extra, inputs.changed, inputs.added, inputs.removed, drift.packageJson].some((list) => list.length > 0)
  );
}

function compareParts(before: LockedTool, after: LockedTool): PartChange[] {
  const changes: PartChange[] = [];
  for (const part of TOOL_PARTS) {
    const a = own(before.parts, part);
    const b = own(after.parts, part);
    if (a === b) continue;
    changes.push({ part, change: a === undefined ? "added" : b === undefined ? "removed" : "changed" });
  }
  return changes;
}

interface KeyComparison {
  readonly both: string[];
  readonly onlyCommitted: string[];
  readonly onlyCurrent: string[];
}

function compareKeys(committed: object, current: object): KeyComparison {
  const before = Object.keys(committed);
  const after = new Set(Object.keys(current));
  const inBefore = new Set(before);
  return {
    both: before.filter((key) => after.has(key)).sort(compareText),
    onlyCommitted: before.filter((key) => !after.has(key)).sort(compareText),
    onlyCurrent: [...after].filter((key) => !inBefore.has(key)).sort(compareText),
  };
}

/** Own members only: a tool or path named "__proto__" or "constructor" is data, not a prototype. */
function own<T>(record: { readonly [key: string]: T }, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

function valueChange(committed: string, current: string): ValueChange | undefined {
  return committed === current ? undefined : { committed, current };
}
