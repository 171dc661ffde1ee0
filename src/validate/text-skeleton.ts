// Text → the skeleton the poisoning rules match their phrases on: each character in its NFKC form
// (fullwidth "＜ＩＭＰＯＲＴＡＮＴ＞" is "<IMPORTANT>") and the Cyrillic, Greek and other letters
// that look like Latin ones as those ("Ignоre" with a Cyrillic о is "Ignore"), so that look-alikes
// do not slip a phrase past the list. Each skeleton character remembers the index in the text it
// came from, so a finding still quotes and points at what is really written. The rules that read
// the same text (prompt injection, hidden instructions, tool shadowing) share one skeleton of it per
// run through the run's memo.
import type { RunMemo } from "../model/run-memo.js";
import { answerForText, textAnswersSlot } from "./text-answers.js";

/** Look-alikes NFKC leaves alone (after Unicode's confusables.txt, the letters attackers use). */
const LOOK_ALIKES: ReadonlyMap<string, string> = new Map(
  [
    // Cyrillic
    "аa еe кk мM нH оo рp сc тT уy хx ѕs іi јj ԁd ԛq ԝw һh ӏl ԍG ԌG ѵv",
    " АA ВB ЕE КK МM НH ОO РP СC ТT ХX ЅS ІI ЈJ ҮY ԚQ ԜW",
    // Greek
    " οo ρp νv ιi κk τt υu χx αa ϲc ϳj ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX",
    // Armenian, Latin letters, Canadian syllabics
    " օo սu ցg ɑa ɡg ɩi ıi ʏy ᐸ< ᐳ> ˂< ˃>",
  ]
    .join("")
    .split(" ")
    .filter((pair) => pair.length === 2)
    .map((pair) => [pair[0]!, pair[1]!] as const),
);

export interface TextSkeleton {
  readonly text: string;
  /** For each UTF-16 code unit of `text`, and one more for its end, the index in the original it came from. */
  readonly origin: readonly number[];
}

/**
 * Skeletons of the texts that are not all ASCII, by text, in one run: the poisoning rules each read
 * every text of every tool, and building a skeleton walks the text character by character.
 */
const SKELETONS = textAnswersSlot<TextSkeleton>("the skeleton of each text that is not all ASCII");

/**
 * The skeleton of `text`; the text itself when it is all ASCII. `memo`: the run's, so that each
 * text is read once whichever rules ask for its skeleton.
 * @example textSkeleton("Ign\u043ere").text // "Ignore"
 */
export function textSkeleton(text: string, memo?: RunMemo): TextSkeleton {
  if (!/[^\x00-\x7f]/.test(text)) return { text, origin: [] };
  return answerForText(memo, SKELETONS, text, () => buildSkeleton(text));
}

function buildSkeleton(text: string): TextSkeleton {
  let out = "";
  const origin: number[] = [];
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    const char = String.fromCodePoint(code);
    const skeleton = code < 0x80 ? char : (LOOK_ALIKES.get(char) ?? char.normalize("NFKC"));
    out += skeleton;
    for (let k = 0; k < skeleton.length; k++) origin.push(i);
    i += char.length;
  }
  origin.push(text.length);
  return { text: out, origin };
}

/**
 * The part of the original text that `length` skeleton characters from `index` came from.
 * @example originalPart(textSkeleton("＜b＞"), 0, 3) // { index: 0, length: 3 }
 */
export function originalPart(skeleton: TextSkeleton, index: number, length: number): { readonly index: number; readonly length: number } {
  const { origin } = skeleton;
  if (origin.length === 0) return { index, length };
  // To the end of the last character, all of it when it became several ("ﬁ" → "fi").
  let end = index + length;
  while (end > index && end < origin.length - 1 && origin[end] === origin[end - 1]) end++;
  return { index: origin[index]!, length: origin[end]! - origin[index]! };
}
