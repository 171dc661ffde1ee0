// Serves the conformance tools over Streamable HTTP on 127.0.0.1: `node dist/src/http.js [port]`.
// One endpoint serves both eras: 2026-07-28 requests, and 2025-era clients (initialize handshake)
// through the SDK's stateless legacy serving.
import { createServer } from "node:http";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { createToolHttpHandler, handlers, randomRequestStateKey } from "./generated/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const handler = createToolHttpHandler(handlers, {
  // One process serves every round, so a key of this process can seal requestState.
  requestState: { key: randomRequestStateKey() },
  // test_tool_with_logging sends notifications/message, which needs the logging capability.
  serverOptions: { capabilities: { logging: {} } },
});
const listener = toNodeHandler(handler);
const checkHost = localhostHostValidation();
const checkOrigin = localhostOriginValidation();

const server = createServer((req, res) => {
  // Only local pages and tools may call a server bound to 127.0.0.1 (DNS rebinding protection).
  if (!checkHost(req, res) || !checkOrigin(req, res)) return;
  void listener(req, res);
});
server.listen(port, "127.0.0.1", () => {
  const address = server.address();
  console.error(`conformance MCP server on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`);
});
process.on("SIGTERM", () => server.close(() => void handler.close()));
