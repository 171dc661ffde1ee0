// A function's answer for each text, remembered in the run's memo: a text's skeleton, a rule's
// finding. The poisoning rules read every description and title of every tool, and tools converted
// from one API repeat the same texts (the GitHub REST corpus: 7,441 texts, 2,857 of them distinct,
// 1.1 MB against 0.7 MB), so an answer that depends on the text alone is worked out once per
// distinct text. What is remembered is bounded by the characters of its texts, for a watch session
// that keeps its memo across builds.
import { memoSlot, type MemoSlot, type RunMemo } from "../model/run-memo.js";

export interface TextAnswers<T> {
  readonly byText: Map<string, T>;
  chars: number;
}

/** Past this many characters of remembered texts, a slot starts again. */
const MAX_REMEMBERED_CHARS = 4_000_000;

/** A memo slot for one function's answers by text. Declared once, at module level. */
export function textAnswersSlot<T>(name: string): MemoSlot<TextAnswers<T>> {
  return memoSlot(name, () => ({ byText: new Map<string, T>(), chars: 0 }));
}

/**
 * `answer(text)`, worked out once per text in the run that `memo` belongs to (every time without one).
 * `answer` must depend on `text` alone.
 * @example answerForText(memo, INJECTIONS, text, () => findFirstPhrase(text, memo))
 */
export function answerForText<T>(memo: RunMemo | undefined, slot: MemoSlot<TextAnswers<T>>, text: string, answer: () => T): T {
  if (memo === undefined) return answer();
  const remembered = memo.get(slot);
  if (remembered.byText.has(text)) return remembered.byText.get(text) as T;
  const value = answer();
  if (remembered.chars + text.length > MAX_REMEMBERED_CHARS) {
    remembered.byText.clear();
    remembered.chars = 0;
  }
  remembered.byText.set(text, value);
  remembered.chars += text.length;
  return value;
}
