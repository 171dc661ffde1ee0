// The lock import had and the one it writes → what changed in it besides the tools, in words, so
// that `import --update` says exactly what it wrote when the server changed no tool ("Wrote
// mcp-tools.lock.json: no tool changed; it now records the server it pins."). Pure.
import { canonicalJson } from "../lock/canonical-json.js";
import { compareText } from "../model/diagnostic.js";
import type { JsonValue } from "../model/json.js";
import type { LockFile } from "../model/lock.js";

/**
 * Phrases for each difference outside `tools` and the descriptors' hashes: the server record,
 * mcp-gen's version, the MCP revision, package.json's values, other inputs. `files` is never
 * changed by import.
 * @example lockUpdates(previous, next) // ["the server it pins", "the hash of mcp-gen.config.yaml"]
 */
export function lockUpdates(before: LockFile, after: LockFile, descriptors: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const was = before.server;
  const now = after.server;
  if (was === undefined && now !== undefined) out.push("the server it pins");
  else if (was !== undefined && now === undefined) out.push("no server any more");
  else if (was !== undefined && now !== undefined) {
    if (was.name !== now.name) out.push(`the server's name ${show(now.name)} (was ${show(was.name)})`);
    if (was.version !== now.version) out.push(`the server's version ${show(now.version)} (was ${show(was.version)})`);
    const kind = (record: typeof was) => (record.command ? "command" : record.url !== undefined ? "url" : record.file !== undefined ? "file" : "none");
    if (kind(was) !== kind(now)) out.push("where the tools came from");
    else if (kind(now) === "command" && canonicalJson(was.command as JsonValue) !== canonicalJson(now.command as JsonValue)) out.push("the server's command");
    else if (was.url !== now.url) out.push("the server's URL");
    else if (was.file !== now.file) out.push("the file the tools came from");
  }
  if (before.generator.version !== after.generator.version) out.push(`mcp-gen's version ${after.generator.version} (was ${before.generator.version})`);
  if (before.specRevision !== after.specRevision) out.push(`the MCP revision ${after.specRevision} (was ${before.specRevision})`);
  if (before.packageJson === undefined && after.packageJson !== undefined) out.push("package.json's values in the current lock format");
  else if (canonicalJson((before.packageJson ?? {}) as JsonValue) !== canonicalJson((after.packageJson ?? {}) as JsonValue)) out.push("package.json's values");
  const inputs = [...new Set([...Object.keys(before.inputs), ...Object.keys(after.inputs)])]
    .filter((path) => !descriptors.has(path) && (Object.hasOwn(before.inputs, path) ? before.inputs[path] : undefined) !== (Object.hasOwn(after.inputs, path) ? after.inputs[path] : undefined))
    .sort(compareText);
  for (const path of inputs) out.push(Object.hasOwn(after.inputs, path) ? `the hash of ${path}` : `no hash of ${path}`);
  return out;
}

/** "a, b and c". */
export function joinPhrases(phrases: readonly string[]): string {
  return phrases.length <= 1 ? (phrases[0] ?? "") : `${phrases.slice(0, -1).join(", ")} and ${phrases[phrases.length - 1]}`;
}

function show(value: string | undefined): string {
  return value === undefined ? "none" : JSON.stringify(value);
}
