// A whole number written with more digits than a JSON number holds. JavaScript (JSON.parse, the
// yaml package, and so mcp-gen, the SDKs and the generated code) reads 9007199254740993 as
// 9007199254740992 and writes it back so, while readers with exact integers (Python's json, Go's
// json.Number) keep it: the lock pins, and the server sends, another number than the file says. A
// number JavaScript writes back as written is no such case, and decimals and exponents are
// approximations in every reader: both are left alone. A number too small for a double, 1e-400,
// is no approximation: every reader reads it as 0, another value and, for multipleOf, an invalid one.
import { cutText } from "../diff/cut-text.js";

/** The integer forms of JSON and of YAML 1.2's core schema, with the sign apart (BigInt takes no sign before 0x). */
const WHOLE_NUMBER = /^([-+]?)(0x[0-9a-fA-F]+|0o[0-7]+|[0-9]+)$/;

/**
 * What JavaScript reads `literal` (a number as written) as, when it is a whole number that `value`
 * (what it was read as) does not hold and that JavaScript does not write back as written; undefined
 * otherwise. A number JavaScript writes back digit for digit (-24346784964269390, the shortest
 * spelling of its double) reaches every reader as written, through the lock and the wire alike.
 * @example inexactWholeNumber("9007199254740993", 9007199254740992) // "9007199254740992"
 * @example inexactWholeNumber("42", 42) // undefined
 */
export function inexactWholeNumber(literal: string, value: number): string | undefined {
  if (Number.isSafeInteger(value) || !Number.isInteger(value)) return undefined;
  const match = WHOLE_NUMBER.exec(literal);
  if (!match) return undefined;
  const [, sign, digits] = match as unknown as [string, string, string];
  const magnitude = BigInt(digits);
  if ((sign === "-" ? -magnitude : magnitude) === BigInt(value)) return undefined;
  // A decimal literal, as JavaScript would write the number (no "+", no leading zeros).
  const decimal = /^0[xo]/.test(digits) ? undefined : `${sign === "-" ? "-" : ""}${digits.replace(/^0+(?=[0-9])/, "")}`;
  return decimal === String(value) ? undefined : String(value);
}

/** The finding's message and hint, the same for JSON and YAML. */
export function inexactNumberText(literal: string, readAs: string): { readonly message: string; readonly hint: string } {
  return {
    message: `The number ${literal} has more digits than a JSON number holds exactly: mcp-gen, the SDKs and the generated code read it as ${readAs}, while readers with exact integers keep ${literal}.`,
    hint: "Quote it to keep every digit as a string, or use a whole number within ±9007199254740991 (2^53 - 1), which every JSON reader holds exactly.",
  };
}

/**
 * Whether `literal`, a number as written, names a non-zero number that `value` (what it was read as)
 * holds as 0: below about 2.5e-324 a double underflows, in JavaScript and in every IEEE 754 reader.
 * @example underflowsToZero("1e-400", 0) // true
 * @example underflowsToZero("0.0e5", 0) // false
 */
export function underflowsToZero(literal: string, value: number): boolean {
  return value === 0 && /[1-9]/.test(literal.split(/[eE]/)[0]!);
}

/** The finding's message and hint, the same for JSON and YAML; `pointer` is where the number is. */
export function underflowText(literal: string, pointer: string): { readonly message: string; readonly hint: string } {
  // JSON Schema 2020-12, validation 6.2.1: "The value of multipleOf MUST be a number, strictly greater than 0."
  const meaning = pointer.endsWith("/multipleOf") ? "and multipleOf must be greater than 0" : "another value than the file gives";
  return {
    message: `The number ${cutText(literal, 40)} is too small for a JSON number to hold: mcp-gen, the SDKs, the lock and the generated code read it as 0, ${meaning}.`,
    hint: "Write 0 if you mean zero, or a number of at least 5e-324 in size (the smallest a JSON number holds); quote it to keep it as a string.",
  };
}
