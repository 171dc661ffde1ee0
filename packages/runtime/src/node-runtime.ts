// `serveHttp` of SDK v2 servers: the generated Streamable HTTP handler on Node's HTTP server through
// the SDK's own Node adapter (@modelcontextprotocol/node's `toNodeHandler`: request conversion, the
// body bound, SSE backpressure, aborts), behind `mcpRequestValidation` (http-runtime.ts: the SDK's
// validateHostHeader and validateOriginHeader against DNS rebinding, on its loopback lists plus the
// names the options allow, among the other checks). node-serve.ts puts the rest around them.
// Generated code imports this module on the first `serveHttp` call only.
import { toNodeHandler, type NodeIncomingMessageLike } from "@modelcontextprotocol/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import { mcpRequestValidation, type GeneratedHttpHandler } from "./http-runtime.js";
import { listenGuarded, type HttpServing, type ServeHttpOptions } from "./node-serve.js";

export type { HttpServing, ServeHttpOptions } from "./node-serve.js";

/**
 * Serves `handler` on Node's HTTP server with every guard on (node-serve.ts), bodies bounded at
 * `maxRequestBytes`. Resolves once listening.
 * @example const serving = await serveOnNode(createToolHttpHandler(handlers), { port: 0, maxRequestBytes: MAX_REQUEST_BYTES });
 */
export async function serveOnNode(handler: GeneratedHttpHandler, options: ServeHttpOptions & { readonly maxRequestBytes: number }): Promise<HttpServing> {
  const { maxRequestBytes, ...listen } = options;
  const validate = mcpRequestValidation(listen);
  const listener = toNodeHandler(handler, { maxRequestBodySize: maxRequestBytes });
  const serving = {
    // The SDK declares `method?: string`, which Node's `string | undefined` misses under exactOptionalPropertyTypes.
    listener: (req: IncomingMessage, res: ServerResponse) => listener(req as NodeIncomingMessageLike, res),
    validate,
    maxBodyBytes: maxRequestBytes,
  };
  return listenGuarded(serving, handler, listen);
}
