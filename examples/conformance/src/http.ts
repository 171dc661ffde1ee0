// Serves the conformance tools over Streamable HTTP on 127.0.0.1:
// `node dist/src/http.js [port] [stateless|sessions]`. One endpoint serves both eras: 2026-07-28
// requests, and 2025-era clients (initialize handshake) through the SDK's stateless legacy serving,
// or, with `sessions`, through 2025-11-25 sessions, where a tool can ask them for input.
import { handlers, randomRequestStateKey, serveHttp } from "./generated/index.js";

const port = Number(process.argv[2] ?? process.env["PORT"] ?? 3000);
const legacy = process.argv[3] === "sessions" ? "sessions" : "stateless";
// Every guard is on (loopback Host and Origin only, repeated Mcp-* headers and oversized requests refused).
const serving = await serveHttp(handlers, { port }, {
  handlerOptions: { legacy },
  // One process serves every round, so a key of this process can seal requestState.
  requestState: { key: randomRequestStateKey() },
  // test_tool_with_logging sends notifications/message, which needs the logging capability.
  serverOptions: { capabilities: { logging: {} } },
});
console.error(`conformance MCP server (2025 era ${legacy}) on ${serving.url.href}`);
// 2025 sessions hold open SSE streams: close() ends them too.
process.on("SIGTERM", () => void serving.close());
