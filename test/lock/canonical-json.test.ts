// RFC 8785 (JCS): the official test vectors, Appendix B's number table, 100,000 numbers of the
// reference number file, key order and string escaping edge cases, and agreement with the
// independent `canonicalize` package on arbitrary JSON.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import canonicalize from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonValue } from "../../src/model/json.js";
import { canonicalJson, findJcsProblem } from "../../src/lock/canonical-json.js";

const JCS = join(import.meta.dirname, "..", "fixtures", "lock", "jcs");

function fromHex(hex: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

/** Own data property, the way mcp-gen's loader stores every key. */
function withOwn(entries: readonly (readonly [string, JsonValue])[]): JsonValue {
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

describe("RFC 8785 test vectors (cyberphone/json-canonicalization testdata)", () => {
  for (const name of readdirSync(join(JCS, "input")).sort()) {
    it(name, () => {
      const input = JSON.parse(readFileSync(join(JCS, "input", name), "utf8")) as JsonValue;
      const expected = readFileSync(join(JCS, "output", name));
      expect(Buffer.from(canonicalJson(input), "utf8").equals(expected)).toBe(true);
    });
  }
});

describe("RFC 8785 Appendix B: numbers", () => {
  const rows = readFileSync(join(JCS, "rfc8785-appendix-b.txt"), "utf8")
    .split("\n")
    .filter((l) => l !== "" && !l.startsWith("#"));
  it.each(rows.map((row) => row.split(" ") as [string, string]))("%s → %s", (hex, expected) => {
    const value = fromHex(hex);
    if (expected === "error") expect(() => canonicalJson(value)).toThrow(/JSON cannot represent.*bug in mcp-gen/);
    else expect(canonicalJson(value)).toBe(expected);
  });

  it("covers the edge cases by name", () => {
    expect([1e21, 1e20, 1e-7, 1e-6, -0, 5e-324, 1.7976931348623157e308, -1.7976931348623157e308, 0.1 + 0.2, 4.5, 1e30].map((n) => canonicalJson(n))).toEqual([
      "1e+21",
      "100000000000000000000",
      "1e-7",
      "0.000001",
      "0",
      "5e-324",
      "1.7976931348623157e+308",
      "-1.7976931348623157e+308",
      "0.30000000000000004",
      "4.5",
      "1e+30",
    ]);
    expect(canonicalJson({ a: [-0] })).toBe('{"a":[0]}');
    expect(() => canonicalJson(Number.NEGATIVE_INFINITY)).toThrow(/bug in mcp-gen/);
    expect(() => canonicalJson({ a: [Number.NaN] })).toThrow(/bug in mcp-gen/);
  });

  // testdata/README.md: the first N lines of es6testfile100m.txt ("<ieee hex>,<expected>\n") hash to
  // published values. Regenerating them with canonicalJson as the serializer checks 100,000 numbers
  // (edge cases, 2,000 subnormal neighbours, then pseudo-random doubles) against the reference file.
  it("matches the first 100,000 lines of the reference number file", () => {
    const statics = readFileSync(join(JCS, "numgen-static.txt"), "utf8").trim().split("\n").map(fromHex);
    const hash = createHash("sha256");
    const bits = new BigUint64Array(1);
    const double = new Float64Array(bits.buffer);
    let block = new Uint8Array(32);
    let pool: number[] = [];
    const next = (index: number): number => {
      if (index < statics.length) return statics[index]!;
      if (index < statics.length + 2000) return fromHex((0x0010000000000000n + BigInt(index - statics.length)).toString(16));
      for (;;) {
        if (pool.length === 0) {
          block = new Uint8Array(createHash("sha256").update(block).digest());
          pool = [...new Float64Array(block.buffer, block.byteOffset, 4)];
        }
        const f = pool.shift()!;
        if (f !== 0 && Number.isFinite(f)) return f;
      }
    };
    let lines = "";
    for (let i = 0; i < 100_000; i++) {
      double[0] = next(i);
      lines += `${bits[0]!.toString(16)},${canonicalJson(double[0]!)}\n`;
      if (lines.length > 1 << 16) {
        hash.update(lines);
        lines = "";
      }
    }
    hash.update(lines);
    expect(hash.digest("hex")).toBe("22776e6d4b49fa294a0d0f349268e5c28808fe7e0cb2bcbe28f63894e494d4c7");
  });
});

describe("RFC 8785 §3.2.3: member order by UTF-16 code units", () => {
  it("puts a non-BMP key (high surrogate D83D) before a BMP private-use key (E000)", () => {
    // Code point order would be the opposite: U+E000 < U+1F600.
    expect(canonicalJson({ "\uE000": 1, "\u{1F600}": 2, "\uFFFF": 3 })).toBe('{"\u{1F600}":2,"\uE000":1,"\uFFFF":3}');
  });

  it("sorts integer-like keys as strings, not numbers", () => {
    expect(canonicalJson({ "9": 0, "10": 1, "": 2, a: 3, A: 4, "1": 5 })).toBe('{"":2,"1":5,"10":1,"9":0,"A":4,"a":3}');
  });

  it("sorts nested objects and keeps array order", () => {
    expect(canonicalJson({ b: [{ z: 1, y: [3, 1, 2] }, "x"], a: {} })).toBe('{"a":{},"b":[{"y":[3,1,2],"z":1},"x"]}');
  });

  it("treats an own __proto__ key as ordinary data, as the loader stores it", () => {
    const value = withOwn([
      ["z", 1],
      ["__proto__", withOwn([["polluted", true]])],
      ["constructor", "c"],
    ]);
    expect(canonicalJson(value)).toBe('{"__proto__":{"polluted":true},"constructor":"c","z":1}');
    // JSON.parse also makes "__proto__" an own key; the canonicalize package agrees.
    expect(canonicalize(JSON.parse('{"z":1,"__proto__":{"polluted":true},"constructor":"c"}'))).toBe(canonicalJson(value));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("RFC 8785 §3.2.2.2: strings", () => {
  it("escapes every C0 control, with the five short forms, in lowercase hex", () => {
    const controls = Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join("");
    expect(canonicalJson(controls)).toBe(
      '"\\u0000\\u0001\\u0002\\u0003\\u0004\\u0005\\u0006\\u0007\\b\\t\\n\\u000b\\f\\r\\u000e\\u000f' +
        '\\u0010\\u0011\\u0012\\u0013\\u0014\\u0015\\u0016\\u0017\\u0018\\u0019\\u001a\\u001b\\u001c\\u001d\\u001e\\u001f"',
    );
  });

  it("escapes only the quote and the backslash otherwise; DEL, U+2028, U+2029, / and non-ASCII stay as is", () => {
    expect(canonicalJson('"\\/\u007f\u2028\u2029é€\u{1F602}</script>')).toBe('"\\"\\\\/\u007f\u2028\u2029é€\u{1F602}</script>"');
  });

  it("does not normalise Unicode (U+0041 U+030A stays two code points)", () => {
    expect(canonicalJson("A\u030a")).toBe('"A\u030a"');
  });

  // The documented extension: RFC 8785 says fail; mcp-gen escapes like JSON.stringify (ES2019).
  it("writes a lone surrogate as a lowercase \\u escape, as JSON.stringify does", () => {
    // Keys sort by their own code units (DEAD after "k"), not by their escaped text.
    expect(canonicalJson({ "\uDEAD": "a\uD800b", k: "\uDBFF" })).toBe('{"k":"\\udbff","\\udead":"a\\ud800b"}');
    expect(canonicalJson("\uD83D\uDE02")).toBe('"\u{1F602}"');
    expect(canonicalJson("\uDE02\uD83D")).toBe('"\\ude02\\ud83d"');
    // The canonicalize package follows the RFC and refuses; findJcsProblem finds these values.
    expect(() => canonicalize("a\uD800b")).toThrow(/Lone surrogate/);
  });
});

describe("findJcsProblem", () => {
  it("names the first value RFC 8785 refuses, in canonical order", () => {
    expect(findJcsProblem({ a: [1, "ok"], b: { c: "x\uD800" }, d: Number.POSITIVE_INFINITY })).toEqual({ pointer: "/b/c", kind: "lone-surrogate", inKey: false });
    expect(findJcsProblem({ z: 1, a: [0, Number.NaN] })).toEqual({ pointer: "/a/1", kind: "non-finite-number", inKey: false });
    expect(findJcsProblem({ "a/\uDC00": 1 })).toEqual({ pointer: "/a~1\uDC00", kind: "lone-surrogate", inKey: true });
    expect(findJcsProblem({ a: "\u{1F602}", b: [1e308, -0] })).toBeUndefined();
  });
});

describe("agreement with the canonicalize package (an independent RFC 8785 implementation)", () => {
  const wellFormed = (value: unknown): boolean => !/[\uD800-\uDFFF]/u.test(JSON.stringify(value));
  it("gives the same text for arbitrary JSON", () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: "binary", maxDepth: 5 }), (value) => {
        fc.pre(wellFormed(value));
        expect(canonicalJson(value as JsonValue)).toBe(canonicalize(value));
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same text for arbitrary doubles", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(canonicalJson([n])).toBe(canonicalize([n]));
        expect(canonicalJson(n)).toBe(JSON.stringify(n));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses non-finite numbers too", () => {
    expect(() => canonicalize({ a: Number.NaN })).toThrow();
    expect(() => canonicalize({ a: Number.POSITIVE_INFINITY })).toThrow();
  });
});
