// A project whose `tools` globs match no file has nothing to validate or build: say so, at the
// config's `tools` key (or its first line), rather than "Built 0 tools" with every runtime file written.
// A folder with no config either is no project at all: an error (project-not-found).
import type { Config } from "../config/config.js";
import { CONFIG_FILE } from "../config/config.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import type { Diagnostic } from "../model/diagnostic.js";

/**
 * The tools-not-found warning for a project with no descriptor; `sources` holds the config text read.
 * `pinned`: how many tools the lock on disk pins. Then it is an error: the build writes nothing, and
 * `check` would go on naming each pinned tool as removed, so the hint says how to end that.
 * @example if (read.input.descriptors.length === 0) diagnostics.push(toolsNotFound(config, configPath, read.sources))
 */
export function toolsNotFound(config: Config, configPath: string | undefined, sources: ReadonlyMap<string, string>, pinned = 0): Diagnostic {
  const file = configPath ?? CONFIG_FILE;
  const globs = config.tools.map((glob) => JSON.stringify(glob)).join(", ");
  const text = sources.get(file);
  const where = `Put descriptors (*.yaml, *.yml, *.json) where the globs look, or set \`tools\` in ${file} to where they are.`;
  const base =
    pinned === 0
      ? {
          ruleId: "tools-not-found",
          severity: "warning" as const,
          message: `The tools glob${config.tools.length === 1 ? "" : "s"} ${globs} matched no file: there is no tool to validate or build.`,
          hint: where,
        }
      : {
          ruleId: "tools-not-found",
          severity: "error" as const,
          message: `The tools glob${config.tools.length === 1 ? "" : "s"} ${globs} matched no file, but ${config.lock} pins ${pinned === 1 ? "1 tool" : `${pinned} tools`}: a build writes no server without tools, so it changes nothing.`,
          hint: `${where} To remove every tool, delete ${config.out}/ and ${config.lock} (the handlers in ${config.handlers}/ and tests in ${config.tests}/ are yours).`,
        };
  // No config and nothing where a project without one keeps its descriptors: not a project at all
  // (the wrong folder, or an `mcp-gen import` that failed and so wrote nothing). An error, not a
  // warning that points into a file that does not exist.
  if (text === undefined) {
    return {
      ruleId: "project-not-found",
      severity: "error",
      message: `There is no ${file} here or in a folder above, and the tools glob${config.tools.length === 1 ? "" : "s"} ${globs} of a project without one matched no file: this folder is not an mcp-gen project, so there is nothing to validate or build.`,
      hint: "Run mcp-gen in the project's folder (or give --cwd DIR). Start a project with `mcp-gen init`, or pin a server with `mcp-gen import`: an import that failed wrote nothing, so run it again once the server answers.",
      file,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
      pointer: "",
    };
  }
  const doc = loadDocument({ path: file, text }).value;
  if (!doc) return { ...base, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" };
  return diagnosticAtPointer(doc, "/tools", base, "key");
}
