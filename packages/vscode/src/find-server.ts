// Which `mcp-gen` the extension runs for a workspace folder: the project's own, the one its
// node_modules hold (found as Node finds a package, from the folder up), so that the editor checks
// with the very version CI checks with; or the one the `mcpGen.serverPath` setting names. Plain
// code, tested without VS Code: the file system comes in as two functions (NODE_FILES: Node's).
import { existsSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";

/** What the lookup may read. */
export interface FileAccess {
  exists(path: string): boolean;
  /** A file's text, or undefined when it cannot be read. */
  readText(path: string): string | undefined;
}

/** The file system as Node sees it. */
export const NODE_FILES: FileAccess = {
  exists: existsSync,
  readText: (path) => {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
};

export type ServerFound =
  /** `bin`: the absolute path of mcp-gen's command script; `version` when its package.json says. */
  | { readonly kind: "found"; readonly bin: string; readonly version: string | undefined }
  /** Nothing to run: `message` says why and what to do. */
  | { readonly kind: "missing"; readonly message: string };

/**
 * @param folder the workspace folder's path
 * @param serverPath the mcpGen.serverPath setting ("" when unset): mcp-gen's command script, or its package folder
 * @example findServer("/work/app", "", { exists: existsSync, readText }) // { kind: "found", bin: "/work/app/node_modules/mcp-gen/bin/mcp-gen.js", version: "0.2.0" }
 */
export function findServer(folder: string, serverPath: string, files: FileAccess): ServerFound {
  if (serverPath !== "") {
    const path = isAbsolute(serverPath) ? serverPath : resolve(folder, serverPath);
    const packageBin = files.exists(join(path, "package.json")) ? binOf(path, files) : undefined;
    if (packageBin) return packageBin;
    if (files.exists(path)) return { kind: "found", bin: path, version: undefined };
    return { kind: "missing", message: `mcpGen.serverPath names ${path}, which does not exist.` };
  }
  for (let dir = folder; ; dir = dirname(dir)) {
    const packageDir = join(dir, "node_modules", "mcp-gen");
    if (files.exists(join(packageDir, "package.json"))) {
      return binOf(packageDir, files) ?? { kind: "missing", message: `${join(packageDir, "package.json")} names no mcp-gen command: reinstall mcp-gen (npm install --save-dev mcp-gen).` };
    }
    if (dirname(dir) === dir) break;
  }
  return {
    kind: "missing",
    message:
      `mcp-gen is not installed in ${folder}: run \`npm install --save-dev mcp-gen\` there (the extension runs the project's own ` +
      "`mcp-gen lsp`, so that the editor checks what CI checks), or set mcpGen.serverPath.",
  };
}

/** The command script a package folder's package.json names in `bin`. */
function binOf(packageDir: string, files: FileAccess): ServerFound | undefined {
  let manifest: { bin?: unknown; version?: unknown };
  try {
    manifest = JSON.parse(files.readText(join(packageDir, "package.json")) ?? "") as { bin?: unknown; version?: unknown };
  } catch {
    return undefined;
  }
  const bin = typeof manifest.bin === "string" ? manifest.bin : typeof manifest.bin === "object" && manifest.bin !== null ? (manifest.bin as Record<string, unknown>)["mcp-gen"] : undefined;
  if (typeof bin !== "string") return undefined;
  const path = resolve(packageDir, bin);
  if (!files.exists(path)) return undefined;
  return { kind: "found", bin: path, version: typeof manifest.version === "string" ? manifest.version : undefined };
}

/**
 * Whether the folder is an mcp-gen project (it has mcp-gen.config.yaml, or its package.json
 * depends on mcp-gen): there a missing server is worth a message; anywhere else the extension
 * stays quiet, since it starts on any YAML or JSON file.
 */
export function isMcpGenProject(folder: string, files: FileAccess): boolean {
  if (files.exists(join(folder, "mcp-gen.config.yaml"))) return true;
  try {
    const manifest = JSON.parse(files.readText(join(folder, "package.json")) ?? "{}") as Record<string, unknown>;
    return ["dependencies", "devDependencies"].some((field) => {
      const deps = manifest[field];
      return typeof deps === "object" && deps !== null && Object.hasOwn(deps, "mcp-gen");
    });
  } catch {
    return false;
  }
}
