// Which project a file belongs to, for the language server: the nearest folder at or above the
// file's folder that holds a config file (mcp-gen.config.yaml), not above the workspace folder the
// file is in; without one, that workspace folder itself, as `mcp-gen validate` run there would take
// it (every config key has a default). A file in no workspace folder and under no config belongs
// to no project. Commands find their config upward the same way (src/cli/project-root.ts), and
// also stop at the repository's root.
import { dirname } from "node:path";
import { findConfigFolder } from "../cli/project-root.js";
import { toProjectPath } from "../cli/read-config.js";

export interface ProjectLocation {
  /** The project root, as the editor names it (links not resolved). */
  readonly root: string;
  /** The config file, relative to the root, as `--config` takes it; undefined for mcp-gen.config.yaml or none (every default). */
  readonly configPath: string | undefined;
}

/**
 * The project of the file at the absolute path `file`, given the editor's workspace folders (absolute paths).
 * @example findProject("/work/app/tools/get_weather.yaml", ["/work/app"]) // { root: "/work/app", configPath: undefined }
 */
export function findProject(file: string, workspaceFolders: readonly string[]): ProjectLocation | undefined {
  // The innermost workspace folder that holds the file bounds the search.
  const folder = workspaceFolders.filter((candidate) => toProjectPath(candidate, file) !== undefined).sort((a, b) => b.length - a.length)[0];
  const found = findConfigUpward(dirname(file), folder);
  if (found) return found;
  return folder === undefined ? undefined : { root: folder, configPath: undefined };
}

/** The nearest folder from `start` up to `stop` (or the repository's or file system's root) that holds a config file. */
export function findConfigUpward(start: string, stop: string | undefined): ProjectLocation | undefined {
  const root = findConfigFolder(start, stop);
  return root === undefined ? undefined : { root, configPath: undefined };
}
