// src/files/byte-pieces.ts: a file's bytes in pieces measure, compare, hash, decode and write as the
// same bytes joined do, a character split between two pieces included.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { piecesEqual, piecesInclude, piecesLength, piecesText, sha256OfPieces, writeNewPiecesSync } from "../../src/files/byte-pieces.js";
import { writeNewFile } from "../../src/files/write-files.js";
import { sha256Hex } from "../../src/lock/sha256.js";

const text = 'const a = "é — ü";\nexport { a };\n';
const bytes = Buffer.from(text, "utf8");
// Cut inside the two-byte é and inside the three-byte dash, and around an empty piece.
const cuts = [0, 12, 12, 17, bytes.length];
const pieces = cuts.slice(1).map((end, i) => bytes.subarray(cuts[i]!, end));
const folder = mkdtempSync(join(tmpdir(), "mcp-gen-pieces-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("byte pieces", () => {
  it("measure, compare, hash and decode as the bytes joined", () => {
    expect(piecesLength(pieces)).toBe(bytes.length);
    expect(piecesEqual(pieces, bytes)).toBe(true);
    expect(piecesEqual(pieces, Buffer.from(text.replace("ü", "u"), "utf8"))).toBe(false);
    expect(piecesEqual(pieces, bytes.subarray(0, bytes.length - 1))).toBe(false);
    expect(sha256OfPieces(pieces)).toBe(sha256Hex(bytes));
    expect(piecesText(pieces)).toBe(text);
    expect(piecesInclude(pieces, 0x0d)).toBe(false);
    expect(piecesInclude([...pieces, Buffer.from("\r\n")], 0x0d)).toBe(true);
  });

  it("write the file the bytes joined are, and only a new one", async () => {
    const sync = join(folder, "sync.ts");
    writeNewPiecesSync(sync, pieces);
    expect(readFileSync(sync)).toEqual(bytes);
    expect(() => writeNewPiecesSync(sync, pieces)).toThrow(/EEXIST/);
    const async = join(folder, "async.ts");
    await writeNewFile(async, pieces);
    expect(readFileSync(async)).toEqual(bytes);
    writeFileSync(join(folder, "taken.ts"), "mine");
    await expect(writeNewFile(join(folder, "taken.ts"), pieces)).rejects.toThrow(/EEXIST/);
    expect(readFileSync(join(folder, "taken.ts"), "utf8")).toBe("mine");
  });
});
