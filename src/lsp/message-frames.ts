// The Language Server Protocol's framing, bytes in and messages' content out: a header block (lines
// `Name: value`, ended by a blank line) announces the Content-Length in bytes of the content that
// follows. Chunks may end anywhere (in a header, between a CR and its LF, inside a UTF-8 character)
// and hold several messages. A header block that cannot be read (no Content-Length, one that is not a
// number of bytes, a line without a colon) is dropped with a problem, and the next block is read. No
// more is held than a limit: content over MAX_CONTENT_BYTES is counted off as it comes, never kept,
// and a header block over MAX_HEADER_BYTES is skipped up to the blank line that ends it. Lines may end
// in CRLF (as the protocol says) or LF alone; blank lines between messages are passed over.
import { DEFAULT_LOAD_LIMITS } from "../load/limits.js";
import { cutText } from "../diff/cut-text.js";

/**
 * The largest content kept: 16 times the largest file the loader reads, well above any editor's
 * message about one (its text in JSON, escapes and all, with the message around it).
 */
export const MAX_CONTENT_BYTES = 16 * DEFAULT_LOAD_LIMITS.maxFileBytes;
/** The largest header block read (the protocol's headers are two short lines). */
export const MAX_HEADER_BYTES = 8 * 1024;

export type Frame = { readonly content: Buffer } | { readonly problem: string };

export interface FrameLimits {
  readonly maxContentBytes: number;
  readonly maxHeaderBytes: number;
}

const LF = 0x0a;
const CR = 0x0d;

/**
 * Splits a byte stream into messages' content as its chunks come.
 * @example const frames = new MessageFrames(); for (const frame of frames.push(chunk)) ...
 */
export class MessageFrames {
  /** The header block's complete lines (without their line end). */
  private lines: string[] = [];
  /** The header line not yet ended. */
  private line: Buffer[] = [];
  private lineLength = 0;
  private lineFirstByte = -1;
  /** Bytes of the header block so far. */
  private headerBytes = 0;
  /** The header block passed the limit: its lines are not kept, up to its blank line. */
  private overlong = false;
  /** Content bytes still to come, or undefined while a header block is read. */
  private remaining: number | undefined;
  /** The content kept so far; undefined while content over the limit is counted off. */
  private content: Buffer[] | undefined;

  constructor(private readonly limits: FrameLimits = { maxContentBytes: MAX_CONTENT_BYTES, maxHeaderBytes: MAX_HEADER_BYTES }) {}

  /** Bytes held now, waiting for the rest of a header line or of a message's content. */
  get buffered(): number {
    const kept = (parts: readonly Buffer[] | undefined) => (parts ?? []).reduce((sum, part) => sum + part.length, 0);
    return kept(this.line) + this.lines.reduce((sum, line) => sum + line.length, 0) + kept(this.content);
  }

  /** The messages' content (and the problems) that `chunk` completes, in order. */
  push(chunk: Uint8Array): Frame[] {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const frames: Frame[] = [];
    let at = 0;
    while (at < bytes.length) {
      if (this.remaining !== undefined) {
        at = this.takeContent(bytes, at, frames);
        continue;
      }
      const end = bytes.indexOf(LF, at);
      this.addToLine(bytes.subarray(at, end === -1 ? bytes.length : end), frames);
      if (end === -1) break;
      at = end + 1;
      this.endLine(frames);
    }
    return frames;
  }

  private takeContent(bytes: Buffer, at: number, frames: Frame[]): number {
    const take = Math.min(this.remaining ?? 0, bytes.length - at);
    this.content?.push(bytes.subarray(at, at + take));
    this.remaining = (this.remaining ?? 0) - take;
    if (this.remaining === 0) this.endContent(frames);
    return at + take;
  }

  private endContent(frames: Frame[]): void {
    if (this.content) frames.push({ content: Buffer.concat(this.content) });
    this.content = undefined;
    this.remaining = undefined;
  }

  private addToLine(part: Buffer, frames: Frame[]): void {
    if (part.length === 0) return;
    if (this.lineLength === 0) this.lineFirstByte = part[0] ?? -1;
    this.lineLength += part.length;
    this.headerBytes += part.length;
    if (!this.overlong && this.headerBytes > this.limits.maxHeaderBytes) {
      this.overlong = true;
      this.lines = [];
      this.line = [];
      frames.push({ problem: `a header block longer than ${this.limits.maxHeaderBytes} bytes; skipped up to the blank line that ends it` });
    }
    // A copy: a few header bytes must not hold on to the whole chunk they came in.
    if (!this.overlong) this.line.push(Buffer.from(part));
  }

  private endLine(frames: Frame[]): void {
    const blank = this.lineLength === 0 || (this.lineLength === 1 && this.lineFirstByte === CR);
    const text = Buffer.concat(this.line).toString("latin1");
    this.line = [];
    this.lineLength = 0;
    this.headerBytes += 1;
    if (!blank) {
      if (this.overlong) return;
      const line = text.endsWith("\r") ? text.slice(0, -1) : text;
      const header = resynced(line);
      // What came before a header found inside a line, or before a Content-Length, that is no
      // "Name: value" line is the rest of a dropped block's content (pretty-printed over lines, say).
      if (header !== line) this.lines = [];
      else if (/^content-length[ \t]*:/i.test(header)) this.lines = this.lines.filter((kept) => FIELD_NAME.test(kept));
      this.lines.push(header);
      return;
    }
    const lines = this.lines;
    const overlong = this.overlong;
    this.lines = [];
    this.headerBytes = 0;
    this.overlong = false;
    // A blank line between messages, or the end of a block already reported.
    if (overlong || lines.length === 0) return;
    const header = contentLength(lines, this.limits.maxContentBytes);
    if ("problem" in header) frames.push({ problem: header.problem });
    if (header.length === undefined) return;
    this.remaining = header.length;
    this.content = header.keep ? [] : undefined;
    if (header.length === 0) this.endContent(frames);
  }
}

/** A header field's name (RFC 9110 §5.1). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/;

/**
 * A header line as read after a block that was dropped: the dropped block's content (which no
 * Content-Length said how long it was) runs on into the next block's first line, as in
 * `{"jsonrpc":"2.0",...}Content-Length: 52`. The last Content-Length or Content-Type field in a line
 * (not at its start) is where the next block starts; the last, since the content may hold the same
 * words in a string. Without this, every later block would begin with the one before's content and
 * be dropped in turn, and the server would hear nothing more.
 */
function resynced(line: string): string {
  let at = -1;
  for (const match of line.matchAll(/content-(?:length|type)[ \t]*:/gi)) at = match.index;
  return at > 0 ? line.slice(at) : line;
}

type Header = { length: number; keep: true } | { problem: string; length?: number; keep: false };

/** What a header block announces: the content's length, and whether to keep it. */
function contentLength(lines: readonly string[], maxContentBytes: number): Header {
  let value: string | undefined;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon <= 0) return { problem: `header line ${quote(line)} is not "Name: value"; header block dropped`, keep: false };
    if (line.slice(0, colon).trim().toLowerCase() !== "content-length") continue;
    const found = line.slice(colon + 1).trim();
    if (value !== undefined && value !== found) return { problem: `two different Content-Length headers, ${quote(value)} and ${quote(found)}; header block dropped`, keep: false };
    value = found;
  }
  if (value === undefined) return { problem: `a header block without Content-Length (${quote(lines.join("\r\n"))}); dropped`, keep: false };
  if (!/^[0-9]+$/.test(value)) return { problem: `Content-Length ${quote(value)} is not a number of bytes; header block dropped`, keep: false };
  const length = Number(value);
  if (length > maxContentBytes) return { problem: `Content-Length ${value} is over the limit of ${maxContentBytes} bytes; its content is skipped`, length, keep: false };
  return { length, keep: true };
}

function quote(text: string): string {
  return JSON.stringify(cutText(text, 101));
}
