// `mcp-gen validate`: load, resolve and validate every descriptor, print the diagnostics.
// Exit 0 when clean or warnings only, 1 with errors, 2 when the config is unusable.
import { hasErrors } from "../../model/diagnostic.js";
import { MCP_GEN_HOMEPAGE, MCP_GEN_VERSION } from "../../model/version.js";
import { analyzeProject } from "../../project/analyze-project.js";
import { formatDiagnostics, type DiagnosticFormat } from "../../report/format-diagnostics.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { choice, COMMON_OPTIONS, parseCommandArgs, projectRoot } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { readProject } from "../read-project.js";

export const VALIDATE_HELP = `Usage: mcp-gen validate [options]

Load, resolve and validate every tool descriptor, and print the diagnostics.

Options:
  --cwd DIR          project root (default: the current directory)
  --config FILE      config file, relative to the root (default: mcp-gen.config.yaml)
  --format FORMAT    text | json | sarif (default: text)
  -h, --help         show this help

Exit status: 0 clean or warnings only, 1 errors found, 2 bad usage or config.
`;

export const FORMATS = ["text", "json", "sarif"] as const;

export async function runValidate(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, format: { type: "string" } });
  if (values.help) {
    io.stdout(VALIDATE_HELP);
    return EXIT.ok;
  }
  const format = choice("format", values.format, FORMATS, "text");
  const root = projectRoot(io.cwd, values.cwd);
  const read = await readProject({ root, configPath: values.config });
  const print = (diagnostics: Parameters<typeof formatDiagnostics>[1], sources: ReadonlyMap<string, string>) =>
    io.stdout(formatDiagnostics(format as DiagnosticFormat, diagnostics, {
      sources, color: io.isTty && !io.env.NO_COLOR && format === "text", rules: ALL_RULES, toolVersion: MCP_GEN_VERSION, informationUri: MCP_GEN_HOMEPAGE,
    }));
  if (!read.ok) {
    print(read.diagnostics, read.sources);
    return EXIT.usage;
  }
  const analysis = analyzeProject(read.input);
  print(analysis.diagnostics, read.sources);
  return hasErrors(analysis.diagnostics) ? EXIT.problems : EXIT.ok;
}
