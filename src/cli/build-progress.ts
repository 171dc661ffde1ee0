// The one-line progress report of a build on a terminal: the phase it is in ("Validating 1,223
// tools…") and, for long work, how much of the phase's thread work is done ("… 640 of 2,301
// schemas compiled…"), rewritten in place on stderr. Silent when not on a terminal (CI logs) and in
// json or sarif; the caller decides that by giving no writer.
import type { ThreadProgress, ThreadWork } from "../incremental/build-threads.js";
import type { CliIo } from "./io.js";
import { groupDigits } from "../model/phrases.js";

/** Below this many items a phase ends before counts would help; only its name is shown. */
export const MIN_ITEMS_FOR_COUNTS = 100;

const WORK_DONE: Readonly<Record<ThreadWork, string>> = { schemas: "schemas compiled", types: "tool types generated" };

export interface BuildProgress {
  /** A new phase, named without its ellipsis; `work`: the thread work whose counts belong to it. */
  phase(text: string, work?: ThreadWork): void;
  /** The threads' counts (a ThreadProgress): shown while their phase lasts, for long work only. */
  readonly work: ThreadProgress;
}

/**
 * Writes `line` over the progress line on stderr (an empty line clears it), while stdout is a
 * terminal and the format is text; undefined otherwise.
 */
export function progressLine(io: Pick<CliIo, "isTty" | "stderr">, format: string): ((line: string) => void) | undefined {
  return io.isTty && format === "text" ? (line) => io.stderr(`\r\u001b[2K${line}`) : undefined;
}

/**
 * @example const progress = buildProgress((line) => io.stderr(`\r\u001b[2K${line}`)); progress.phase("Validating 3 tools", "schemas")
 */
export function buildProgress(write: ((line: string) => void) | undefined): BuildProgress {
  if (!write) return { phase: () => undefined, work: () => undefined };
  let current: { readonly text: string; readonly work: ThreadWork | undefined } = { text: "", work: undefined };
  return {
    phase(text, work) {
      current = { text, work };
      write(`${text}…`);
    },
    work(work, done, total) {
      // Work of another phase (types started ahead while validating) waits for its own.
      if (work !== current.work || total < MIN_ITEMS_FOR_COUNTS || done >= total) return;
      write(`${current.text}: ${groupDigits(done)} of ${groupDigits(total)} ${WORK_DONE[work]}…`);
    },
  };
}
