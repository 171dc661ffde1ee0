// posix.join for the hot paths of a build: a scaffold's path is asked for once per tool per stage
// (planning reuse, required scaffolds, emit), and Node's join normalises its result character by
// character, which on a batch command's high tiering threshold (src/cli/engine-tuning.ts) stays in
// the interpreter: 25–30 ms of a 1,223-tool rebuild went there. A folder already in normal form and
// one plain segment need no normalising; anything else is posix.join's.
import { posix } from "node:path";

/** A relative or absolute folder in normal form: no empty, "." or ".." segment, no trailing slash. */
const NORMAL_FOLDER = /^\/?(?:(?!\.\.?\/)[^/]+\/)*(?!\.\.?$)[^/]+$/;
/** One path segment that is not "." or "..". */
const PLAIN_SEGMENT = /^(?!\.\.?$)[^/]+$/;

/**
 * posix.join(folder, name), the same string, without normalising when `folder` is in normal form
 * and `name` is one plain segment.
 * @example joinPath("src/handlers", "get-user.ts") // "src/handlers/get-user.ts"
 * @example joinPath("./src/", "../x.ts") // "x.ts" (posix.join's answer)
 */
export function joinPath(folder: string, name: string): string {
  return NORMAL_FOLDER.test(folder) && PLAIN_SEGMENT.test(name) ? `${folder}/${name}` : posix.join(folder, name);
}
