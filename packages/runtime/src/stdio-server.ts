// A stdio server as the generated clients of both targets describe it, and the transport parameters
// both SDKs' StdioClientTransport take for it. Dependency-free.

/** A server to start as a child process and talk to over its stdin and stdout. */
export interface StdioServer {
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to the few variables the SDK passes on by default (PATH, HOME, USER, ...); nothing else is inherited. */
  readonly env?: Readonly<Record<string, string>>;
  /** Working directory of the server (default: this process's). */
  readonly cwd?: string;
  /** What happens to the server's stderr: shown on this process's stderr (default), dropped, or piped (`client.transport.stderr`). */
  readonly stderr?: "inherit" | "ignore" | "pipe";
}

/** StdioServerParameters of either SDK, with copies of the caller's arrays and objects. */
export function stdioParameters(server: StdioServer): { command: string; args?: string[]; env?: Record<string, string>; cwd?: string; stderr: "inherit" | "ignore" | "pipe" } {
  return {
    command: server.command,
    ...(server.args !== undefined ? { args: [...server.args] } : {}),
    ...(server.env !== undefined ? { env: { ...server.env } } : {}),
    ...(server.cwd !== undefined ? { cwd: server.cwd } : {}),
    stderr: server.stderr ?? "inherit",
  };
}
