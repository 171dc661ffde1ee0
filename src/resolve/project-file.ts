// What the CLI found when it looked for a file that a `$ref` names.
import type { SourceDoc } from "../model/source.js";

export type ProjectFile =
  | { readonly status: "ok"; readonly doc: SourceDoc }
  /**
   * Nothing there, or (`notAFile`) something that is not a regular file: a folder, a named pipe, a
   * socket or a device; or (`unreadable`) a path the system refused to look up, said as a clause: a
   * name longer than the file system allows, a file where the path needs a folder, a loop of links;
   * with `brokenLink` when the path itself is a symbolic link that leads to nothing or loops.
   */
  | { readonly status: "missing"; readonly notAFile?: string; readonly unreadable?: string; readonly brokenLink?: true }
  /**
   * Read refused: a file outside the project root (a glob that leaves the project), or a link whose
   * target lies there. `reason` says which, and `hint` what to do about it.
   */
  | { readonly status: "refused"; readonly reason: string; readonly hint: string }
  /** Read, but it did not parse; its own diagnostics were already reported. */
  | { readonly status: "invalid" };
