// What the CLI found when it looked for a file that a `$ref` names.
import type { SourceDoc } from "../model/source.js";

export type ProjectFile =
  | { readonly status: "ok"; readonly doc: SourceDoc }
  | { readonly status: "missing" }
  /** Read refused: for example a symlink whose target lies outside the project root. */
  | { readonly status: "refused"; readonly reason: string }
  /** Read, but it did not parse; its own diagnostics were already reported. */
  | { readonly status: "invalid" };
