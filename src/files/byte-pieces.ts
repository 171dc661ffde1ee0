// A file's bytes as the pieces they were made of (spans of the last build's file and newly encoded
// text), measured, compared, hashed and written as they are. Joining them first would copy a
// megabyte or more into fresh memory for each file spliced from its last version (4.5 MB for the
// corpus's validator module), which costs more than the rest of that file's work here.
import { createHash } from "node:crypto";
import { closeSync, openSync, writeSync } from "node:fs";

/** A file's UTF-8 bytes in order: joined, they are the file. */
export type BytePieces = readonly Uint8Array[];

export function piecesLength(pieces: BytePieces): number {
  let length = 0;
  for (const piece of pieces) length += piece.length;
  return length;
}

/** Whether `bytes` holds exactly the bytes of `pieces`. */
export function piecesEqual(pieces: BytePieces, bytes: Uint8Array): boolean {
  if (piecesLength(pieces) !== bytes.length) return false;
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  for (const piece of pieces) {
    if (!all.subarray(at, at + piece.length).equals(piece)) return false;
    at += piece.length;
  }
  return true;
}

/** Whether any piece holds the byte `byte`. */
export function piecesInclude(pieces: BytePieces, byte: number): boolean {
  return pieces.some((piece) => piece.includes(byte));
}

/** Lowercase hex SHA-256 of the bytes of `pieces`. */
export function sha256OfPieces(pieces: BytePieces): string {
  const hash = createHash("sha256");
  for (const piece of pieces) hash.update(piece);
  return hash.digest("hex");
}

/** The bytes of `pieces` decoded as UTF-8 (a piece may end inside a character: they are joined first). */
export function piecesText(pieces: BytePieces): string {
  return Buffer.concat(pieces).toString("utf8");
}

/**
 * Writes a new file (it must not exist) from its pieces, with sync calls and no fsync, as
 * writeNewFileSync does for one buffer.
 */
export function writeNewPiecesSync(path: string, pieces: BytePieces): void {
  const fd = openSync(path, "wx", 0o644);
  try {
    for (const piece of pieces) {
      for (let at = 0; at < piece.length; ) at += writeSync(fd, piece, at, piece.length - at);
    }
  } finally {
    closeSync(fd);
  }
}
