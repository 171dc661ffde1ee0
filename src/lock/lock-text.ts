// Whether the text of the file at the lock path may be an mcp-gen lock, however damaged: what lets a
// build (or an import) replace it. A lock that is truncated, left with merge-conflict markers, empty
// or of the wrong shape is rewritten, as it always was; a file that is plainly something else (a
// package.json, a README, a handler that `lock:` was pointed at by mistake) is not, since replacing it
// loses the user's file. Never reads the disk.
//
// Why this criterion: the text is a lock when it still shows what every lock shows, and nothing is
// lost when it shows nothing at all.
// - renderLock writes the root's members sorted, so every lock starts `{` `"files": {`; a truncated
//   lock keeps its start (or as much of it as is left: `{`, `{ "fi`), and a merge-conflicted one
//   keeps it too once the marker lines are set aside. No other common JSON starts so: package.json's
//   and tsconfig.json's `files` are arrays.
// - `"specRevision"` is a root key of every lock and of no other format we know of (package-lock.json
//   has `lockfileVersion` too, which is why that key is no evidence): on a line of its own, as
//   renderLock writes a root member (two spaces in, a date after), it finds a lock whose start went in
//   a conflict hunk or a hand edit. Anywhere else (notes quoting a lock, another file's nested key) it
//   is no evidence.
// - A text with no content (blank, or JSON `{}`, `[]`, `null`) holds nothing to lose.

import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import type { Diagnostic } from "../model/diagnostic.js";

/** Lines git writes around the sides of a conflict (`|||||||` with diff3). */
const CONFLICT_MARKER_LINE = /^(?:<{7}|={7}|>{7}|\|{7})(?: [^\n]*)?\r?\n?/gm;
const LOCK_START = /^\{\s*"files"\s*:\s*\{/;
/** The start of every lock, without its spaces: a text that is a beginning of it is a lock cut short. */
const LOCK_START_TEXT = '{"files":{';
const LOCK_ONLY_KEY = /^ {2}"specRevision": "\d{4}-\d{2}-\d{2}",?\r?$/m;

/**
 * Whether `text`, found at the lock path, may be an mcp-gen lock (see above).
 * @example mayBeLock(renderLock(lock).slice(0, 40)) === true && mayBeLock('{ "name": "app" }') === false
 */
export function mayBeLock(text: string): boolean {
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(CONFLICT_MARKER_LINE, "").trim();
  if (body === "" || LOCK_START.test(body) || LOCK_START_TEXT.startsWith(body.replace(/\s+/g, "")) || LOCK_ONLY_KEY.test(body)) return true;
  return holdsNothing(body);
}

function holdsNothing(body: string): boolean {
  try {
    const value: unknown = JSON.parse(body);
    return value === null || (typeof value === "object" && Object.keys(value).length === 0);
  } catch {
    return false;
  }
}

/**
 * The error for a file at the lock path that is no mcp-gen lock, however damaged (lock-text.ts): a
 * build would replace it with the lock, losing it.
 */
export function notALock(path: string): Diagnostic {
  return diagnosticAtFileStart(path, {
    ruleId: "lock-invalid",
    severity: "error",
    message: `${path} is not an mcp-gen lock, nor what is left of one; writing the lock would replace it, so nothing was written.`,
    hint: `If the file is yours, point \`lock\` in mcp-gen.config.yaml at a path of its own, such as "mcp-tools.lock.json". If it is a lock damaged beyond recognition, delete it and build again.`,
  });
}
