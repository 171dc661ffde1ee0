// Where a build writes inside the generated folder: every file ends in `.ts`, and lies in the folder
// itself or in one of the subfolders below. Commands check this layout against the disk before they
// read or write there (confine-paths.ts): a folder where a module goes, or a file where a folder
// goes, is the user's mistake, not mcp-gen's. test/cli/paths-in-the-way.test.ts keeps this in step
// with what emit-project.ts writes.

/** The subfolders of `out` that hold generated files (runtime/ and runtime/v1/ with `runtime: vendored`). */
export const GENERATED_FOLDERS: readonly string[] = ["tools", "validators", "runtime", "runtime/v1"];

/** How the name of every file a build writes into `out` ends. */
export const GENERATED_EXTENSION = ".ts";
