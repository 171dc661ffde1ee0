// Markup that hides text from people who read a description, or addresses the model directly the
// way poisoned tools do (`<IMPORTANT>` in the published tool-poisoning examples). Each entry says
// what it is and why it matters; the corpus of real servers has none of them.

import type { RunMemo } from "../../../model/run-memo.js";
import { originalPart, textSkeleton } from "../../text-skeleton.js";

export interface HiddenBlockKind {
  readonly what: string;
  readonly pattern: RegExp;
  readonly why: string;
  readonly hint: string;
}

const TAG_TAIL = String.raw`(?:\s[^<>]{0,80})?>`;

export const HIDDEN_BLOCKS: readonly HiddenBlockKind[] = [
  {
    what: "an HTML comment",
    pattern: /<!--[\s\S]*?(?:-->|$)/,
    why: "which Markdown and HTML views hide from people while the model reads it",
    hint: "Delete the comment, or make its text part of the visible description.",
  },
  {
    what: "a Markdown comment",
    pattern: /^[ \t]*\[(?:\/\/|#|comment|hidden)\]:[ \t]*(?:#|<>)[^\n]*/im,
    why: "which Markdown views hide from people while the model reads it",
    hint: "Delete the comment, or make its text part of the visible description.",
  },
  {
    // Tags that only ever address the model (not right after a word: `List<System>` is a generic type).
    what: "a prompt tag",
    pattern: new RegExp(String.raw`(?<![\w.])</?\s*(?:important|system|system[-_ ]?(?:prompt|message|instructions?)|hidden|override)${TAG_TAIL}`, "i"),
    why: "which gives the model orders outside the description's plain text, as poisoned tools do",
    hint: "Remove the tags and keep only plain text that says what the tool does and when to use it.",
  },
  {
    // Weaker names count only as a closed block: `<secret>` alone is a common command-line placeholder.
    what: "a prompt block",
    pattern: new RegExp(String.raw`(?<![\w.])<\s*(instructions?|secret|admin|assistant)${TAG_TAIL}[\s\S]{0,4000}?</\s*\1\s*>`, "i"),
    why: "which gives the model orders outside the description's plain text, as poisoned tools do",
    hint: "Remove the tags and keep only plain text that says what the tool does and when to use it.",
  },
  {
    what: "a chat-template token",
    pattern: /<\|[a-z_]{2,30}\|>|\[\/?INST\]|<<\/?SYS>>/i,
    why: "which imitates the markers of the model's own conversation format",
    hint: "Delete the token; a description is data for the model, not a turn of its conversation.",
  },
  {
    what: "a hidden HTML element",
    pattern:
      /<[a-z][\w-]*[^<>]{0,400}?\s(?:hidden(?=[\s/>=])|style\s*=\s*["'][^"'<>]{0,400}?(?:display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d])|opacity\s*:\s*0(?![.\d])))[^<>]{0,400}>/i,
    why: "which HTML views hide from people while the model reads it",
    hint: "Delete the element, or make its text part of the visible description.",
  },
];

export interface HiddenBlock {
  readonly kind: HiddenBlockKind;
  readonly index: number;
  readonly text: string;
  /** Written with look-alikes (fullwidth ＜ ＞, Cyrillic letters), which the text skeleton reads as ASCII. */
  readonly disguised: boolean;
}

/**
 * The earliest hidden block in `text`, if any, found in its skeleton (fullwidth "＜IMPORTANT＞" is
 * "<IMPORTANT>"); index and text are the original's. `memo`: the run's, which keeps each text's
 * skeleton for the other rules that read it.
 */
export function findHiddenBlock(text: string, memo?: RunMemo): HiddenBlock | undefined {
  const skeleton = textSkeleton(text, memo);
  if (!/[<[]/.test(skeleton.text)) return undefined;
  let best: { kind: HiddenBlockKind; index: number; length: number } | undefined;
  for (const kind of HIDDEN_BLOCKS) {
    const match = kind.pattern.exec(skeleton.text);
    if (match && (!best || match.index < best.index)) best = { kind, index: match.index, length: match[0].length };
  }
  if (!best) return undefined;
  const part = originalPart(skeleton, best.index, best.length);
  const original = text.slice(part.index, part.index + part.length);
  return { kind: best.kind, index: part.index, text: original, disguised: original !== skeleton.text.slice(best.index, best.index + best.length) };
}
