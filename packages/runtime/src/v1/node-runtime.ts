// `serveHttp` of `target: sdk-v1` servers: the generated Streamable HTTP handler on Node's HTTP
// server. SDK v1 has no Node adapter for a web-standard handler and checks Host and Origin only in
// Express middleware, so the runtime's own serve both (node-adapter.ts; host-origin.ts, a port of the
// SDK v2's checks): the same guards, defaults and answers as the SDK v2 target's node-runtime.ts.
// Generated code imports this module on the first `serveHttp` call only.
import { hostGuard, originGuard } from "./host-origin.js";
import { nodeListener } from "./node-adapter.js";
import { checkAllowList, listenGuarded, LOOPBACK_NAMES, type HttpServing, type ServeHttpOptions } from "../node-serve.js";
import type { GeneratedHttpHandler } from "./http-runtime.js";

export type { HttpServing, ServeHttpOptions } from "../node-serve.js";

/**
 * Serves `handler` on Node's HTTP server with every guard on (node-serve.ts), bodies bounded at
 * `maxRequestBytes`. Resolves once listening.
 * @example const serving = await serveOnNode(createToolHttpHandler(handlers), { port: 0, maxRequestBytes: MAX_REQUEST_BYTES });
 */
export async function serveOnNode(handler: GeneratedHttpHandler, options: ServeHttpOptions & { readonly maxRequestBytes: number }): Promise<HttpServing> {
  const { maxRequestBytes, ...listen } = options;
  const serving = {
    listener: nodeListener(handler, maxRequestBytes),
    checkHost: hostGuard([...LOOPBACK_NAMES, ...checkAllowList("allowedHosts", listen.allowedHosts)]),
    checkOrigin: originGuard([...LOOPBACK_NAMES, ...checkAllowList("allowedOrigins", listen.allowedOrigins)]),
  };
  return listenGuarded(serving, handler, listen);
}
