// runtime/validator-runtime.ts: the helpers generated validators call give the same answers as the
// ajv and ajv-formats code they replace, so a generated server accepts what the SDK accepts.
import { fullFormats } from "ajv-formats/dist/formats.js";
import ajvUcs2length from "ajv/dist/runtime/ucs2length.js";
import fastDeepEqual from "fast-deep-equal";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { equal, formats, ucs2length, type ComparableFormat, type NumberFormat } from "../../packages/runtime/src/validator-runtime.js";

type AjvFormat = RegExp | ((value: string) => boolean) | { validate: RegExp | ((value: unknown) => boolean); compare?: (a: string, b: string) => number | undefined; type?: string } | true;
const reference = fullFormats as unknown as Record<string, AjvFormat>;
const referenceUcs2length = ((ajvUcs2length as unknown as { default?: (s: string) => number }).default ?? ajvUcs2length) as (s: string) => number;
const referenceEqual = fastDeepEqual as unknown as (a: unknown, b: unknown) => boolean;

function ajvVerdict(format: string, value: string | number): boolean {
  const def = reference[format]!;
  if (def === true) return true;
  if (def instanceof RegExp) return typeof value !== "string" || def.test(value);
  if (typeof def === "function") return typeof value !== "string" || def(value);
  if ((def.type ?? "string") !== typeof value) return true;
  return def.validate instanceof RegExp ? def.validate.test(String(value)) : def.validate(value);
}

function runtimeVerdict(format: string, value: string | number): boolean {
  const def = formats[format]!;
  if (def === true) return true;
  if (typeof def === "function") return typeof value !== "string" || def(value);
  if (((def as NumberFormat).type ?? "string") !== typeof value) return true;
  return (def.validate as (v: unknown) => boolean)(value);
}

/** Valid and invalid strings per format; each row's verdicts come from ajv-formats itself. */
const TABLE: Readonly<Record<string, readonly (string | number)[]>> = {
  date: ["2024-02-29", "2023-02-29", "2024-02-30", "2024-04-31", "2024-12-31", "2024-13-01", "2024-00-10", "0000-01-01", "2024-1-01", "24-01-01", "2024-01-01T00:00:00Z", ""],
  time: [
    "23:59:60Z",
    "23:59:60+00:00",
    "00:59:60+01:00",
    "23:59:60+01:00",
    "22:59:60-01:00",
    "12:00:00",
    "12:00:00z",
    "12:00:00.123456+05:30",
    "24:00:00Z",
    "12:60:00Z",
    "12:00:61Z",
    "12:00:00+24:00",
    "12:00:00+0530",
    "12:00Z",
  ],
  "date-time": [
    "2024-01-01T12:00:00Z",
    "2024-01-01t12:00:00z",
    "2024-01-01 12:00:00Z",
    "2024-01-01T12:00:00",
    "2024-02-30T12:00:00Z",
    "2016-12-31T23:59:60Z",
    "2016-12-31T23:59:60+01:00",
    "2024-01-01T12:00:00.5-08:00",
    "2024-01-01TT12:00:00Z",
    "2024-01-01",
  ],
  "iso-time": ["12:00:00", "12:00:00Z", "23:59:60", "23:59:60+01:00", "25:00:00", "12:00"],
  "iso-date-time": ["2024-01-01T12:00:00", "2024-01-01 12:00:00+01:00", "2024-01-01\t12:00:00", "2024-02-30T12:00:00", "2024-01-01T12:00:00ZZ"],
  duration: ["P1D", "PT1H30M", "P1Y2M3DT4H5M6S", "P2W", "P", "PT", "P1W2D", "1D", "P1.5D", "PT36H"],
  uri: [
    "https://example.com/a?b=c#d",
    "urn:isbn:0451450523",
    "mailto:a@b.c",
    "http://[::1]:80/",
    "http://[fe80::1%25eth0]/",
    "https://example.com/a b",
    "/relative/path",
    "//host/path",
    "example.com",
    "https://exa mple.com",
    "http://例え.jp",
    "a:b",
  ],
  "uri-reference": ["https://example.com", "../a/b", "#frag", "", "a b", "/path?q", "\\\\server", "http://[::1]/"],
  "uri-template": ["/users/{id}", "/search{?q,lang}", "{+path}/here", "/{id", "/a}", "http://x/{a:3}", "{a*}", "{ a }"],
  url: [
    "https://example.com",
    "http://10.0.0.1",
    "http://192.168.1.1",
    "http://1.1.1.1",
    "ftp://user:pw@host.com:21/x",
    "https://localhost",
    "https://example.com:8080/a b",
    "mailto:a@b.c",
    "http://例え.テスト",
  ],
  email: [
    "a@b.co",
    "first.last+tag@example.com",
    '"quoted"@example.com',
    '"a b"@example.com',
    "a..b@example.com",
    ".a@example.com",
    "a@b",
    "a@-b.com",
    "a@b_c.com",
    "a@[127.0.0.1]",
    "ünï@example.com",
  ],
  hostname: ["example.com", "example.com.", "a", "-a.com", "a-.com", "a".repeat(63) + ".com", "a".repeat(64) + ".com", `${"a.".repeat(126)}a`, `${"a.".repeat(127)}a`, "ex_ample.com", "例え.jp", ""],
  ipv4: ["192.0.2.1", "0.0.0.0", "255.255.255.255", "256.0.0.1", "01.2.3.4", "1.2.3", "1.2.3.4.5", " 1.2.3.4"],
  ipv6: ["::1", "::", "2001:db8::1", "2001:0db8:0000:0000:0000:ff00:0042:8329", "fe80::1%eth0", "fe80::1%25eth0", "::ffff:192.0.2.1", "1::2::3", "12345::", "2001:db8:::1", "[::1]"],
  regex: ["^a+$", "(", "[a-z", "a{2,1}", "\\Z", "a\\Z", "\\\\Z", "\\-", "a{", "(?<n>x)\\k<n>", "(?<=a)b", "\\p{L}", "(a+)+$"],
  uuid: [
    "123e4567-e89b-12d3-a456-426614174000",
    "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
    "123E4567-E89B-12D3-A456-426614174000",
    "123e4567e89b12d3a456426614174000",
    "123e4567-e89b-12d3-a456-42661417400",
    "g23e4567-e89b-12d3-a456-426614174000",
  ],
  "json-pointer": ["", "/", "/a/b", "/a~0b/c~1d", "/a~2", "a/b", "/~"],
  "json-pointer-uri-fragment": ["#", "#/a/b", "#/a%20b", "#/a b", "/a", "#/%zz"],
  "relative-json-pointer": ["0", "1/a", "2#", "01", "-1", "/a", "1#/a"],
  byte: ["", "aGVsbG8=", "aGk=", "aGVsbA==", "aGVsbG8", "a===", "!!!!", "!!!!\n", "aGk=\nYQ==", "aGVs bG8="],
  int32: [0, -(2 ** 31), 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 1.5, "not a number"],
  int64: [0, 2 ** 53, -(2 ** 63), 1.5, "1"],
  float: [1.5, 0, "x"],
  double: [1e308, -0, "x"],
  password: ["anything", ""],
  binary: ["\u0000\u00ff", ""],
};

describe("validator-runtime formats", () => {
  it("defines exactly the formats of ajv-formats' fullFormats, with the same kinds", () => {
    expect(Object.keys(formats)).toEqual(Object.keys(reference));
    for (const name of Object.keys(reference)) {
      const def = reference[name]!;
      const mine = formats[name]!;
      if (def === true) expect(mine).toBe(true);
      else if (typeof def === "object" && !(def instanceof RegExp)) {
        expect((mine as NumberFormat).type).toBe(def.type);
        expect(typeof (mine as ComparableFormat).compare).toBe(typeof def.compare);
      } else expect(typeof mine).toBe("function");
    }
  });

  for (const [format, values] of Object.entries(TABLE)) {
    it(`${format}: the same verdicts as ajv-formats on ${values.length} values, some valid and some not`, () => {
      const rows = values.map((value) => [value, runtimeVerdict(format, value)] as const);
      expect(rows).toEqual(values.map((value) => [value, ajvVerdict(format, value)] as const));
      if (format !== "password" && format !== "binary" && format !== "float" && format !== "double") {
        expect(new Set(rows.map(([, verdict]) => verdict))).toEqual(new Set([true, false]));
      }
    });
  }

  it("the same verdicts as ajv-formats on generated strings, for every format", () => {
    const pieces = [
      "0",
      "1",
      "9",
      "12",
      "2024",
      "-",
      ":",
      ".",
      "/",
      "#",
      "?",
      "@",
      "%",
      "%2",
      "%20",
      "~",
      "~0",
      "~1",
      "T",
      "Z",
      "z",
      "+",
      " ",
      "\n",
      "a",
      "A",
      "f",
      "g",
      "P",
      "D",
      "H",
      "M",
      "S",
      "W",
      "Y",
      "[",
      "]",
      "{",
      "}",
      "(",
      ")",
      "\\",
      "*",
      "=",
      '"',
      "::",
      "http://",
      "é",
      "😀",
      "\ud800",
    ];
    const text = fc.oneof(
      fc.array(fc.constantFrom(...pieces), { maxLength: 14 }).map((p) => p.join("")),
      fc.string({ unit: "binary", maxLength: 20 }),
    );
    const names = Object.keys(reference);
    fc.assert(
      fc.property(text, (value) => {
        for (const name of names) expect([name, value, runtimeVerdict(name, value)]).toEqual([name, value, ajvVerdict(name, value)]);
      }),
      { numRuns: 3_000, seed: 7 },
    );
  });

  it("the same verdicts on numbers for int32, int64, float and double", () => {
    fc.assert(
      fc.property(fc.oneof(fc.double(), fc.integer(), fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2)), (value) => {
        for (const name of ["int32", "int64", "float", "double"]) expect(runtimeVerdict(name, value)).toBe(ajvVerdict(name, value));
      }),
      { numRuns: 2_000, seed: 8 },
    );
  });

  it("compare, for formatMinimum and formatMaximum, orders dates and times as ajv-formats does", () => {
    const samples: Readonly<Record<string, readonly string[]>> = {
      date: ["2024-01-01", "2024-01-02", "2023-12-31", "", "x"],
      time: ["12:00:00Z", "13:00:00+01:00", "12:00:00.5Z", "23:59:60Z", "", "bad"],
      "date-time": ["2024-01-01T12:00:00Z", "2024-01-01T13:00:00+01:00", "2024-01-01T12:00:01Z", "", "garbage"],
      "iso-time": ["12:00:00", "12:00:00Z", "11:59:59+05:00", "", "12"],
      "iso-date-time": ["2024-01-01T12:00:00", "2024-01-01 11:00:00Z", "2024-01-02", "", "2024-01-01T"],
    };
    for (const [name, values] of Object.entries(samples)) {
      const mine = formats[name] as ComparableFormat;
      const theirs = reference[name] as { compare: (a: string, b: string) => number | undefined };
      for (const a of values) for (const b of values) expect([name, a, b, mine.compare(a, b)]).toEqual([name, a, b, theirs.compare(a, b)]);
    }
  });

  // Every RegExp method that searches (test, match, replace, split…) goes through RegExp.prototype.exec,
  // so a spy on it sees any run of the value as a pattern, whatever its speed.
  it("regex only compiles the value: a catastrophic pattern is accepted, and nothing runs it", () => {
    const catastrophic = ["(a+)+$", "(x+x+)+y".repeat(50)];
    const exec = vi.spyOn(RegExp.prototype, "exec");
    try {
      for (const pattern of catastrophic) expect(runtimeVerdict("regex", pattern)).toBe(true);
      // The spy does see RegExp.prototype.test: the value's own `\Z` check goes through it.
      expect(exec).toHaveBeenCalled();
      const ran = (exec.mock.contexts as RegExp[]).map((pattern) => pattern.source).filter((source) => catastrophic.includes(source));
      expect(ran).toEqual([]);
    } finally {
      exec.mockRestore();
    }
  });
});

describe("validator-runtime equal and ucs2length", () => {
  it("equal agrees with fast-deep-equal (ajv's runtime/equal) on JSON values", () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const pair = fc.oneof(
      fc.tuple(json, json),
      json.map((v) => [v, structuredClone(v)] as const),
    );
    fc.assert(
      fc.property(pair, ([a, b]) => {
        expect(equal(a, b)).toBe(referenceEqual(a, b));
      }),
      { numRuns: 3_000, seed: 9 },
    );
  });

  it("equal on the edge cases: key order, NaN, arrays against objects, a `constructor` member", () => {
    const cases: [unknown, unknown][] = [
      [
        { a: 1, b: [1, 2] },
        { b: [1, 2], a: 1 },
      ],
      [{ a: 1 }, { a: 1, b: undefined }],
      [[1, 2], { 0: 1, 1: 2 }],
      [NaN, NaN],
      [0, -0],
      [null, {}],
      [[], []],
      [{}, []],
      ["1", 1],
      [JSON.parse('{"__proto__": 1}'), JSON.parse('{"__proto__": 1}')],
      [JSON.parse('{"__proto__": 1}'), {}],
      [{ constructor: 1 }, { constructor: 1 }],
      [{ constructor: 1 }, { constructor: 2 }],
    ];
    for (const [a, b] of cases) expect(equal(a, b)).toBe(referenceEqual(a, b));
  });

  it("equal does not throw where fast-deep-equal would, on an own valueOf or toString member that is not a function", () => {
    expect(() => referenceEqual({ valueOf: 1 }, { valueOf: 1 })).toThrow();
    expect(equal({ valueOf: 1 }, { valueOf: 1 })).toBe(true);
    expect(equal({ toString: "a" }, { toString: "b" })).toBe(false);
  });

  it("ucs2length counts code points like ajv's, lone surrogates included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 30 }), (s) => {
        expect(ucs2length(s)).toBe(referenceUcs2length(s));
      }),
      { numRuns: 3_000, seed: 10 },
    );
    for (const s of ["", "a", "😀", "\ud800", "\udc00\ud800", "a\ud83d", "\ud83d\ude00\ud83d"]) expect(ucs2length(s)).toBe(referenceUcs2length(s));
  });
});
