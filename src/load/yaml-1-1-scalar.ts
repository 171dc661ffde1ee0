// A plain YAML scalar that YAML 1.1 reads as another value than YAML 1.2 does. mcp-gen reads 1.2's
// core schema, so `on` is the string "on" and 0777 is 777; YAML 1.1 (PyYAML, Go's yaml.v2, many CI
// tools, and the people who learnt YAML from them) reads true and 511. The file stays valid and its
// 1.2 meaning is what gets locked; the loader only says where two readers of it disagree.
// Types and patterns: https://yaml.org/type/ (bool, int, float, timestamp of YAML 1.1).

/** A scalar's value as YAML 1.1's implicit types resolve it. */
export type Yaml11Reading =
  | { readonly kind: "string" }
  | { readonly kind: "null" }
  | { readonly kind: "boolean"; readonly value: boolean }
  | { readonly kind: "number"; readonly value: number }
  | { readonly kind: "timestamp" };

const NULL = /^(?:~|null|Null|NULL|)$/;
// YAML 1.1's type repository lists y and n too, but PyYAML, the reader most files meet, reads them as
// strings, and properties named x and y are common: warning on every `y:` would bury the warnings
// that matter. Go's yaml.v2, which reads them as booleans, is the reader this leaves to itself.
const BOOLEAN = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const BINARY = /^([-+]?)0b([01_]+)$/;
const HEX = /^([-+]?)0x([0-9a-fA-F_]+)$/;
const OCTAL = /^([-+]?)0([0-7_]+)$/;
const DECIMAL = /^[-+]?(?:0|[1-9][0-9_]*)$/;
const SEXAGESIMAL_INT = /^([-+]?)([1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
// PyYAML's reading of the spec's float: a digit on one side of the point, and an exponent only after
// a point and with its sign (1e3 and 1.0e3 are strings in YAML 1.1).
const FLOAT = /^[-+]?(?:[0-9][0-9_]*\.[0-9_]*|\.[0-9][0-9_]*)(?:[eE][-+][0-9]+)?$/;
const SEXAGESIMAL_FLOAT = /^([-+]?)([0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*)$/;
const TIMESTAMP = /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
/** Every scalar YAML 1.1 reads as other than a string starts with one of these, or is empty. */
const NOT_TEXT = /^(?:$|[-+.0-9~yYnNoOtTfF])/;

/**
 * `text` (a plain scalar's content) as YAML 1.1 reads it. Numbers are worked out as the yaml
 * package works out 1.2's (parseInt, parseFloat), so one text read the same way gives one number.
 * .inf and .nan are left out: both versions read them alike (and mcp-gen refuses them).
 * @example readAsYaml11("0777") // { kind: "number", value: 511 }
 */
export function readAsYaml11(text: string): Yaml11Reading {
  if (!NOT_TEXT.test(text)) return { kind: "string" };
  if (NULL.test(text)) return { kind: "null" };
  if (BOOLEAN.test(text)) return { kind: "boolean", value: TRUE.test(text) };
  const number = yaml11Number(text);
  if (number !== undefined) return { kind: "number", value: number };
  if (TIMESTAMP.test(text)) return { kind: "timestamp" };
  return { kind: "string" };
}

function yaml11Number(text: string): number | undefined {
  let match: RegExpExecArray | null;
  if ((match = BINARY.exec(text))) return signed(match[1]!, parseRadix(match[2]!, 2));
  if ((match = HEX.exec(text))) return signed(match[1]!, parseRadix(match[2]!, 16));
  if ((match = OCTAL.exec(text))) return signed(match[1]!, parseRadix(match[2]!, 8));
  if (DECIMAL.test(text)) return parseInt(text.replaceAll("_", ""), 10);
  if ((match = SEXAGESIMAL_INT.exec(text) ?? SEXAGESIMAL_FLOAT.exec(text))) {
    // 1:20:30 is 1×3600 + 20×60 + 30; the last part may carry a fraction.
    const parts = match[2]!.replaceAll("_", "").split(":");
    return signed(
      match[1]!,
      parts.reduce((sum, part) => sum * 60 + parseFloat(part), 0),
    );
  }
  if (FLOAT.test(text)) return parseFloat(text.replaceAll("_", ""));
  return undefined;
}

/** 0b_ and 0x_ have no digit: YAML 1.1 readers fail on them, which is no number to compare. */
function parseRadix(digits: string, radix: number): number {
  const plain = digits.replaceAll("_", "");
  return plain === "" ? Number.NaN : parseInt(plain, radix);
}

function signed(sign: string, value: number): number {
  return sign === "-" ? -value : value;
}

/** What mcp-gen read a scalar as: the yaml package's value of it. */
export type Yaml12Value = string | number | boolean | null;

/**
 * The finding's message and hint when the plain scalar `text`, which mcp-gen read as `read`, is
 * another value in YAML 1.1; undefined when both read it alike. `tag` is the scalar's explicit core
 * tag, if any: !!str asks every reader for the text, and !!int or !!float for a number, so only a
 * number the two read differently (!!int 0777) is left to report.
 * @example yaml11Difference("on", "on", "value", undefined)?.message
 */
export function yaml11Difference(text: string, read: Yaml12Value, role: "key" | "value", tag: string | undefined): { readonly message: string; readonly hint: string } | undefined {
  const old = readAsYaml11(text);
  if (tag !== undefined && !(old.kind === "number" && /:(?:int|float)$/.test(tag))) return undefined;
  if (!differs(old, read) || (old.kind === "number" && Number.isNaN(old.value))) return undefined;
  return {
    message: `The unquoted ${role} ${text} is ${describe12(read)} in YAML 1.2, which mcp-gen reads, and ${describe11(old)} in YAML 1.1, the version older readers such as PyYAML and Go's yaml.v2 follow.`,
    hint: hintFor(text, read, old, tag !== undefined),
  };
}

function differs(old: Yaml11Reading, read: Yaml12Value): boolean {
  switch (old.kind) {
    case "string":
      return typeof read !== "string";
    case "timestamp":
      return true;
    case "null":
      return read !== null;
    default:
      return old.value !== read;
  }
}

function describe12(read: Yaml12Value): string {
  if (typeof read === "string") return `the string ${JSON.stringify(read)}`;
  if (typeof read === "number") return `the number ${agreedNumber(read)}`;
  return `the ${typeof read === "boolean" ? "boolean" : "value"} ${String(read)}`;
}

function describe11(old: Yaml11Reading): string {
  switch (old.kind) {
    case "string":
      return "a string";
    case "null":
      return "null";
    case "timestamp":
      return "a timestamp (a date, not text)";
    case "boolean":
      return `the boolean ${old.value}`;
    case "number":
      return `the number ${agreedNumber(old.value)}`;
  }
}

function hintFor(text: string, read: Yaml12Value, old: Yaml11Reading, tagged: boolean): string {
  const quoted = JSON.stringify(text);
  if (typeof read === "number" && old.kind === "number") {
    const asString = tagged ? "" : `; quote it (${quoted}) for the string`;
    return `Write ${agreedNumber(read)} for the number mcp-gen reads, or ${agreedNumber(old.value)} for the one YAML 1.1 reads${asString}.`;
  }
  if (typeof read === "number") return `Write ${agreedNumber(read)} if you mean the number, or quote it (${quoted}) if you mean the string.`;
  if (old.kind === "boolean") return `Quote it (${quoted}) if you mean the string, or write ${old.value} if you mean the boolean.`;
  if (old.kind === "number") return `Quote it (${quoted}) if you mean the string, or write ${agreedNumber(old.value)} if you mean the number.`;
  return `Quote it (${quoted}) so that every reader reads the string.`;
}

/**
 * `value` written so that YAML 1.1 and 1.2 read the same number: JavaScript's form, with a point
 * before any exponent (YAML 1.1 reads 1e+21 as a string, 1.0e+21 as the number).
 * @example agreedNumber(1e21) // "1.0e+21"
 */
export function agreedNumber(value: number): string {
  const text = String(value);
  return /e/.test(text) && !text.includes(".") ? text.replace("e", ".0e") : text;
}
