// An HTTP client of `mcp-gen proxy --listen` at the wire: the proxy started before the flood server
// (test/fixtures/proxy/progress-flood-server.mjs, on stdio), and POSTs whose responses a test reads,
// or does not read, as it needs.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { join } from "node:path";
import { ECHO, pinnedProject, proxyCli, startProcess, until } from "./proxy-harness.js";
import { REPO_ROOT } from "./spec-paths.js";

export const FLOOD_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "progress-flood-server.mjs");

/** The `_meta` of a 2026-07-28 request from a client named `name`. */
export function modernMeta(name: string): Record<string, unknown> {
  return { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientInfo": { name, version: "1" }, "io.modelcontextprotocol/clientCapabilities": {} };
}

/** `mcp-gen proxy --listen 127.0.0.1:0` before the flood server (with `env`), pinning echo: the process and its URL once it listens. */
export async function listenToFloodServer(env: Readonly<Record<string, string>>): Promise<{ run: ReturnType<typeof startProcess>; url: URL }> {
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([ECHO]), "--listen", "127.0.0.1:0", "--", process.execPath, FLOOD_SERVER], env);
  await until(
    () => /listening on http/.test(run.stderr()),
    () => `the proxy to listen: ${run.stderr()}`,
  );
  return { run, url: new URL(/listening on (\S+)/.exec(run.stderr())![1]!) };
}

/** POSTs one message to the proxy; resolves with the response once its headers are in (its body unread). */
export function post(url: URL, message: object, headers: Readonly<Record<string, string>> = {}): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } }, resolve);
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", ...message }));
  });
}

/** A response's whole body. */
export async function body(response: IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of response) text += chunk;
  return text;
}
