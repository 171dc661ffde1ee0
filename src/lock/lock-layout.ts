// The lock as bytes, laid out the way renderLock writes it: every member but `tools` on lines of
// their own, then one block per tool. A rebuild changes one or two tools of hundreds; this reads a
// lock the build cache vouches for block by block (each block decoded and parsed on its own, so one
// non-ASCII character does not turn the whole 3 MB text into a two-byte string) and writes the next
// lock with every block whose tool did not change copied over as the bytes it was read as. Both
// directions give exactly what decoding, JSON.parse and renderLock give (test/lock/lock-layout.test.ts).
import type { LockedTool, LockFile } from "../model/lock.js";
import { renderLock, renderMember } from "./render-lock.js";

/** A lock read block by block: its value, and the bytes of each tool's block by the entry read from it. */
export interface LockLayout {
  readonly lock: LockFile;
  /** The bytes of each block (`    "<name>": {` … `    }`), by the entry parsed from it. */
  readonly blocks: ReadonlyMap<LockedTool, Uint8Array>;
  /** Whether any block or the rest holds a key that looks like an array index (see renderLock). */
  readonly integerKeys: boolean;
}

const TOOLS_KEY = '\n  "tools": ';
/** Where one block ends and the next starts: only tool blocks have lines indented by four spaces. */
const BETWEEN_BLOCKS = Buffer.from('\n    },\n    "');
const BLOCK_CLOSE = "\n    }".length;
const TOOLS_CLOSE = Buffer.from("\n  }");
/** A member name JavaScript objects order first (an array index), anywhere in a JSON text. */
const INTEGER_KEY = /"(?:0|[1-9][0-9]{0,9})":/;

/**
 * The lock in `bytes`, read block by block, when the text is laid out as renderLock writes it (UTF-8,
 * no byte order mark, `tools` an object member of its own); undefined for any other layout, which the
 * caller reads whole. For a lock whose bytes the build cache vouches for: like parseVouchedLock, it
 * checks the shape only as far as it reads it.
 * @example readLockLayout(readFileSync("mcp-tools.lock.json"))?.lock.tools
 */
export function readLockLayout(bytes: Uint8Array): LockLayout | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keyAt = buffer.indexOf(TOOLS_KEY);
  // A byte order mark or a carriage return: not renderLock's bytes, whatever JSON.parse makes of them.
  if (keyAt < 0 || buffer[0] !== 0x7b || buffer.indexOf(0x0d) >= 0) return undefined;
  const open = keyAt + TOOLS_KEY.length;
  if (buffer[open] !== 0x7b) return undefined;
  const empty = buffer[open + 1] === 0x7d;
  if (!empty && buffer[open + 1] !== 0x0a) return undefined;
  const closeAt = empty ? open + 1 : buffer.indexOf(TOOLS_CLOSE, open);
  if (closeAt < 0) return undefined;
  const afterTools = empty ? open + 2 : closeAt + TOOLS_CLOSE.length;
  const blocks = new Map<LockedTool, Uint8Array>();
  const tools: Record<string, LockedTool> = {};
  let integerKeys = false;
  try {
    // Every member but `tools`, with `tools` as an empty object.
    const rest = buffer.toString("utf8", 0, open) + "{}" + buffer.toString("utf8", afterTools);
    integerKeys = INTEGER_KEY.test(rest);
    const value = JSON.parse(rest) as { tools?: unknown } | null;
    if (value === null || typeof value !== "object" || Array.isArray(value) || !isEmptyObject(value.tools)) return undefined;
    // The blocks: `{\n` + block + (`,\n` + block)* + `\n  }`.
    let start = open + 2;
    while (!empty && start < closeAt) {
      const between = buffer.indexOf(BETWEEN_BLOCKS, start);
      const end = between >= 0 && between < closeAt ? between + BLOCK_CLOSE : closeAt;
      const block = buffer.subarray(start, end);
      const text = block.toString("utf8");
      if (!integerKeys && INTEGER_KEY.test(text)) integerKeys = true;
      const member = JSON.parse(`{${text}}`) as Record<string, unknown>;
      const names = Object.keys(member);
      if (names.length !== 1 || !text.startsWith(`    ${JSON.stringify(names[0])}: {`)) return undefined;
      const name = names[0]!;
      const entry = member[name];
      if (Object.hasOwn(tools, name) || entry === null || typeof entry !== "object" || Array.isArray(entry)) return undefined;
      setOwn(tools, name, entry as LockedTool);
      blocks.set(entry as LockedTool, block);
      start = end + 2;
    }
    if (!empty && start !== closeAt + 2) return undefined;
    const lock = { ...(value as object), tools } as LockFile;
    if (![lock.files, lock.inputs].every((member) => member !== null && typeof member === "object" && !Array.isArray(member))) return undefined;
    return { lock, blocks, integerKeys };
  } catch {
    return undefined;
  }
}

/**
 * Buffer.from(renderLock(lock, inOrder)), with the block of every tool whose entry has the same file,
 * hashes and descriptor object (the very one read from it) as an entry of `last` copied from there.
 * @example writeFileSync("mcp-tools.lock.json", renderLockBytes(lock, inOrder, previousLayout))
 */
export function renderLockBytes(lock: LockFile, inOrder?: ReadonlySet<object>, last?: LockLayout): Buffer {
  const names = Object.keys(lock.tools).sort();
  // Integer-like names are ordered by renderLock's general way; so is a lock that needs it elsewhere.
  if (!last || names.some((name) => INTEGER_KEY.test(`"${name}":`))) return Buffer.from(renderLock(lock, inOrder), "utf8");
  const rest = renderLock({ ...lock, tools: {} }, inOrder);
  const at = rest.indexOf(`${TOOLS_KEY}{}`);
  if (at < 0) return Buffer.from(renderLock(lock, inOrder), "utf8");
  const lastBlocks = blocksByDescriptor(last);
  const pieces: Uint8Array[] = [Buffer.from(rest.slice(0, at + TOOLS_KEY.length), "utf8")];
  names.forEach((name, i) => {
    const entry = lock.tools[name]!;
    const kept = lastBlocks.get(entry.descriptor);
    const block = kept && sameEntry(kept.entry, entry) && kept.name === name ? kept.bytes : Buffer.from(`    ${JSON.stringify(name)}: ${renderMember(entry, "    ", inOrder)}`, "utf8");
    pieces.push(i === 0 ? OPEN_TOOLS : NEXT_BLOCK, block);
  });
  pieces.push(names.length === 0 ? NO_TOOLS : TOOLS_CLOSE, Buffer.from(rest.slice(at + TOOLS_KEY.length + 2), "utf8"));
  return Buffer.concat(pieces);
}

const OPEN_TOOLS = Buffer.from("{\n");
const NEXT_BLOCK = Buffer.from(",\n");
const NO_TOOLS = Buffer.from("{}");

interface LastBlock {
  readonly name: string;
  readonly entry: LockedTool;
  readonly bytes: Uint8Array;
}

function blocksByDescriptor(layout: LockLayout): Map<object, LastBlock> {
  const byDescriptor = new Map<object, LastBlock>();
  for (const [name, entry] of Object.entries(layout.lock.tools)) {
    const bytes = layout.blocks.get(entry);
    if (bytes && typeof entry.descriptor === "object" && entry.descriptor !== null) byDescriptor.set(entry.descriptor, { name, entry, bytes });
  }
  return byDescriptor;
}

/** Same file and hashes, and exactly the members renderLock writes for a tool (no others). */
function sameEntry(last: LockedTool, next: LockedTool): boolean {
  const keys = Object.keys(next);
  if (keys.length !== Object.keys(last).length || !keys.every((key) => ENTRY_KEYS.has(key))) return false;
  if (last.file !== next.file || last.sha256 !== next.sha256) return false;
  const lastParts = Object.entries(last.parts);
  const nextParts = next.parts as Readonly<Record<string, string | undefined>>;
  return lastParts.length === Object.keys(next.parts).length && lastParts.every(([part, hash]) => nextParts[part] === hash);
}

const ENTRY_KEYS: ReadonlySet<string> = new Set(["descriptor", "file", "parts", "sha256"]);

function isEmptyObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0;
}

function setOwn(target: Record<string, LockedTool>, key: string, value: LockedTool): void {
  // Only `__proto__` needs defining (an assignment would set the prototype); defining each of a
  // thousand members costs more than the rest of the read.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
