// Serves the conformance tools over Streamable HTTP on 127.0.0.1:
// `node dist/src/http.js [port] [stateless|sessions]`. One endpoint serves both eras: 2026-07-28
// requests, and 2025-era clients (initialize handshake) through the SDK's stateless legacy serving,
// or, with `sessions`, through 2025-11-25 sessions, where a tool can ask them for input.
import { createServer } from "node:http";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { createToolHttpHandler, duplicateMcpHeaderValidation, handlers, randomRequestStateKey } from "./generated/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const legacy = process.argv[3] === "sessions" ? "sessions" : "stateless";
const handler = createToolHttpHandler(handlers, {
  handlerOptions: { legacy },
  // One process serves every round, so a key of this process can seal requestState.
  requestState: { key: randomRequestStateKey() },
  // test_tool_with_logging sends notifications/message, which needs the logging capability.
  serverOptions: { capabilities: { logging: {} } },
});
const listener = toNodeHandler(handler);
const checkHost = localhostHostValidation();
const checkOrigin = localhostOriginValidation();
const checkHeaders = duplicateMcpHeaderValidation();

const server = createServer((req, res) => {
  // Only local pages and tools may call a server bound to 127.0.0.1 (DNS rebinding protection).
  if (!checkHost(req, res) || !checkOrigin(req, res)) return;
  // An MCP header sent twice would reach the handler joined into one value: refused here.
  if (!checkHeaders(req, res)) return;
  void listener(req, res);
});
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.error(`conformance MCP server (2025 era ${legacy}) on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`);
});
process.on("SIGTERM", () => {
  // 2025 sessions hold open SSE streams: close them first, then the listener.
  void handler.close();
  server.close();
  server.closeAllConnections();
});
