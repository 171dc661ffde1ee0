// ECMAScript Unicode property escapes (`\p{L}`, `\p{Letter}`, `\p{Script=Greek}`, `\p{ASCII}`) →
// what re2js knows: General_Category values by their short names, scripts by their full names, and
// the four binary properties whose code points never change (Any, ASCII, ASCII_Hex_Digit,
// Assigned). re2js's tables and Node 20's ICU are both Unicode 17; test/compile/linear-pattern
// compares every value below with V8 over every code point. Anything else is refused, never guessed.
import { ANY, ASCII, ASCII_HEX_DIGIT, type CodePointRanges } from "./code-point-ranges.js";

/**
 * General_Category values (Unicode PropertyValueAliases.txt, gc): every long name and alias
 * ECMAScript accepts → the short name re2js's tables use.
 */
const GENERAL_CATEGORY: Readonly<Record<string, string>> = {
  Other: "C",
  Control: "Cc",
  cntrl: "Cc",
  Format: "Cf",
  Unassigned: "Cn",
  Private_Use: "Co",
  Surrogate: "Cs",
  Letter: "L",
  Cased_Letter: "LC",
  Lowercase_Letter: "Ll",
  Modifier_Letter: "Lm",
  Other_Letter: "Lo",
  Titlecase_Letter: "Lt",
  Uppercase_Letter: "Lu",
  Mark: "M",
  Combining_Mark: "M",
  Spacing_Mark: "Mc",
  Enclosing_Mark: "Me",
  Nonspacing_Mark: "Mn",
  Number: "N",
  Decimal_Number: "Nd",
  digit: "Nd",
  Letter_Number: "Nl",
  Other_Number: "No",
  Punctuation: "P",
  punct: "P",
  Connector_Punctuation: "Pc",
  Dash_Punctuation: "Pd",
  Close_Punctuation: "Pe",
  Final_Punctuation: "Pf",
  Initial_Punctuation: "Pi",
  Other_Punctuation: "Po",
  Open_Punctuation: "Ps",
  Symbol: "S",
  Currency_Symbol: "Sc",
  Modifier_Symbol: "Sk",
  Math_Symbol: "Sm",
  Other_Symbol: "So",
  Separator: "Z",
  Line_Separator: "Zl",
  Paragraph_Separator: "Zp",
  Space_Separator: "Zs",
};
const GENERAL_CATEGORY_SHORT: ReadonlySet<string> = new Set(Object.values(GENERAL_CATEGORY));

/** Binary properties whose code points are fixed by definition, as ranges. */
const FIXED_BINARY: Readonly<Record<string, CodePointRanges>> = { Any: ANY, ASCII, ASCII_Hex_Digit: ASCII_HEX_DIGIT, AHex: ASCII_HEX_DIGIT };

/** A property escape as re2js reads it: a table name (`\p{name}`), or ranges; `negate` flips either. */
export type PropertyTranslation =
  | { readonly kind: "table"; readonly name: string; readonly negate: boolean }
  | { readonly kind: "ranges"; readonly ranges: CodePointRanges; readonly negate: boolean }
  | { readonly kind: "refused"; readonly reason: string };

/**
 * `\p{key=value}` (regexpp's key and value: for `\p{L}` key "General_Category", for `\p{ASCII}`
 * value null) → re2js's equivalent. `knowsScript(name)` says whether re2js has the script `name`.
 * @example translateProperty("Script", "Greek", false, () => true) // { kind: "table", name: "Greek", negate: false }
 */
export function translateProperty(key: string, value: string | null, negate: boolean, knowsScript: (name: string) => boolean): PropertyTranslation {
  if (value === null) {
    if (key === "Assigned") return { kind: "table", name: "Cn", negate: !negate };
    const ranges = Object.hasOwn(FIXED_BINARY, key) ? FIXED_BINARY[key] : undefined;
    if (ranges) return { kind: "ranges", ranges, negate };
    return { kind: "refused", reason: "a binary Unicode property re2js has no table for" };
  }
  if (key === "General_Category" || key === "gc") {
    const short = GENERAL_CATEGORY_SHORT.has(value) ? value : Object.hasOwn(GENERAL_CATEGORY, value) ? GENERAL_CATEGORY[value] : undefined;
    if (short) return { kind: "table", name: short, negate };
    return { kind: "refused", reason: "a General_Category re2js has no table for" };
  }
  if ((key === "Script" || key === "sc") && knowsScript(value)) return { kind: "table", name: value, negate };
  if (key === "Script" || key === "sc") return { kind: "refused", reason: "a script re2js does not know by that name; it knows scripts by their full names, Script=Greek, not Script=Grek" };
  return { kind: "refused", reason: `a Unicode property re2js has no table for` };
}
