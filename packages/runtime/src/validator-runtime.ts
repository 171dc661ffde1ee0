// The helpers mcp-gen's standalone JSON Schema validators call: deep equality (`const`, `enum`,
// `uniqueItems`), string length in code points (`minLength`, `maxLength`) and every format of
// ajv-formats' `fullFormats`, with the same verdicts, so a generated server accepts exactly what the
// official SDK (ajv + ajv-formats) accepts. In: JSON values. Out: booleans. Dependency-free: ES2022
// only, no DOM, no Node; copied verbatim into the generated `runtime/` folder.
//
// Ported from three MIT-licensed packages by Evgeny Poberezkin, whose notice follows:
// - `equal`: fast-deep-equal 3.1.3 (index.js), the function ajv's `runtime/equal` re-exports.
// - `ucs2length`: ajv 8 (lib/runtime/ucs2length.ts).
// - `formats`: ajv-formats 3.0.1 (src/formats.ts): the regular expressions are copied unchanged.
//
// MIT License
//
// Copyright (c) 2017 Evgeny Poberezkin (fast-deep-equal), 2015-2021 Evgeny Poberezkin (ajv),
// 2020 Evgeny Poberezkin (ajv-formats)
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

/**
 * Deep equality with fast-deep-equal's semantics (what ajv uses): same constructor, arrays item by
 * item, objects by own enumerable keys in any order, NaN equals NaN. One difference: where
 * fast-deep-equal would call an own `valueOf` or `toString` member that is not a function (a JSON
 * object `{"valueOf": 1}`) and throw, this compares the objects key by key instead.
 * @example equal({ a: [1, { b: null }] }, { a: [1, { b: null }] }) === true
 */
export function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a && b && typeof a === "object" && typeof b === "object") {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    if (x.constructor !== y.constructor) return false;
    if (Array.isArray(x)) {
      const items = y as unknown as readonly unknown[];
      if (x.length !== items.length) return false;
      for (let i = x.length; i-- !== 0; ) if (!equal(x[i], items[i])) return false;
      return true;
    }
    if (x.constructor === RegExp) return (x as unknown as RegExp).source === (y as unknown as RegExp).source && (x as unknown as RegExp).flags === (y as unknown as RegExp).flags;
    if (x.valueOf !== Object.prototype.valueOf && typeof x.valueOf === "function" && typeof y.valueOf === "function") return x.valueOf() === y.valueOf();
    if (x.toString !== Object.prototype.toString && typeof x.toString === "function" && typeof y.toString === "function") return x.toString() === y.toString();
    const keys = Object.keys(x);
    if (keys.length !== Object.keys(y).length) return false;
    for (let i = keys.length; i-- !== 0; ) if (!Object.hasOwn(y, keys[i]!)) return false;
    for (let i = keys.length; i-- !== 0; ) {
      const key = keys[i]!;
      if (!equal(x[key], y[key])) return false;
    }
    return true;
  }
  // True if both are NaN, false otherwise.
  return Number.isNaN(a) && Number.isNaN(b);
}

/**
 * Length in Unicode code points: JSON Schema's `minLength` and `maxLength` count characters, and a
 * surrogate pair is one character (a lone surrogate counts as one too).
 * @example ucs2length("a\u{1F600}") === 2
 */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      // A high surrogate followed by a low one is one code point.
      if ((str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
    }
  }
  return length;
}

/** A format that checks strings. */
export type StringFormat = (value: string) => boolean;

/** A string format that also orders values, for ajv-formats' formatMinimum/formatMaximum keywords. */
export interface ComparableFormat {
  readonly validate: StringFormat;
  /** Negative, zero or positive like a sort comparator; undefined when the values do not compare. */
  readonly compare: (a: string, b: string) => number | undefined;
}

/** A format that checks numbers (OpenAPI's int32, int64, float, double); other types pass. */
export interface NumberFormat {
  readonly type: "number";
  readonly validate: (value: number) => boolean;
}

/** `true`: a format that is only an annotation (password, binary). */
export type FormatDefinition = StringFormat | ComparableFormat | NumberFormat | true;

// --- dates and times (RFC 3339 § 5.6) -----------------------------------------------------------

function isLeapYear(year: number): boolean {
  // RFC 3339 Appendix C.
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function date(str: string): boolean {
  const matches = DATE.exec(str);
  if (!matches) return false;
  const year = Number(matches[1]);
  const month = Number(matches[2]);
  const day = Number(matches[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

function compareDate(d1: string, d2: string): number | undefined {
  if (!(d1 && d2)) return undefined;
  if (d1 > d2) return 1;
  if (d1 < d2) return -1;
  return 0;
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/** RFC 3339 time; `strictTimeZone` requires the offset (time, date-time), iso-time makes it optional. */
function getTime(strictTimeZone: boolean): StringFormat {
  return function time(str: string): boolean {
    const matches = TIME.exec(str);
    if (!matches) return false;
    const hr = Number(matches[1]);
    const min = Number(matches[2]);
    const sec = Number(matches[3]);
    const tz = matches[4];
    const tzSign = matches[5] === "-" ? -1 : 1;
    const tzH = Number(matches[6] || 0);
    const tzM = Number(matches[7] || 0);
    if (tzH > 23 || tzM > 59 || (strictTimeZone && !tz)) return false;
    if (hr <= 23 && min <= 59 && sec < 60) return true;
    // A leap second is allowed only at 23:59:60 UTC.
    const utcMin = min - tzM * tzSign;
    const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
    return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
  };
}

function compareTime(s1: string, s2: string): number | undefined {
  if (!(s1 && s2)) return undefined;
  const t1 = new Date("2020-01-01T" + s1).valueOf();
  const t2 = new Date("2020-01-01T" + s2).valueOf();
  if (!(t1 && t2)) return undefined;
  return t1 - t2;
}

function compareIsoTime(t1: string, t2: string): number | undefined {
  if (!(t1 && t2)) return undefined;
  const a1 = TIME.exec(t1);
  const a2 = TIME.exec(t2);
  if (!(a1 && a2)) return undefined;
  const k1 = String(a1[1]) + String(a1[2]) + String(a1[3]);
  const k2 = String(a2[1]) + String(a2[2]) + String(a2[3]);
  if (k1 > k2) return 1;
  if (k1 < k2) return -1;
  return 0;
}

const DATE_TIME_SEPARATOR = /t|\s/i;

function getDateTime(strictTimeZone: boolean): StringFormat {
  const time = getTime(strictTimeZone);
  return function dateTime(str: string): boolean {
    const parts = str.split(DATE_TIME_SEPARATOR);
    return parts.length === 2 && date(parts[0]!) && time(parts[1]!);
  };
}

function compareDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const d1 = new Date(dt1).valueOf();
  const d2 = new Date(dt2).valueOf();
  if (!(d1 && d2)) return undefined;
  return d1 - d2;
}

function compareIsoDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const [d1, t1] = dt1.split(DATE_TIME_SEPARATOR);
  const [d2, t2] = dt2.split(DATE_TIME_SEPARATOR);
  // ajv-formats passes the pieces through unchecked; a missing piece compares as undefined.
  const res = compareDate(d1 as string, d2 as string);
  if (res === undefined) return undefined;
  return res || compareTime(t1 as string, t2 as string);
}

// --- URIs, e-mail, host names, addresses ---------------------------------------------------------

const NOT_URI_FRAGMENT = /\/|:/;
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

function uri(str: string): boolean {
  // http://jmrware.com/articles/2009/uri_regexp/URI_regex.html + optional protocol + required "."
  return NOT_URI_FRAGMENT.test(str) && URI.test(str);
}

const URI_REFERENCE =
  /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;

// RFC 6570.
const URI_TEMPLATE =
  /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;

// https://gist.github.com/dperini/729294
const URL_ =
  /^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,})))(?::\d{2,5})?(?:\/[^\s]*)?$/iu;

const EMAIL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

const HOSTNAME = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

const IPV6 =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;

// --- the rest ------------------------------------------------------------------------------------

// RFC 3339 Appendix A.
const DURATION = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;

// RFC 4122.
const UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

// RFC 6901, and its URI fragment form (RFC 3986 Appendix A).
const JSON_POINTER = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const JSON_POINTER_URI_FRAGMENT = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
// draft-luff-relative-json-pointer-00.
const RELATIVE_JSON_POINTER = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;

// https://github.com/miguelmota/is-base64. The g and m flags are ajv-formats' own: with m, any line
// may match, so the verdicts follow that. Reset lastIndex, which g makes stateful, before each test.
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/gm;

function byte(str: string): boolean {
  BYTE.lastIndex = 0;
  return BYTE.test(str);
}

const Z_ANCHOR = /[^\\]\\Z/;

/**
 * ECMAScript regular expression syntax, as ajv-formats checks it: compiled without flags (not with
 * `u`, so that verdicts match the SDK's) and never run, so no input can make it slow; `\Z`, which
 * other engines know and ECMAScript reads as a plain "Z", is refused.
 */
function regex(str: string): boolean {
  if (Z_ANCHOR.test(str)) return false;
  try {
    new RegExp(str);
    return true;
  } catch {
    return false;
  }
}

const MIN_INT32 = -(2 ** 31);
const MAX_INT32 = 2 ** 31 - 1;

function test(pattern: RegExp): StringFormat {
  return (value) => pattern.test(value);
}

/**
 * Every format of ajv-formats' `fullFormats`, keyed by name. Validators look a format up here only
 * when their schema names it; formats not listed are annotations and never checked.
 */
export const formats: Readonly<Record<string, FormatDefinition>> = Object.freeze<Record<string, FormatDefinition>>({
  date: { validate: date, compare: compareDate },
  time: { validate: getTime(true), compare: compareTime },
  "date-time": { validate: getDateTime(true), compare: compareDateTime },
  "iso-time": { validate: getTime(false), compare: compareIsoTime },
  "iso-date-time": { validate: getDateTime(false), compare: compareIsoDateTime },
  duration: test(DURATION),
  uri,
  "uri-reference": test(URI_REFERENCE),
  "uri-template": test(URI_TEMPLATE),
  url: test(URL_),
  email: test(EMAIL),
  hostname: test(HOSTNAME),
  ipv4: test(IPV4),
  ipv6: test(IPV6),
  regex,
  uuid: test(UUID),
  "json-pointer": test(JSON_POINTER),
  "json-pointer-uri-fragment": test(JSON_POINTER_URI_FRAGMENT),
  "relative-json-pointer": test(RELATIVE_JSON_POINTER),
  byte,
  int32: { type: "number", validate: (value: number) => Number.isInteger(value) && value <= MAX_INT32 && value >= MIN_INT32 },
  // JSON numbers are IEEE doubles, so every integer fits in 64 bits.
  int64: { type: "number", validate: (value: number) => Number.isInteger(value) },
  float: { type: "number", validate: () => true },
  double: { type: "number", validate: () => true },
  password: true,
  binary: true,
});
