// What one run of the pipeline (a build, a check, a validation) remembers while it works: answers
// that several stages ask for again, such as a project's tool names or each tool's texts. Whoever
// starts the run creates one and passes it down as an argument (STYLE: no module-level state), so
// two runs in one process share nothing unless their caller says so. Each module that remembers
// something declares its own slot with what a run starts from; no module reads another's slot.
// A slot holds answers that depend on their keys alone (a set of names, a text, a tool object), so
// a memo kept across runs, as watch keeps one for its session's builds, never changes an answer.

/** One module's part of a RunMemo. Declared once, at module level: the slot is a key, not state. */
export interface MemoSlot<T> {
  /** What the slot holds, for a reader of the code that declares it. */
  readonly name: string;
  /** The slot's value in a run that has not used it yet. */
  readonly fresh: () => T;
}

/** @example const TEXTS = memoSlot("texts of each tool", () => new WeakMap<ResolvedTool, TextField[]>()); */
export function memoSlot<T>(name: string, fresh: () => T): MemoSlot<T> {
  return Object.freeze({ name, fresh });
}

export class RunMemo {
  private readonly values = new Map<MemoSlot<unknown>, unknown>();

  /**
   * `slot`'s value in this run, made by slot.fresh() on first use.
   * @example memo.get(TEXTS).get(tool)
   */
  get<T>(slot: MemoSlot<T>): T {
    if (!this.values.has(slot)) this.values.set(slot, slot.fresh());
    return this.values.get(slot) as T;
  }
}
