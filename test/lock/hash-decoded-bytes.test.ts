// hashDecodedBytes hashes a file's bytes as hashFileText hashes their Buffer#toString("utf8") text,
// without decoding the bytes when they are their own text (valid UTF-8 with no CR).
import fc from "fast-check";
import { expect, it } from "vitest";
import { hashDecodedBytes, hashFileText } from "../../src/lock/sha256.js";

it("is hashFileText of the decoded text for any bytes (seeded)", () => {
  // Bytes drawn mostly from the ones that matter: CR, LF, a BOM's, UTF-8 lead and continuation bytes.
  const byte = fc.oneof(fc.constantFrom(0x0d, 0x0a, 0xef, 0xbb, 0xbf, 0xc3, 0xa9, 0xf0, 0x9f, 0x80, 0xed, 0xa0, 0xff), fc.integer({ min: 0, max: 255 }));
  fc.assert(
    fc.property(fc.array(byte, { maxLength: 40 }), (values) => {
      const bytes = Buffer.from(values);
      expect(hashDecodedBytes(bytes)).toBe(hashFileText(bytes.toString("utf8")));
    }),
    { seed: 20261207, numRuns: 2000 },
  );
});

it("hashes CRLF text as LF text, and a lone surrogate's bytes as their replacement characters", () => {
  expect(hashDecodedBytes(Buffer.from("a\r\nb\r\n"))).toBe(hashFileText("a\nb\n"));
  expect(hashDecodedBytes(Buffer.from([0xed, 0xa0, 0x80]))).toBe(hashFileText("\ufffd\ufffd\ufffd"));
});
