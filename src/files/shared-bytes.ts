// Many files' UTF-8 bytes in one SharedArrayBuffer. A worker thread sent views of it reads the very
// same memory: nothing is copied on the way, where a structured clone of the texts copies every
// character, and the worker holds no second copy. The main thread hashes the same bytes for the
// lock, instead of encoding each text again to hash it. (Measured on the GitHub corpus: no gain in
// wall time; most of the cost is flattening the generated texts, which the clone paid as well.)
import type { GeneratedFile } from "../model/generated-file.js";
import { sha256Hex, hashFileText } from "../lock/sha256.js";
import { piecesLength } from "./byte-pieces.js";

/**
 * Each file's bytes as a view of one SharedArrayBuffer, in the order of `files`: its pieces as they
 * are, or its text as UTF-8.
 * @example sharedBytes([{ path: "a.ts", contents: "é" }])[0]!.length === 2
 */
export function sharedBytes(files: readonly Pick<GeneratedFile, "contents" | "pieces">[]): Uint8Array[] {
  const lengths = files.map((file) => (file.pieces ? piecesLength(file.pieces) : Buffer.byteLength(file.contents, "utf8")));
  const all = Buffer.from(new SharedArrayBuffer(lengths.reduce((sum, length) => sum + length, 0)));
  const views: Uint8Array[] = [];
  let at = 0;
  files.forEach((file, i) => {
    const start = at;
    if (file.pieces) for (const piece of file.pieces) all.set(piece, at), (at += piece.length);
    else at += all.write(file.contents, at, "utf8");
    if (at - start !== lengths[i]) throw new Error(`sharedBytes: ${lengths[i]} bytes were counted and ${at - start} written; this is a bug in mcp-gen.`);
    views.push(all.subarray(start, at));
  });
  return views;
}

/**
 * hashFileText of a file whose UTF-8 bytes are `bytes`: the bytes' SHA-256 when they hold no CR
 * (the text with CRLF as LF is then the same text), else the text's.
 */
export function hashOfFileBytes(file: Pick<GeneratedFile, "contents">, bytes: Uint8Array): string {
  return bytes.includes(0x0d) ? hashFileText(file.contents) : sha256Hex(bytes);
}
