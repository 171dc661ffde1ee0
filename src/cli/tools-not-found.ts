// A project whose `tools` globs match no file has nothing to validate or build: say so, at the
// config's `tools` key (or its first line), rather than "Built 0 tools" with every runtime file written.
import type { Config } from "../config/config.js";
import { CONFIG_FILE } from "../config/config.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import type { Diagnostic } from "../model/diagnostic.js";

/**
 * The tools-not-found warning for a project with no descriptor; `sources` holds the config text read.
 * @example if (read.input.descriptors.length === 0) diagnostics.push(toolsNotFound(config, configPath, read.sources))
 */
export function toolsNotFound(config: Config, configPath: string | undefined, sources: ReadonlyMap<string, string>): Diagnostic {
  const file = configPath ?? CONFIG_FILE;
  const globs = config.tools.map((glob) => JSON.stringify(glob)).join(", ");
  const text = sources.get(file);
  const base = {
    ruleId: "tools-not-found",
    severity: "warning" as const,
    message: `The tools glob${config.tools.length === 1 ? "" : "s"} ${globs} matched no file: there is no tool to validate or build.`,
    // No config here or above: most likely the command runs outside the project (project-root.ts).
    hint:
      text === undefined && configPath === undefined
        ? `No ${CONFIG_FILE} was found here or in a folder above: run mcp-gen in the project's folder (or give --cwd DIR), or put descriptors (*.yaml, *.yml, *.json) in tools/.`
        : `Put descriptors (*.yaml, *.yml, *.json) where the globs look, or set \`tools\` in ${file} to where they are.`,
  };
  const doc = text === undefined ? undefined : loadDocument({ path: file, text }).value;
  if (!doc) return { ...base, file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: "" };
  return diagnosticAtPointer(doc, "/tools", base, "key");
}
