import { codePointName, describeText, quoteText, textPlace } from "../describe-text.js";
import { defineRule } from "../define-rule.js";
import { DESCRIPTOR_NUL_CHARACTER } from "./descriptor-nul-character.js";
import { forEachText } from "../walk.js";
import { findInvisible, isVariationSelector, type InvisibleFinding } from "./description-invisible-characters/find-invisible.js";

/** Names of the characters seen in tool-poisoning reports; others are named by their category. */
const NAMES: Readonly<Record<number, string>> = {
  0x00ad: "SOFT HYPHEN",
  0x034f: "COMBINING GRAPHEME JOINER",
  0x061c: "ARABIC LETTER MARK",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x2800: "BRAILLE PATTERN BLANK",
  0x3164: "HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
  0x0000: "NULL",
  0x0008: "BACKSPACE",
  0x000d: "CARRIAGE RETURN",
  0x001b: "ESCAPE",
  0x007f: "DELETE",
};

const isBidiControl = (c: number) => (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
const isControl = (c: number) => c < 0x20 || (c >= 0x7f && c <= 0x9f);

export const descriptionInvisibleCharacters = defineRule({
  id: "description-invisible-characters",
  summary: "Descriptions, titles and the other strings of the schemas contain no invisible, bidi-control or control characters.",
  description:
    "Tool descriptions and titles, the titles and descriptions inside inputSchema and outputSchema, and the schemas' other strings the model reads (a `$comment`, any string in `enum`, `const`, `default` or `examples`, a property's name) are read by the model, " +
    "so a character people cannot see is text that only the model sees: zero-width characters, bidi embeddings, overrides and " +
    'isolates (which reorder what is displayed), Unicode tag characters ("ASCII smuggling"), runs of variation selectors ' +
    '("emoji smuggling"), other format characters, blank fillers (U+3164 HANGUL FILLER, and U+2800 BRAILLE PATTERN BLANK ' +
    "outside braille text) and controls other than tab and line breaks. Poisoned tools hide " +
    "instructions this way. The message names the first such character, its index in the text (in UTF-16 code units, as " +
    "JavaScript counts) and any text that tag characters or variation selectors spell, and the report points at the character " +
    "itself in the file, escapes and YAML block scalars included. Legitimate uses pass: one variation " +
    "selector after a visible character (❤️), joiners inside emoji and between letters of joining scripts such as Persian, " +
    "bidi marks in right-to-left text, and emoji tag sequences such as the flag of Scotland.",
  defaultSeverity: "warning",
  must: false,
  heuristic: true,
  why: "A heuristic's finding for a person to judge: invisible text can hide instructions, and joiners, marks and " + "selectors also have uses the rule cannot always tell apart.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, index.mdx § Key Principles (Tool Safety); server/tools.mdx § Security Considerations",
  checklist: ["T-SEC-8", "T-DESC-3", "T-DESC-4"],
  check(tool, report, { memo, severityOf }) {
    // NUL is descriptor-nul-character's, an error by default: said once, there. A space in its place keeps every index.
    const leavesNul = severityOf?.(DESCRIPTOR_NUL_CHARACTER) === "error";
    forEachText(
      tool,
      memo,
      (field) => {
        const finding = findInvisible(leavesNul ? field.text.replaceAll("\0", " ") : field.text);
        if (!finding) return;
        const part = { index: finding.index, length: finding.codePoint > 0xffff ? 2 : 1 };
        report({ ...textPlace(field), part, message: describeFinding(describeText(field), field.text, finding), hint: hintFor(finding) });
      },
      "every string",
    );
  },
});

function describeFinding(label: string, text: string, { index, codePoint, count, hidden }: InvisibleFinding): string {
  if (hidden) return `${label} hides the text ${quoteText(hidden.text)} in Unicode ${hidden.how} starting at index ${index}.`;
  const kind = isControl(codePoint) ? "control character" : "invisible character";
  const name = NAMES[codePoint] ?? (isVariationSelector(codePoint) ? "VARIATION SELECTOR" : codePoint >= 0xe0000 && codePoint <= 0xe007f ? "TAG" : undefined);
  const before = text.slice(Math.max(0, index - 20), index).replace(/^[\uDC00-\uDFFF]/, "");
  const where = index === 0 ? "at the start" : `at index ${index}, after ${quoteText(before)}`;
  return `${label} contains the ${kind} ${codePointName(codePoint)}${name ? ` ${name}` : ""} ${where}${count > 1 ? ` (${count} in all)` : ""}.`;
}

function hintFor({ codePoint, hidden }: InvisibleFinding): string {
  if (hidden) return "Delete the hidden characters and find out how they got into the descriptor.";
  if (isBidiControl(codePoint)) return "Delete the bidi controls; they change the order in which people see the text, not what the model reads.";
  if (isControl(codePoint)) return "Delete the control characters; a description needs no controls other than tabs and line breaks.";
  return "Delete the invisible characters, so that people reviewing the tool see everything the model reads.";
}
