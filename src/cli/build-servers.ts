// `mcp-gen build --client-config FILE`, and `mcp-gen build` in a folder whose own subfolders are the
// mcp-gen projects (the servers' folder `import --client-config` writes, mcp-servers/): every
// project is built in turn, exactly as `mcp-gen build --cwd FOLDER` builds it, under a heading, then
// one summary line. A server the client config lists that was never imported is reported and fails
// the build (exit 1), as `verify --client-config` reports it "not pinned"; a disabled one is skipped.
import { existsSync, readdirSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE } from "../config/config.js";
import { UsageError } from "./args.js";
import { readClientServers, serverHeading } from "./client-servers.js";
import { EXIT, type CliIo } from "./io.js";
import { liveRequest, plural } from "./live-args.js";
import type { ReportSetup } from "./report.js";

export interface ProjectToBuild {
  readonly heading: string;
  /** Absolute. */
  readonly folder: string;
  /** Why it is not built: disabled in the client config (no failure), or never imported (a failure). */
  readonly skip?: { readonly message: string; readonly fails: boolean };
}

export interface SeveralValues {
  readonly config?: string | undefined;
  readonly "client-config"?: string | undefined;
  readonly "servers-dir"?: string | undefined;
  readonly server?: string[] | undefined;
  readonly format?: string | undefined;
  readonly report?: string[] | undefined;
  readonly "fail-on"?: string | undefined;
  readonly "max-warnings"?: string | undefined;
  readonly force?: boolean | undefined;
  readonly verbose?: boolean | undefined;
}

type Build = (argv: readonly string[], io: CliIo) => Promise<number>;

/**
 * Builds every project when the options name several (see projectsToBuild), with the same options
 * each; undefined when they name one, which the caller builds.
 */
export async function buildSeveral(values: SeveralValues, setup: ReportSetup, io: CliIo, build: Build): Promise<number | undefined> {
  const several = await projectsToBuild(values, setup.root, io);
  if (several === undefined) return undefined;
  if (setup.format === "json" || setup.format === "sarif" || values.report?.length) {
    throw new UsageError(`a build of several projects prints one report per project; for ${values.report?.length ? "--report" : `--format ${setup.format}`}, build each with --cwd FOLDER.`);
  }
  const flags = [
    ...(values.format ? ["--format", values.format] : []),
    ...(values["fail-on"] ? ["--fail-on", values["fail-on"]] : []),
    ...(values["max-warnings"] ? ["--max-warnings", values["max-warnings"]] : []),
    ...(values.force ? ["--force"] : []),
    ...(values.verbose ? ["--verbose"] : []),
  ];
  return buildEach(several, flags, io, build);
}

/**
 * The projects a build builds when it builds several, else undefined (one project: `root`). With
 * --client-config, each server's folder; with no config at the root and none named, the direct
 * subfolders of the root that hold an mcp-gen.config.yaml.
 */
export async function projectsToBuild(values: SeveralValues, root: string, io: CliIo): Promise<ProjectToBuild[] | undefined> {
  const file = values["client-config"];
  if (file === undefined) {
    if (values["servers-dir"] !== undefined || values.server?.length) throw new UsageError("--servers-dir and --server apply to --client-config only.");
    if (values.config !== undefined || existsSync(join(root, CONFIG_FILE))) return undefined;
    const children = subfolders(root).filter((name) => existsSync(join(root, name, CONFIG_FILE)));
    return children.length === 0 ? undefined : children.map((name) => ({ heading: display(io.cwd, join(root, name)), folder: join(root, name) }));
  }
  if (values.config !== undefined) throw new UsageError("--config names one project; with --client-config each server's folder has its own.");
  const request = liveRequest({ "client-config": file, "servers-dir": values["servers-dir"], server: values.server }, root, io.env);
  if (request.kind !== "client-config") throw new Error("liveRequest answered another kind for --client-config; this is a bug in mcp-gen.");
  return (await readClientServers(request)).map((server) => {
    const folder = resolve(root, server.folder);
    const heading = serverHeading(server);
    if (server.entry.status === "disabled") return { heading, folder, skip: { message: "Disabled in the client config; not built.", fails: false } };
    if (!existsSync(join(folder, CONFIG_FILE))) {
      return {
        heading,
        folder,
        skip: { message: `Not imported: there is no ${display(io.cwd, join(folder, CONFIG_FILE))}; pin the server with \`mcp-gen import --client-config\` first.`, fails: true },
      };
    }
    return { heading, folder };
  });
}

/**
 * Builds each project with `build(["--cwd", folder, ...flags], io)`, its output under a heading, and
 * prints the summary. Exit: 2 when one build was bad usage, else 1 when one failed or was never
 * imported, else 0.
 */
export async function buildEach(projects: readonly ProjectToBuild[], flags: readonly string[], io: CliIo, build: Build): Promise<number> {
  const counts = { built: 0, failed: 0, "not imported": 0, disabled: 0 };
  let worst: number = EXIT.ok;
  for (const [i, project] of projects.entries()) {
    io.stdout(`${i > 0 ? "\n" : ""}${project.heading}:\n`);
    if (project.skip) {
      io.stdout(`${project.skip.message}\n`);
      counts[project.skip.fails ? "not imported" : "disabled"]++;
      if (project.skip.fails) worst = Math.max(worst, EXIT.problems);
      continue;
    }
    const code = await build(["--cwd", project.folder, ...flags], io);
    counts[code === EXIT.ok ? "built" : "failed"]++;
    worst = Math.max(worst, code);
  }
  const parts = Object.entries(counts).flatMap(([what, n]) => (n > 0 || what === "built" ? [`${n} ${what}`] : []));
  io.stdout(`\n${plural(projects.length, "project")}: ${parts.join(", ")}.\n`);
  return worst;
}

function subfolders(root: string): string[] {
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith(".") && entry.name !== "node_modules")
      .map((entry) => entry.name)
      .sort();
  } catch {
    return [];
  }
}

/** A path as messages show it: relative to where mcp-gen runs, with forward slashes. */
function display(cwd: string, path: string): string {
  const rel = relative(cwd, path).split(sep).join("/");
  return rel === "" ? "." : rel;
}
