// The lock as bytes, laid out the way renderLock writes it: every member but `tools` on lines of
// their own, then one block per tool. A rebuild changes one or two tools of hundreds; for a lock the
// build cache vouches for (its bytes are what this mcp-gen last wrote), this finds each tool's block
// in the bytes, and the next lock is written with the block of every tool that did not change
// copied over as it was read, instead of rendering and encoding 3 MB again. What it writes is
// exactly renderLock's text (test/lock/lock-layout.test.ts).
import type { BytePieces } from "../files/byte-pieces.js";
import type { LockedTool, LockFile } from "../model/lock.js";
import { renderLock, renderMember } from "./render-lock.js";

/** A lock and the bytes of each tool's block (`    "<name>": {` … `    }`) in the text it was read from. */
export interface LockLayout {
  readonly lock: LockFile;
  /** By the entry of `lock` the block holds. */
  readonly blocks: ReadonlyMap<LockedTool, Uint8Array>;
}

const TOOLS_KEY = '\n  "tools": ';
/** Where one block ends and the next starts: only tool blocks have lines indented by four spaces. */
const BETWEEN_BLOCKS = Buffer.from('\n    },\n    "');
const BLOCK_CLOSE = "\n    }".length;
const TOOLS_CLOSE = Buffer.from("\n  }");
/** A member name JavaScript objects order first (an array index). */
const INTEGER_LIKE = /^(?:0|[1-9][0-9]{0,9})$/;

/**
 * The block of each of `lock`'s tools in `bytes`, the text `lock` was parsed from, when the text is
 * laid out as renderLock writes it (no byte order mark, no carriage return, one block per tool, each
 * opening with its tool's name as JSON.stringify writes it); else undefined. Only for a lock whose
 * bytes are what renderLock wrote (the build cache vouches for them): a block is taken to be its
 * entry's rendering, and is not rendered again to prove it.
 * @example readLockLayout(bytes, parseVouchedLock(bytes.toString("utf8"))!)?.blocks
 */
export function readLockLayout(bytes: Uint8Array, lock: LockFile): LockLayout | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keyAt = buffer.indexOf(TOOLS_KEY);
  if (keyAt < 0 || buffer[0] !== 0x7b || buffer.indexOf(0x0d) >= 0) return undefined;
  const open = keyAt + TOOLS_KEY.length;
  const names = Object.keys(lock.tools);
  if (buffer[open] !== 0x7b) return undefined;
  if (buffer[open + 1] === 0x7d) return names.length === 0 ? { lock, blocks: new Map() } : undefined;
  if (buffer[open + 1] !== 0x0a) return undefined;
  const closeAt = buffer.indexOf(TOOLS_CLOSE, open);
  if (closeAt < 0) return undefined;
  const blocks = new Map<LockedTool, Uint8Array>();
  let start = open + 2;
  while (start < closeAt) {
    const between = buffer.indexOf(BETWEEN_BLOCKS, start);
    const end = between >= 0 && between < closeAt ? between + BLOCK_CLOSE : closeAt;
    const name = blockName(buffer, start, end);
    const entry = name === undefined || !Object.hasOwn(lock.tools, name) ? undefined : lock.tools[name];
    if (entry === undefined || blocks.has(entry)) return undefined;
    blocks.set(entry, buffer.subarray(start, end));
    start = end + 2;
  }
  return start === closeAt + 2 && blocks.size === names.length ? { lock, blocks } : undefined;
}

/** The tool name a block opens with (`    "<name>": {`), when it is written as JSON.stringify writes it. */
function blockName(buffer: Buffer, start: number, end: number): string | undefined {
  const lineEnd = buffer.indexOf(0x0a, start);
  if (lineEnd < 0 || lineEnd > end) return undefined;
  const line = buffer.toString("utf8", start, lineEnd);
  if (!line.startsWith('    "') || !line.endsWith('": {')) return undefined;
  const quoted = line.slice(4, -3);
  try {
    const name: unknown = JSON.parse(quoted);
    return typeof name === "string" && JSON.stringify(name) === quoted ? name : undefined;
  } catch {
    return undefined;
  }
}

/**
 * renderLock(lock, inOrder) as UTF-8 in pieces (src/files/byte-pieces.ts: joined, they are the
 * lock), with the block of every tool whose entry has the same file, hashes and descriptor object
 * (the very one read from it) as an entry of `last` copied from there: runs of the last lock's
 * bytes, never joined into a new 3 MB buffer.
 * @example writeNewPiecesSync("mcp-tools.lock.json", renderLockBytes(lock, inOrder, previousLayout))
 */
export function renderLockBytes(lock: LockFile, inOrder?: ReadonlySet<object>, last?: LockLayout): BytePieces {
  const names = Object.keys(lock.tools).sort();
  // Integer-like names are ordered by renderLock's general way; so is a lock that needs it elsewhere.
  if (!last || names.some((name) => INTEGER_LIKE.test(name))) return [Buffer.from(renderLock(lock, inOrder), "utf8")];
  const rest = renderLock({ ...lock, tools: {} }, inOrder);
  const at = rest.indexOf(`${TOOLS_KEY}{}`);
  if (at < 0) return [Buffer.from(renderLock(lock, inOrder), "utf8")];
  const lastBlocks = blocksByDescriptor(last);
  const pieces: Uint8Array[] = [Buffer.from(rest.slice(0, at + TOOLS_KEY.length), "utf8")];
  // Kept blocks that follow each other in the last lock are copied as one run of its bytes (with the
  // `,\n` between them): a rebuild copies a handful of runs, not a thousand blocks.
  let run: Uint8Array | undefined;
  const endRun = () => {
    if (run) pieces.push(run);
    run = undefined;
  };
  names.forEach((name, i) => {
    const entry = lock.tools[name]!;
    const kept = lastBlocks.get(entry.descriptor);
    if (kept && sameEntry(kept.entry, entry) && kept.name === name) {
      const block = kept.bytes;
      if (run && block.buffer === run.buffer && block.byteOffset === run.byteOffset + run.byteLength + NEXT_BLOCK.length) {
        run = new Uint8Array(run.buffer, run.byteOffset, run.byteLength + NEXT_BLOCK.length + block.byteLength);
        return;
      }
      endRun();
      pieces.push(i === 0 ? OPEN_TOOLS : NEXT_BLOCK);
      run = block;
      return;
    }
    endRun();
    pieces.push(i === 0 ? OPEN_TOOLS : NEXT_BLOCK, Buffer.from(`    ${JSON.stringify(name)}: ${renderMember(entry, "    ", inOrder)}`, "utf8"));
  });
  endRun();
  pieces.push(names.length === 0 ? NO_TOOLS : TOOLS_CLOSE, Buffer.from(rest.slice(at + TOOLS_KEY.length + 2), "utf8"));
  return pieces;
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
  if (last.file !== next.file || last.sha256 !== next.sha256 || !isRecord(last.parts) || !isRecord(next.parts)) return false;
  const lastParts = Object.entries(last.parts);
  const nextParts = next.parts as Readonly<Record<string, string | undefined>>;
  return lastParts.length === Object.keys(next.parts).length && lastParts.every(([part, hash]) => nextParts[part] === hash);
}

const ENTRY_KEYS: ReadonlySet<string> = new Set(["descriptor", "file", "parts", "sha256"]);

function isRecord(value: unknown): value is object {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
