// `mcp-gen import --command "CMD ARGS" | --url URL`: writes one descriptor file per tool from a
// running server's tools/list, exactly as sent, and a lock that pins them, so a team can generate a
// typed client for a server someone else runs (`mcp-gen build`) and notice when it changes
// (`mcp-gen verify`). Never overwrites a file without --force. Exit 0 imported, 1 a file exists
// (nothing written), 2 bad usage or a server that cannot be reached or answers badly.
import { posix, resolve } from "node:path";
import { planImport } from "../../live/plan-import.js";
import { buildLock } from "../../lock/build-lock.js";
import { renderLock } from "../../lock/render-lock.js";
import { hashFileText } from "../../lock/sha256.js";
import { PROJECT_PATH_PATTERN } from "../../model/lock.js";
import { MCP_GEN_VERSION } from "../../model/version.js";
import { formatText } from "../../report/format-text.js";
import { COMMON_OPTIONS, parseCommandArgs, UsageError } from "../args.js";
import { EXIT, type CliIo } from "../io.js";
import { readTextIfExists, writeFileAtomic } from "../write-files.js";
import { readProjectConfig } from "../read-config.js";
import { confinePaths, realPathOrSelf } from "../confine-paths.js";
import { describeServer, LIVE_HELP, LIVE_OPTIONS, liveRequest, loadLive, reportLiveProblem } from "./verify.js";

export const IMPORT_HELP = `Usage: mcp-gen import (--command "CMD ARGS" | --url URL) [options]

Write one descriptor file per tool from a running server's tools/list (YAML, exactly what the server
sent) and a lock file that pins them. Then \`mcp-gen build\` generates a typed client for the server,
and \`mcp-gen verify\` tells you when the server changes a tool.

Options:
${LIVE_HELP}
  --dir DIR                folder for the descriptor files, relative to the root (default: tools)
  --force                  overwrite existing descriptor files and the lock file
  --cwd DIR                project root (default: the current directory)
  --config FILE            config file, relative to the root (default: mcp-gen.config.yaml)
  -h, --help               show this help

Exit status: 0 imported, 1 a file already exists (nothing written; use --force), 2 bad usage, or
the server could not be reached or answered badly.
`;

export async function runImport(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandArgs(argv, { ...COMMON_OPTIONS, ...LIVE_OPTIONS, dir: { type: "string" }, force: { type: "boolean" } });
  if (values.help) {
    io.stdout(IMPORT_HELP);
    return EXIT.ok;
  }
  const root = resolve(io.cwd, values.cwd ?? ".");
  const dir = projectFolder(values.dir ?? "tools");
  const { target, options } = liveRequest(values, root, io.env);
  const project = await readProjectConfig(root, values.config);
  if (!project.config) {
    io.stdout(formatText(project.diagnostics, { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const { config } = project;
  // The descriptor folder and the lock must really be in the project (a linked tools/ would take
  // the server's descriptors anywhere): refused before the server is even started.
  const confined = confinePaths(realPathOrSelf(root), [{ path: dir, role: "--dir", kind: "folder" }, { path: config.lock, role: "lock", kind: "file", replaced: true }]);
  if (confined.diagnostics.length > 0) {
    io.stdout(formatText(confined.diagnostics, { sources: project.sources, color: false }));
    return EXIT.usage;
  }
  const live = await (await loadLive()).fetchLiveTools(target, options);
  if (!live.ok) return reportLiveProblem("import", live.problem, io);
  const plan = planImport(live.value.tools, dir, config.load);
  if (!plan.ok) return reportLiveProblem("import", plan.problem, io);
  const { files, tools, notes } = plan.value;
  const inputs = new Map(files.map((file) => [file.path, hashFileText(file.contents)]));
  const lock = renderLock(buildLock({ tools, files: [], inputs, version: MCP_GEN_VERSION }));
  const targets = [...files.map((file) => file.path), config.lock];
  if (!values.force) {
    const existing: string[] = [];
    for (const path of targets) if ((await readTextIfExists(resolve(root, path))) !== undefined) existing.push(path);
    if (existing.length > 0) {
      io.stderr(`mcp-gen import: ${existing.length === 1 ? "this file exists" : "these files exist"}, so nothing was written:\n${existing.map((p) => `  ${p}`).join("\n")}\nRun again with --force to overwrite ${existing.length === 1 ? "it" : "them"}.\n`);
      return EXIT.problems;
    }
  }
  for (const file of files) await writeFileAtomic(resolve(root, file.path), file.contents);
  await writeFileAtomic(resolve(root, config.lock), lock);
  const lines = [
    `Imported ${files.length} tool${files.length === 1 ? "" : "s"} from ${describeServer(live.value)}:`,
    ...files.map((file) => `  ${file.path}`),
    `Wrote ${config.lock}.`,
    ...notes.map((note) => `Note: ${note}`),
    "Next: run `mcp-gen validate`, then `mcp-gen build` to generate a typed client; `mcp-gen verify` with the same server options checks it against the lock.",
  ];
  io.stdout(lines.join("\n") + "\n");
  return EXIT.ok;
}

/** A project-relative folder with forward slashes; throws UsageError for one outside the project. */
function projectFolder(dir: string): string {
  const normalized = posix.normalize(dir.replace(/\\/g, "/")).replace(/\/+$/, "");
  if (!PROJECT_PATH_PATTERN.test(normalized) || normalized === ".") throw new UsageError(`--dir ${JSON.stringify(dir)} must be a folder inside the project, such as "tools".`);
  return normalized;
}
