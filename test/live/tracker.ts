// Compiles the tracker example (examples/tracker → examples/tracker/dist) once per test file, so the
// live tests can start its stdio and HTTP servers.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { REPO_ROOT } from "../support/spec-paths.js";

export async function compileTracker(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", join(REPO_ROOT, "examples/tracker/tsconfig.json")], { cwd: REPO_ROOT });
}
