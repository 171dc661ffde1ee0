// Counts calls of built-in methods during a synchronous call, a deterministic measure of its work for
// tests that a slow algorithm must fail: the same input gives the same count on any machine under any
// load. Each RegExp search (test, match, replace, split… all go through RegExp.prototype.exec) counts
// as the length of the text it searches, so a pattern run over the whole text once per character shows
// as quadratic even when the pattern itself is fast.

/** Built-in methods whose calls stand for a step of work. */
const COUNTED: readonly [object, string][] = [
  [RegExp.prototype, "exec"],
  [String.prototype, "codePointAt"],
  [String.prototype, "charCodeAt"],
];

/**
 * `run()`'s result and the work it did: one per call of `codePointAt`/`charCodeAt`, and the searched
 * text's length per RegExp search.
 * @example countCalls(() => /a/.test("abc")).work === 3
 */
export function countCalls<T>(run: () => T): { result: T; work: number } {
  let work = 0;
  const originals = COUNTED.map(([owner, name]) => [owner, name, Reflect.get(owner, name) as (...args: unknown[]) => unknown] as const);
  for (const [owner, name, original] of originals) {
    const counted = name === "exec" ? (text: unknown) => String(text).length : () => 1;
    Reflect.set(owner, name, function (this: unknown, ...args: unknown[]) {
      work += counted(args[0]);
      return original.apply(this, args);
    });
  }
  try {
    return { result: run(), work };
  } finally {
    for (const [owner, name, original] of originals) Reflect.set(owner, name, original);
  }
}
