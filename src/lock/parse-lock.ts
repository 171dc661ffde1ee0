// Text of mcp-tools.lock.json → LockFile, checked against schemas/mcp-tools.lock.schema.json. A
// malformed, truncated, merge-conflicted or hand-edited lock gives positioned `lock-invalid`
// diagnostics and no value; it never throws. Never reads the disk.
import type { ErrorObject } from "ajv";
import { newAjv } from "../compile/load-ajv.js";
import { sortDiagnostics, type Diagnostic, type StageResult } from "../model/diagnostic.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { LOCKFILE_VERSION, TOOL_PARTS, type LockFile } from "../model/lock.js";
import { joinPointer, splitPointer } from "../model/pointer.js";
import type { SourceDoc } from "../model/source.js";
import { SPEC_REVISION } from "../model/spec.js";
import { diagnosticAt, quote } from "../load/diagnostic-at.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "../load/limits.js";
import { computeLineStarts } from "../load/line-index.js";
import { diagnosticAtPointer, type SpanTarget } from "../load/locate.js";
import { parseJsonText } from "../load/parse-json.js";
import schema from "../../schemas/mcp-tools.lock.schema.json" with { type: "json" };
import { checkLockHashes } from "./check-lock-hashes.js";
import { isLockShape } from "./lock-shape.js";
import { renderLock } from "./render-lock.js";
import { describeLockPointer } from "./describe-lock-pointer.js";

export const LOCK_INVALID = "lock-invalid";

interface Problem {
  readonly pointer: string;
  readonly message: string;
  readonly hint?: string;
  readonly target?: SpanTarget;
}

/**
 * Parses and validates a lock file; `file` is its project-relative path, for diagnostics. `limits`
 * are the project's descriptor limits: the lock holds every descriptor three levels down, so it may
 * nest that much deeper, and it holds as many nodes as all descriptors together.
 * @example parseLock(await readFile("mcp-tools.lock.json", "utf8"), "mcp-tools.lock.json").value?.tools
 */
export function parseLock(text: string, file: string, limits: LoadLimits = DEFAULT_LOAD_LIMITS): StageResult<LockFile | undefined> {
  // Most locks are exactly what renderLock wrote: JSON.parse reads them fast, and only a lock with a
  // problem is parsed again with positions for its diagnostics.
  const rendered = parseRendered(text);
  if (rendered !== undefined && findProblems(rendered.value, rendered.order).length === 0) return { value: rendered.value as unknown as LockFile, diagnostics: [] };
  const doc = parseJsonDoc(text, file, { ...limits, maxDepth: limits.maxDepth + LOCK_NESTING, maxNodes: Number.MAX_SAFE_INTEGER });
  if (!("value" in doc)) return { value: undefined, diagnostics: doc.diagnostics };
  const problems = findProblems(doc.value);
  if (problems.length === 0) return { value: doc.value as unknown as LockFile, diagnostics: [] };
  const regenerate = regenerateHint(file);
  const diagnostics = problems.map((p) => diagnosticAtPointer(doc, p.pointer, { ruleId: LOCK_INVALID, severity: "error", message: p.message, hint: p.hint ?? regenerate }, p.target));
  return { value: undefined, diagnostics: sortDiagnostics(diagnostics) };
}

/**
 * The lock in `text` when it is JSON of the lock's shape whose recorded hashes are its recorded
 * descriptors' own, else undefined; no diagnostics. For `check`'s fast path: it does not render the
 * lock again to prove that the text is exactly what a build writes (parseLock does; a lock that
 * only that would refuse, say one with a duplicate key, is refused by `check --full` and `build`).
 * @example parseTrustedLock(renderLock(lock))?.files
 */
export function parseTrustedLock(text: string): LockFile | undefined {
  const lock = parseTrustedShape(text);
  return lock && checkLockHashes(lock, isSortedDeep(lock as unknown as JsonValue) ? "sorted" : "any").length === 0 ? lock : undefined;
}

/**
 * The lock in `text` when it is JSON of the lock's shape, else undefined: no more. For a lock whose
 * text is known to be what a build wrote (the build cache records its hash).
 */
export function parseTrustedShape(text: string): LockFile | undefined {
  try {
    const value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as JsonValue;
    return isLockShape(value) ? (value as unknown as LockFile) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The lock in `text`, read with JSON.parse alone: for a lock whose text the build cache vouches for
 * (its SHA-256 is that of the lock this very mcp-gen wrote, so its shape was checked when it was
 * made). Undefined if it does not even parse as an object.
 */
export function parseVouchedLock(text: string): LockFile | undefined {
  try {
    const value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as JsonValue;
    if (!isJsonObject(value)) return undefined;
    return [value.tools, value.files, value.inputs].every((member) => member !== undefined && isJsonObject(member)) ? (value as unknown as LockFile) : undefined;
  } catch {
    return undefined;
  }
}

function findProblems(root: JsonValue, order: "any" | "sorted" = "any"): readonly Problem[] {
  const schemaProblems = checkVersion(root) ?? checkSchema(root);
  // Hashes are compared with the recorded descriptors only once the shape is known to be right.
  return schemaProblems.length > 0 ? schemaProblems : checkLockHashes(root as unknown as LockFile, order);
}

/**
 * The value of a lock whose text is byte for byte what renderLock writes for it (line ends and a BOM
 * aside), else undefined. Rendering again proves there is no duplicate key, comment or hand edit
 * that JSON.parse would let through.
 */
function parseRendered(raw: string): { value: JsonValue; order: "any" | "sorted" } | undefined {
  const unmarked = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const text = unmarked.includes("\r") ? unmarked.replace(/\r\n/g, "\n") : unmarked;
  try {
    const value = JSON.parse(text) as JsonValue;
    if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
    // When every object's members are in sorted order (JSON.parse keeps the text's order, so this
    // also means the text had them sorted), renderLock writes exactly what JSON.stringify does with
    // a two-space indent, natively and several times faster. Integer-like keys, which objects keep
    // in numeric order, fail the test and take the general way.
    const sorted = isSortedDeep(value);
    const rendered = sorted ? `${JSON.stringify(value, null, 2)}\n` : renderLock(value as unknown as LockFile);
    return rendered === text ? { value, order: sorted ? "sorted" : "any" } : undefined;
  } catch {
    // Not JSON, or nested deeper than the stack allows: the careful parse below reports it.
    return undefined;
  }
}

/** True when the members of every object in `value` are in the order renderLock writes them. */
function isSortedDeep(value: JsonValue): boolean {
  if (value === null || typeof value !== "object") return true;
  if (Array.isArray(value)) return value.every(isSortedDeep);
  let previous: string | undefined;
  for (const key of Object.keys(value)) {
    if (previous !== undefined && !(previous < key)) return false;
    previous = key;
    if (!isSortedDeep((value as Record<string, JsonValue>)[key]!)) return false;
  }
  return true;
}

/** Always JSON, whatever the file is called: a lock written as YAML or with comments is hand-made. */
/** Levels above a descriptor in the lock: the root, `tools`, the entry, `descriptor`. */
const LOCK_NESTING = 4;

function parseJsonDoc(raw: string, file: string, limits: LoadLimits): SourceDoc | { readonly diagnostics: Diagnostic[] } {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  const lineStarts = computeLineStarts(text);
  const parsed = parseJsonText(file, text, lineStarts, limits);
  // Warnings (a big number a hand edit wrote, load-number-precision) leave the lock readable.
  if (parsed.value !== undefined && !parsed.diagnostics.some((d) => d.severity === "error")) return { file, text, value: parsed.value, spans: parsed.spans, lineStarts };
  const conflict = /^(?:<{7}|={7}|>{7})(?:[ \t]|\r?$)/m.exec(text);
  if (conflict) {
    return {
      diagnostics: [
        diagnosticAt(
          file,
          lineStarts,
          { start: conflict.index, end: conflict.index + 7 },
          {
            ruleId: LOCK_INVALID,
            severity: "error",
            message: `${file} holds a merge conflict marker ${quote(conflict[0].trim())}.`,
            hint: `Run \`mcp-gen build\` on the merged descriptors to write ${file} again, instead of merging hashes by hand.`,
          },
        ),
      ],
    };
  }
  const hint = regenerateHint(file);
  return { diagnostics: parsed.diagnostics.map((d) => ({ ...d, ruleId: LOCK_INVALID, hint })) };
}

function regenerateHint(file: string): string {
  return `Do not edit ${file} by hand; restore it from version control or run \`mcp-gen build\` to write it again.`;
}

/** A lock of another format version is reported once, not as a list of schema mismatches. */
function checkVersion(root: JsonValue): Problem[] | undefined {
  const version = getOwn(root, "lockfileVersion");
  if (version === undefined || version === LOCKFILE_VERSION) return undefined;
  const writer = getOwn(getOwn(root, "generator"), "version");
  const newer = typeof version === "number" && version > LOCKFILE_VERSION;
  return [
    {
      pointer: "/lockfileVersion",
      message: `lockfileVersion is ${JSON.stringify(version)}; this mcp-gen reads lock file version ${LOCKFILE_VERSION}.`,
      hint:
        newer && typeof writer === "string"
          ? `Upgrade mcp-gen to ${writer} or later, the version that wrote this lock.`
          : newer
            ? "Upgrade mcp-gen to the version that wrote this lock."
            : "Run `mcp-gen build` to write the lock again in this format.",
    },
  ];
}

function checkSchema(root: JsonValue): Problem[] {
  if (isLockShape(root)) return [];
  // ajv loads only for a lock that fails the hand-written shape check: reading a good lock, which
  // every `check` does, costs no ajv start-up. Compiled per call: stages keep no module-level state,
  // and a lock is parsed once per command.
  const validate = newAjv("2020-12", { strict: true, allErrors: true }).compile(schema);
  if (validate(root)) return [];
  const errors = validate.errors ?? [];
  // propertyNames reports each bad name twice: once as the failed pattern, once as propertyNames.
  return errors.filter((e) => !(e.keyword === "pattern" && e.propertyName !== undefined)).map((e) => describeError(e, root));
}

const PART_LIST = TOOL_PARTS.join(", ");

function describeError(error: ErrorObject, root: JsonValue): Problem {
  const pointer = error.instancePath;
  const where = describeLockPointer(pointer);
  const value = valueAtPointer(root, pointer);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "additionalProperties": {
      const key = String(params.additionalProperty);
      const isParts = /^\/tools\/[^/]*\/parts$/.test(pointer);
      return {
        pointer: joinPointer(pointer, key),
        target: "key",
        message: isParts ? `${where} has an unknown part ${quote(key)}; the parts are ${PART_LIST}.` : `${where} has an unknown key ${quote(key)}.`,
      };
    }
    case "required":
      return { pointer: joinPointer(pointer, String(params.missingProperty)), message: `${where} has no ${quote(String(params.missingProperty))}.` };
    case "propertyNames": {
      const key = String(params.propertyName);
      return { pointer: joinPointer(pointer, key), target: "key", message: `${quote(key)} in ${where} is not a project-relative path with forward slashes.` };
    }
    case "pattern":
      return { pointer, message: `${where} is ${show(value)}, which is not ${PATTERN_MEANING[error.schemaPath] ?? `of the form ${quote(String(params.pattern))}`}.` };
    case "const":
      return { pointer, message: `${where} is ${show(value)}; it must be ${JSON.stringify(params.allowedValue)}.` };
    case "type":
      return { pointer, message: `${where} is ${describeType(value)}; it must be ${params.type === "object" ? "an object" : `a ${String(params.type)}`}.` };
    default:
      return { pointer, message: `${where} is ${show(value)}, but it ${error.message ?? "is not valid"}.` };
  }
}

/** What each pattern of the lock schema means, by its schema path. */
const PATTERN_MEANING: Readonly<Record<string, string>> = {
  "#/$defs/sha256/pattern": "a SHA-256 in lowercase hex (64 characters 0-9, a-f)",
  "#/properties/specRevision/pattern": `an MCP revision date such as "${SPEC_REVISION}"`,
};

function valueAtPointer(root: JsonValue, pointer: string): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const token of splitPointer(pointer)) current = getOwn(current, token);
  return current;
}

function show(value: JsonValue | undefined): string {
  if (typeof value === "string") return quote(value);
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  return describeType(value);
}

function describeType(value: JsonValue | undefined): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `the string ${quote(value)}`;
  return `the ${typeof value} ${String(value)}`;
}
