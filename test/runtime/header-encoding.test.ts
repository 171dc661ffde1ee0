import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeBase64, encodeBase64 } from "../../packages/runtime/src/base64.js";
import { decodeHeaderValue, encodeHeaderValue, encodeNameHeader, needsBase64 } from "../../packages/runtime/src/header-encoding.js";
import { decodeUtf8, encodeUtf8 } from "../../packages/runtime/src/utf8.js";
import { loadVectors, type EncodingCase, type VectorFile } from "./spec-vectors.js";

const vectors = loadVectors<VectorFile<EncodingCase>>("header-encoding.json");

function encodeCase(c: EncodingCase) {
  return c.target === "Mcp-Name" ? encodeNameHeader(String(c.value)) : encodeHeaderValue(c.value);
}

describe("header-encoding.json (T-ENC-1..8, T-NAME-8)", () => {
  it("holds the 40 cases the spec README announces", () => {
    expect(vectors.cases).toHaveLength(40);
  });

  for (const c of vectors.cases) {
    it(`${c.id} ${c.target} ${c.schemaType}: ${c.reason}`, () => {
      const result = encodeCase(c);
      if (c.expectedHeaderValue === null) {
        expect(result.ok).toBe(false);
        return;
      }
      expect(result).toEqual({ ok: true, value: c.expectedHeaderValue });
      expect(needsBase64(String(c.value))).toBe(c.base64);
      // The server side gets back the string form the client started from (T-ENC-7).
      expect(decodeHeaderValue(c.expectedHeaderValue)).toEqual({ ok: true, value: String(c.value) });
    });
  }
});

describe("encodeHeaderValue edge cases", () => {
  it("refuses fractions, non-finite numbers and both ends just past the safe range (T-HDR-7)", () => {
    for (const value of [1.5, Number.NaN, Number.POSITIVE_INFINITY, -(2 ** 53), 2 ** 53, 1e21]) {
      expect(encodeHeaderValue(value).ok, String(value)).toBe(false);
    }
  });

  it("writes -0 as 0", () => {
    expect(encodeHeaderValue(-0)).toEqual({ ok: true, value: "0" });
  });

  it("refuses a lone surrogate instead of writing U+FFFD", () => {
    expect(encodeHeaderValue("a\ud800b")).toEqual({ ok: false, reason: expect.stringContaining("lone UTF-16 surrogate") });
    expect(encodeNameHeader("\udc00")).toMatchObject({ ok: false });
  });

  it("refuses values the types rule out but parsed JSON can still hold", () => {
    expect(encodeHeaderValue(null as unknown as string)).toMatchObject({ ok: false, reason: expect.stringContaining("null") });
    expect(encodeHeaderValue({} as unknown as string)).toMatchObject({ ok: false, reason: expect.stringContaining("object") });
  });

  it("leaves a value plain when only the prefix or the suffix is there, and when markers are uppercase (T-ENC-5)", () => {
    expect(needsBase64("=?base64?abc")).toBe(false);
    expect(needsBase64("abc?=")).toBe(false);
    expect(needsBase64("=?Base64?x?=")).toBe(false);
  });
});

describe("decodeHeaderValue (strict, T-ENC-7, T-ENC-8, T-HTTP-13)", () => {
  const rejects: [string, string][] = [
    ["=?base64?SGVsbG8?=", "missing padding (HV-37)"],
    ["=?base64?SGVs!!!bG8=?=", "characters outside the alphabet (HV-38)"],
    ["=?base64?literal?=", "an unencoded literal (HV-42)"],
    ["=?base64?Zh==?=", "non-zero pad bits"],
    ["=?base64?Zm9=?=", "non-zero pad bits with one pad character"],
    ["=?base64?SGVs bG8=?=", "a space inside the Base64"],
    ["=?base64?SGVsbG8=\n?=", "a line break inside the Base64"],
    ["=?base64?-_8=?=", "the URL-safe alphabet"],
    ["=?base64?Zg=a?=", "padding before the end"],
    ["=?base64?Zg===?=", "three padding characters"],
    ["=?base64?ww==?=", "a truncated UTF-8 sequence"],
    ["=?base64?wIA=?=", "an overlong UTF-8 form"],
    ["=?base64?7aCA?=", "a UTF-8 encoded surrogate"],
    ["=?base64?9JCAgA==?=", "a code point past U+10FFFF"],
    ["=?base64?gA==?=", "a stray continuation byte"],
    ["Région", "raw non-ASCII (HV-36)"],
    ["RÃ©gion", "UTF-8 octets read as Latin-1 (HV-36 on a real socket)"],
    ["a\tb", "a raw tab"],
    ["line1\r\nX-Injected: 1", "a raw CR LF"],
    [" padded", "a leading space"],
    ["padded ", "a trailing space"],
  ];
  for (const [raw, what] of rejects) {
    it(`rejects ${what}`, () => {
      expect(decodeHeaderValue(raw).ok).toBe(false);
    });
  }

  it("reads the uppercase-marker form as a literal value (HV-39, HV-40)", () => {
    expect(decodeHeaderValue("=?BASE64?SGVsbG8=?=")).toEqual({ ok: true, value: "=?BASE64?SGVsbG8=?=" });
  });

  it("reads a value shorter than prefix plus suffix as a literal (ENC-40 note)", () => {
    expect(decodeHeaderValue("=?base64?=")).toEqual({ ok: true, value: "=?base64?=" });
  });

  it("decodes an empty payload and an over-encoded plain value (HV-10)", () => {
    expect(decodeHeaderValue("=?base64??=")).toEqual({ ok: true, value: "" });
    expect(decodeHeaderValue("=?base64?dXMtd2VzdDE=?=")).toEqual({ ok: true, value: "us-west1" });
  });

  it("keeps a BOM that the payload carries", () => {
    expect(decodeHeaderValue("=?base64?77u/YQ==?=")).toEqual({ ok: true, value: "\ufeffa" });
  });
});

describe("round trips (properties)", () => {
  const wellFormed = fc.oneof(
    fc.string({ unit: "binary" }),
    fc.string({ unit: "grapheme" }),
    fc.string({ unit: fc.constantFrom(" ", "\t", "\r", "\n", "=", "?", "b", "a", "s", "e", "6", "4", "é", "\u0000", "\u007f") }),
    fc.string({ unit: "binary-ascii" }).map((s) => `=?base64?${s}?=`),
  );
  const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((unit) => String.fromCharCode(unit));

  it("decode(encode(s)) === s for every well-formed string, and the header is always plain-safe", () => {
    fc.assert(
      fc.property(wellFormed, (text) => {
        const encoded = encodeHeaderValue(text);
        if (!encoded.ok) return false;
        const safe = /^[\x20-\x7e]*$/.test(encoded.value) && !/^ | $/.test(encoded.value);
        const decoded = decodeHeaderValue(encoded.value);
        return safe && decoded.ok && decoded.value === text;
      }),
    );
  });

  it("refuses every string that holds a lone surrogate (no UTF-8 form exists)", () => {
    fc.assert(
      fc.property(fc.string(), loneSurrogate, fc.string(), (before, lone, after) => {
        // A high surrogate followed by a low one would pair up; keep the surrogate alone.
        const text = before.replace(/[\ud800-\udfff]/g, "x") + lone + after.replace(/[\ud800-\udfff]/g, "x");
        return !encodeHeaderValue(text).ok;
      }),
    );
  });

  it("integers in the safe range come back as their decimal form", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (n) => {
        const encoded = encodeHeaderValue(n);
        const decoded = encoded.ok ? decodeHeaderValue(encoded.value) : undefined;
        return decoded?.ok === true && Number(decoded.value) === n && !needsBase64(decoded.value);
      }),
    );
  });

  it("the UTF-8 codec agrees with TextEncoder and a fatal TextDecoder", () => {
    const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(encodeUtf8(text)).toEqual(new TextEncoder().encode(text));
      }),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (bytes) => {
        let expected: string | undefined;
        try {
          expected = decoder.decode(bytes);
        } catch {
          expected = undefined;
        }
        expect(decodeUtf8(bytes)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });

  it("the Base64 codec agrees with Node's and accepts only canonical text", () => {
    fc.assert(
      fc.property(fc.uint8Array(), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString("base64"));
        expect(decodeBase64(text)).toEqual(bytes);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."AQgwZz09+/=".split("")), maxLength: 12 }), (text) => {
        const bytes = decodeBase64(text);
        if (bytes !== undefined) expect(Buffer.from(bytes).toString("base64")).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });
});
