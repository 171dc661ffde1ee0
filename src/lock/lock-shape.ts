// A parsed lock → whether it has exactly the shape schemas/mcp-tools.lock.schema.json describes.
// Pure, and written out by hand so that reading a good lock (every `check`, `build` and `diff`)
// compiles no JSON Schema: ajv only runs on a lock that fails here, to say what is wrong with it.
// It must never accept what the schema refuses; test/lock/lock-shape.test.ts holds it to ajv.
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { LOCK_GENERATOR_NAME, LOCKFILE_VERSION, PROJECT_PATH_PATTERN, SHA256_PATTERN, TOOL_PARTS } from "../model/lock.js";

const ROOT_KEYS = ["lockfileVersion", "generator", "specRevision", "tools", "inputs", "files"];
/** Optional at the root: a lock written before package.json's values were recorded lacks it. */
const PACKAGE_JSON_KEYS: ReadonlySet<string> = new Set(["name", "version"]);
/** Optional at the root: only a lock `mcp-gen import` wrote records the server. */
const SERVER_TEXT_KEYS: ReadonlySet<string> = new Set(["name", "version", "url", "file"]);
const TOOL_KEYS = ["file", "sha256", "parts", "descriptor"];
const GENERATOR_KEYS = ["name", "version"];
const PARTS: ReadonlySet<string> = new Set(TOOL_PARTS);
const REVISION = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;

/**
 * True when `value` is valid against the lock schema; false says only "ask the schema why".
 * @example isLockShape(JSON.parse(renderLock(lock))) === true
 */
export function isLockShape(value: JsonValue): boolean {
  if (!hasExactly(value, ROOT_KEYS, ["packageJson", "server"]) || value.lockfileVersion !== LOCKFILE_VERSION) return false;
  const { generator, specRevision, tools, inputs, files, packageJson, server } = value;
  if (packageJson !== undefined && !isPackageValues(packageJson)) return false;
  if (server !== undefined && !isServerRecord(server)) return false;
  if (!hasExactly(generator, GENERATOR_KEYS) || generator.name !== LOCK_GENERATOR_NAME) return false;
  if (typeof generator.version !== "string" || generator.version === "") return false;
  if (typeof specRevision !== "string" || !REVISION.test(specRevision)) return false;
  if (!isJsonObject(tools) || !isHashMap(inputs) || !isHashMap(files)) return false;
  for (const key of Object.keys(tools)) if (!isLockedTool(tools[key]!)) return false;
  return true;
}

function isLockedTool(tool: JsonValue): boolean {
  if (!hasExactly(tool, TOOL_KEYS)) return false;
  const { file, sha256, parts, descriptor } = tool;
  if (typeof file !== "string" || !PROJECT_PATH_PATTERN.test(file) || !isSha256(sha256)) return false;
  if (!isJsonObject(parts)) return false;
  for (const key of Object.keys(parts)) if (!PARTS.has(key) || !isSha256(parts[key])) return false;
  return isJsonObject(descriptor) && Object.hasOwn(descriptor, "name") && typeof descriptor.name === "string";
}

/** An object keyed by project-relative paths whose values are SHA-256 hex. */
function isHashMap(value: JsonValue | undefined): boolean {
  if (!isJsonObject(value)) return false;
  for (const key of Object.keys(value)) if (!PROJECT_PATH_PATTERN.test(key) || !isSha256(value[key])) return false;
  return true;
}

function isSha256(value: JsonValue | undefined): boolean {
  return typeof value === "string" && SHA256_PATTERN.test(value);
}

function isPackageValues(value: JsonValue): boolean {
  return isJsonObject(value) && Object.keys(value).every((key) => PACKAGE_JSON_KEYS.has(key) && typeof value[key] === "string");
}

function isServerRecord(value: JsonValue): boolean {
  if (!isJsonObject(value)) return false;
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (key === "command") {
      if (!Array.isArray(member) || member.length === 0 || !member.every((word) => typeof word === "string")) return false;
    } else if (!SERVER_TEXT_KEYS.has(key) || typeof member !== "string" || ((key === "url" || key === "file") && member === "")) {
      return false;
    }
  }
  return true;
}

/** An object with every one of `keys` as an own property, and no other but those of `optional`. */
function hasExactly(value: JsonValue | undefined, keys: readonly string[], optional: readonly string[] = []): value is JsonObject {
  if (!isJsonObject(value)) return false;
  const own = Object.keys(value);
  const extra = optional.filter((key) => Object.hasOwn(value, key)).length;
  return own.length === keys.length + extra && keys.every((key) => Object.hasOwn(value, key));
}
