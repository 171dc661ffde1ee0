// `serveHttp` of `target: sdk-v1` servers: the generated Streamable HTTP handler on Node's HTTP
// server. SDK v1 has no Node adapter for a web-standard handler and checks Host and Origin only in
// Express middleware, so the runtime's own serve both (node-adapter.ts; host-origin.ts, a port of the
// SDK v2's checks, in the guard its `mcpRequestValidation` builds): the same guards, defaults and
// answers as the SDK v2 target's node-runtime.ts.
// Generated code imports this module on the first `serveHttp` call only. `serveListenerOnNode` puts
// the same guards in front of a listener that answers with Node's own response (mcp-gen proxy
// --listen), so that nothing loads Node's fetch (undici) and its memory.
import type { IncomingMessage, ServerResponse } from "node:http";
import { mcpRequestValidation } from "./host-origin.js";
import { nodeListener } from "./node-adapter.js";
import { listenGuarded, type HttpServing, type NodeServing, type ServeHttpOptions } from "../node-serve.js";
import type { GeneratedHttpHandler } from "./http-runtime.js";

export type { HttpServing, ServeHttpOptions } from "../node-serve.js";
export { readNodeBody, TOO_LARGE } from "./node-adapter.js";

/**
 * Serves `handler` on Node's HTTP server with every guard on (node-serve.ts), bodies bounded at
 * `maxRequestBytes`. Resolves once listening.
 * @example const serving = await serveOnNode(createToolHttpHandler(handlers), { port: 0, maxRequestBytes: MAX_REQUEST_BYTES });
 */
export async function serveOnNode(handler: GeneratedHttpHandler, options: ServeHttpOptions & { readonly maxRequestBytes: number }): Promise<HttpServing> {
  const { maxRequestBytes, ...listen } = options;
  return listenGuarded({ ...guarded(nodeListener(handler, maxRequestBytes), listen), maxBodyBytes: maxRequestBytes }, handler, listen);
}

/**
 * Serves a Node request listener with the guards of `serveOnNode` (node-serve.ts: loopback by
 * default, one path, Host and Origin, repeated headers); the listener bounds the body itself
 * (`readNodeBody`). `close` runs once the server has stopped. Resolves once listening.
 * @example const serving = await serveListenerOnNode((req, res) => answer(req, res), async () => {}, { port: 0 });
 */
export function serveListenerOnNode(listener: (req: IncomingMessage, res: ServerResponse) => Promise<void>, close: () => Promise<void>, options: ServeHttpOptions): Promise<HttpServing> {
  return listenGuarded(guarded(listener, options), { close }, options);
}

function guarded(listener: NodeServing["listener"], options: ServeHttpOptions): NodeServing {
  return { listener, validate: mcpRequestValidation(options) };
}
