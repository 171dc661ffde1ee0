// One server entry of a host's config → the command line that starts it through `mcp-gen proxy`,
// pinned to the lock in its folder: `NODE MCP_GEN proxy --cwd FOLDER -- COMMAND ARGS…` for a stdio
// server, `NODE MCP_GEN proxy --cwd FOLDER --url URL --header "N: V"… ` for a Streamable HTTP one. The
// paths are absolute, or start with `${workspaceFolder}` where the host fills that in, so the host can
// start the proxy from any folder without a shell or PATH. The server's own command, arguments, URL
// and header values are copied as written: the host fills in their variables before it starts the
// proxy. Pure.
import { isAbsolute, relative } from "node:path";

/** Where the pieces of the command line are on this machine. */
export interface ProxyPlaces {
  /** The Node.js executable (process.execPath). */
  readonly node: string;
  /** mcp-gen's bin/mcp-gen.js. */
  readonly bin: string;
  /** The server's project folder (its lock), absolute. */
  readonly folder: string;
  /** The folder the host fills `${workspaceFolder}` with, when it does. */
  readonly workspaceFolder: string | undefined;
}

export type ServerLaunch =
  | { readonly kind: "stdio"; readonly command: string; readonly args: readonly string[] }
  | { readonly kind: "http"; readonly url: string; readonly headers: readonly (readonly [string, string])[] };

/** The command and arguments the host runs instead of the server. */
export function proxyCommand(launch: ServerLaunch, places: ProxyPlaces): { readonly command: string; readonly args: string[] } {
  const at = (path: string) => hostPath(path, places.workspaceFolder);
  const head = [at(places.bin), "proxy", "--cwd", at(places.folder)];
  if (launch.kind === "stdio") return { command: places.node, args: [...head, "--", launch.command, ...launch.args] };
  return { command: places.node, args: [...head, "--url", launch.url, ...launch.headers.flatMap(([name, value]) => ["--header", `${name}: ${value}`])] };
}

/**
 * Whether a command line already starts `mcp-gen proxy` (wrap ran before): through Node and
 * mcp-gen's script, or through an `mcp-gen` executable.
 */
export function isProxyCommand(command: string, args: readonly string[]): boolean {
  const isMcpGen = (path: string | undefined) => path !== undefined && /(?:^|[\\/])mcp-gen(?:\.js|\.cmd|\.exe)?$/.test(path);
  return (isMcpGen(args[0]) && args[1] === "proxy") || (isMcpGen(command) && args[0] === "proxy");
}

/** `path` as the host's config should hold it: under the workspace folder, with its variable. */
function hostPath(path: string, workspaceFolder: string | undefined): string {
  if (workspaceFolder === undefined) return path;
  const inside = relative(workspaceFolder, path);
  if (inside === "" || /^\.\.(?:[\\/]|$)/.test(inside) || isAbsolute(inside)) return path;
  return `\${workspaceFolder}/${inside.split("\\").join("/")}`;
}
