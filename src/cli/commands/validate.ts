// `mcp-gen validate`: load, resolve and validate every descriptor, print the diagnostics.
// Exit 0 when clean or warnings only (see --fail-on), 1 with errors, 2 when the config is unusable.
import { analyzeProject } from "../../project/analyze-project.js";
import { withPatternVerdicts } from "../../pattern-check/certify-patterns.js";
import { ALL_RULES } from "../../validate/rules/index.js";
import { COMMON_OPTIONS, parseCommandArgs } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { readProject } from "../read-project.js";
import { toolsNotFound } from "../tools-not-found.js";
import { failsPolicy, REPORT_FORMATS, REPORT_OPTIONS, reportHelp, reportSetup, writeReport } from "../report.js";
import { configFromCommandLine } from "../project-root.js";
import { refuseReportsOverProject } from "../report-files.js";

export const VALIDATE_HELP = `Usage: mcp-gen validate [options]

Load, resolve and validate every tool descriptor, and print the diagnostics.

Options:
  --cwd DIR                project root (default: the folder of --config; else the nearest folder,
                           here or above, with mcp-gen.config.yaml; else the current folder)
  --config FILE            config file, relative to --cwd or the current folder
                           (default: mcp-gen.config.yaml, in the project root); without
                           --cwd, the folder that holds it is the project root
${reportHelp(REPORT_FORMATS, "error")}
  -h, --help               show this help

Exit status: 0 clean or warnings only, 1 errors found, 2 bad usage or config.
`;

export async function runValidate(argv: readonly string[], io: CliIo): Promise<number> {
  const { values: given } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...REPORT_OPTIONS });
  if (given.help) {
    io.stdout(VALIDATE_HELP);
    return EXIT.ok;
  }
  const setup = reportSetup("validate", given, io, REPORT_FORMATS, "error");
  const { root } = setup;
  const values = configFromCommandLine(io.cwd, given, root);
  const read = await readProject({ root, configPath: values.config });
  if (!read.ok) {
    await writeReport(io, setup, read.diagnostics, { sources: read.sources, rules: ALL_RULES });
    return EXIT.usage;
  }
  const { config, descriptors } = read.input;
  await refuseReportsOverProject(setup.files, { root, lock: config.lock, out: config.out, handlers: config.handlers, tests: config.tests, descriptors: () => descriptors });
  const analysis = analyzeProject(await withPatternVerdicts(read.input, root));
  const diagnostics = read.input.descriptors.length === 0 ? [...analysis.diagnostics, toolsNotFound(read.input.config, values.config, read.sources)] : analysis.diagnostics;
  await writeReport(io, setup, diagnostics, { sources: read.sources, rules: ALL_RULES });
  return failsPolicy(diagnostics, setup.policy) ? EXIT.problems : EXIT.ok;
}
