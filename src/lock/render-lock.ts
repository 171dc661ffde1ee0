// LockFile → the text of mcp-tools.lock.json. Keys sorted by UTF-16 code units at every level (as in
// RFC 8785, so the order is the same everywhere), two-space indent, one member per line and a final
// newline: each tool is one block, and a pull request diff shows exactly which hashes changed.
import type { LockFile } from "../model/lock.js";

/**
 * @example writeFile(config.lock, renderLock(buildLock(input)))
 */
export function renderLock(lock: LockFile, inOrder?: ReadonlySet<object>): string {
  const sorted = sortedCopy(lock as unknown as Renderable, inOrder);
  // JSON.stringify writes a tree whose members are all in order exactly as renderValue does, natively.
  return (sorted !== undefined ? JSON.stringify(sorted, null, 2) : renderValue(lock as unknown as Renderable, "")) + "\n";
}

/** Whether `text` is `lock`'s text as renderLock writes it (CRLF line ends taken as LF, as a Windows checkout has them). */
export function laidOutAsBuilt(lock: LockFile, text: string): boolean {
  return renderLock(lock) === text.replace(/\r\n/g, "\n");
}

/**
 * The text renderLock writes for `value` as a member at `indent` (its first line not indented): one
 * tool's block of a lock, rendered on its own (lock-layout.ts).
 */
export function renderMember(value: unknown, indent: string, inOrder?: ReadonlySet<object>): string {
  const sorted = sortedCopy(value as Renderable, inOrder);
  // JSON strings hold no raw line break: every one starts a line of the member, one level deeper.
  return sorted !== undefined ? JSON.stringify(sorted, null, 2).replaceAll("\n", `\n${indent}`) : renderValue(value as Renderable, indent);
}

/**
 * `value` with the members of every object in sorted order (objects already in order are taken as
 * they are), or undefined when an object has an integer-like key: objects keep those first, in
 * numeric order, whatever order they are given in. `inOrder`: objects known to be in order at every
 * depth with no integer-like key (descriptors read back from a lock renderLock wrote), not walked.
 */
function sortedCopy(value: Renderable, inOrder?: ReadonlySet<object>): Renderable | undefined {
  if (value === null || typeof value !== "object" || inOrder?.has(value)) return value;
  if (Array.isArray(value)) {
    const items = value as readonly Renderable[];
    let copy: Renderable[] | undefined;
    for (let i = 0; i < items.length; i++) {
      const item = sortedCopy(items[i]!, inOrder);
      if (item === undefined) return undefined;
      if (item !== items[i]) (copy ??= [...items])[i] = item;
    }
    return copy ?? items;
  }
  const object = value as { readonly [key: string]: Renderable | undefined };
  const keys = Object.keys(object);
  let changed = false;
  for (let i = 0; i < keys.length; i++) {
    if (INTEGER_LIKE.test(keys[i]!)) return undefined;
    if (i > 0 && !(keys[i - 1]! < keys[i]!)) changed = true;
  }
  const members: [string, Renderable | undefined][] = [];
  for (const key of changed ? keys.sort() : keys) {
    const member = object[key];
    const copy = member === undefined ? undefined : sortedCopy(member, inOrder);
    if (member !== undefined && copy === undefined) return undefined;
    if (copy !== member) changed = true;
    members.push([key, copy]);
  }
  if (!changed) return value;
  const out: Record<string, Renderable | undefined> = {};
  for (const [key, member] of members) {
    if (key === "__proto__") Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
    else out[key] = member;
  }
  return out;
}

/** Keys an object orders before all others, by number (array indices, up to 2^32 - 2). */
const INTEGER_LIKE = /^(?:0|[1-9][0-9]{0,9})$/;

type Renderable = null | boolean | number | string | readonly Renderable[] | { readonly [key: string]: Renderable | undefined };

// JSON.stringify(value, null, 2) is not used for objects: it writes integer-like keys ("10", "9")
// first in numeric order whatever order they were inserted in. The text is built by concatenation
// (V8 joins the pieces lazily), and members already in order skip the sort.
function renderValue(value: Renderable, indent: string): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  const inner = indent + "  ";
  if (Array.isArray(value)) {
    const items = value as readonly Renderable[];
    if (items.length === 0) return "[]";
    let out = "[\n";
    for (let i = 0; i < items.length; i++) out += (i > 0 ? ",\n" : "") + inner + renderValue(items[i]!, inner);
    return out + "\n" + indent + "]";
  }
  const object = value as { readonly [key: string]: Renderable | undefined };
  const keys = sortedKeys(object);
  let out = "";
  for (const key of keys) {
    const member = object[key];
    if (member === undefined) continue;
    out += (out === "" ? "{\n" : ",\n") + inner + JSON.stringify(key) + ": " + renderValue(member, inner);
  }
  return out === "" ? "{}" : out + "\n" + indent + "}";
}

function sortedKeys(object: object): string[] {
  const keys = Object.keys(object);
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return keys.sort();
  return keys;
}
