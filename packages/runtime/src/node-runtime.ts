// `serveHttp` of SDK v2 servers: the generated Streamable HTTP handler on Node's HTTP server through
// the SDK's own Node pieces (@modelcontextprotocol/node): `toNodeHandler` (request conversion, the
// body bound, SSE backpressure, aborts), and `hostHeaderValidation` and `originValidation` against
// DNS rebinding, on the SDK's loopback lists plus the names the options allow. node-serve.ts puts
// the rest around them. Generated code imports this module on the first `serveHttp` call only.
import { hostHeaderValidation, originValidation, toNodeHandler, type NodeIncomingMessageLike } from "@modelcontextprotocol/node";
import { localhostAllowedHostnames, localhostAllowedOrigins } from "@modelcontextprotocol/server";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { GeneratedHttpHandler } from "./http-runtime.js";
import { checkAllowList, listenGuarded, type HttpServing, type ServeHttpOptions } from "./node-serve.js";

export type { HttpServing, ServeHttpOptions } from "./node-serve.js";

/**
 * Serves `handler` on Node's HTTP server with every guard on (node-serve.ts), bodies bounded at
 * `maxRequestBytes`. Resolves once listening.
 * @example const serving = await serveOnNode(createToolHttpHandler(handlers), { port: 0, maxRequestBytes: MAX_REQUEST_BYTES });
 */
export async function serveOnNode(handler: GeneratedHttpHandler, options: ServeHttpOptions & { readonly maxRequestBytes: number }): Promise<HttpServing> {
  const { maxRequestBytes, ...listen } = options;
  const hosts = [...localhostAllowedHostnames(), ...checkAllowList("allowedHosts", listen.allowedHosts)];
  const origins = [...localhostAllowedOrigins(), ...checkAllowList("allowedOrigins", listen.allowedOrigins)];
  const listener = toNodeHandler(handler, { maxRequestBodySize: maxRequestBytes });
  const serving = {
    // The SDK declares `method?: string`, which Node's `string | undefined` misses under exactOptionalPropertyTypes.
    listener: (req: IncomingMessage, res: ServerResponse) => listener(req as NodeIncomingMessageLike, res),
    checkHost: hostHeaderValidation(hosts),
    checkOrigin: originValidation(origins),
  };
  return listenGuarded(serving, handler, listen);
}
