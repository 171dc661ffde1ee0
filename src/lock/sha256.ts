// Text or bytes → lowercase hex SHA-256. Strings are hashed as their UTF-8 bytes.
import { isUtf8 } from "node:buffer";
import { hash } from "node:crypto";

/**
 * Lowercase hex SHA-256 of `data`; a string is hashed as UTF-8.
 * @example sha256Hex("") === "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 */
export function sha256Hex(data: string | Uint8Array): string {
  // The one-shot form: no Hash object per call, which is most of the cost of the many short texts hashed.
  return hash("sha256", data, "hex");
}

/**
 * The hash the lock records for a source or generated file: SHA-256 of its text with every CRLF
 * written as LF. Git's `core.autocrlf` rewrites line ends on checkout; in YAML, JSON and TypeScript
 * a CRLF means the same as an LF, so a Windows checkout must not look like a changed file.
 * @example hashFileText("a\r\nb\n") === hashFileText("a\nb\n")
 */
export function hashFileText(text: string): string {
  return sha256Hex(text.replace(/\r\n/g, "\n"));
}

/**
 * hashFileText of a file's bytes decoded as Buffer#toString("utf8") decodes them (a BOM kept as
 * U+FEFF): bytes that are valid UTF-8 with no CR are their own text, so they are hashed as they are,
 * without decoding them and encoding them again (a third of hashing a generated file's text).
 * @example hashDecodedBytes(Buffer.from("a\r\nb\n")) === hashFileText("a\nb\n")
 */
export function hashDecodedBytes(bytes: Buffer): string {
  if (!bytes.includes(0x0d) && isUtf8(bytes)) return sha256Hex(bytes);
  return hashFileText(bytes.toString("utf8"));
}
