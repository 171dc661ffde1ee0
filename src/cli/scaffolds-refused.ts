// The scaffolds a build could not create because the system refused them (no permission, a
// read-only file system, the disk full): one error each, naming the file, what the system said and
// what to do. The build then wrote nothing (writeBuild took back the scaffolds it had created), so the
// generated code never imports a handler stub that is not there. Exit 74 when the refusal is the
// system's (system-failure.ts), as for any other write the system refuses; else 1.
import { posix } from "node:path";
import type { Config } from "../config/config.js";
import { systemFailure } from "../files/system-failure.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import type { Diagnostic } from "../model/diagnostic.js";
import type { ScaffoldsRefused } from "../incremental/incremental-build.js";
import { EXIT } from "./io.js";

export const SCAFFOLD_NOT_CREATED = "scaffold-not-created";

/**
 * A scaffold-not-created error for each refused scaffold, and the exit status.
 * @example scaffoldsRefused({ refused: [{ path: "src/handlers/wave.ts", code: "EACCES", message: "..." }] }, config).diagnostics[0].message
 */
export function scaffoldsRefused(written: ScaffoldsRefused, config: Pick<Config, "handlers">): { readonly diagnostics: Diagnostic[]; readonly status: number } {
  const diagnostics = written.refused.map(({ path, code, message }) => {
    const what = path.startsWith(`${config.handlers}/`) ? "handler stub" : "test scaffold";
    const folder = posix.dirname(path);
    const system = systemFailure({ code });
    return diagnosticAtFileStart(path, {
      ruleId: SCAFFOLD_NOT_CREATED,
      severity: "error",
      message: `The ${what} ${path} could not be created (${code}: ${system?.why ?? message}), so the build wrote nothing: the generated code and the lock stay as they were.`,
      hint: hintFor(code, folder),
    });
  });
  const system = written.refused.some(({ code }) => systemFailure({ code }) !== undefined);
  return { diagnostics, status: system ? EXIT.system : EXIT.problems };
}

function hintFor(code: string, folder: string): string {
  if (code === "EACCES" || code === "EPERM") return `Let the user that runs mcp-gen write to ${folder}, then build again.`;
  if (code === "EROFS") return `Build where ${folder} can be written (it is on a read-only file system), or create the file there yourself.`;
  if (code === "ENOSPC" || code === "EDQUOT") return "Free some disk space, then build again.";
  return `Fix what keeps ${folder} from taking the file, then build again.`;
}
