// Serves the tracker tools over Streamable HTTP on 127.0.0.1: `node dist/http.js [port]`.
import { createServer } from "node:http";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { createToolHttpHandler, duplicateMcpHeaderValidation, handlers } from "./generated/index.js";

const port = Number(process.argv[2] ?? process.env.PORT ?? 3000);
const handler = createToolHttpHandler(handlers);
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
  console.error(`tracker MCP server on http://127.0.0.1:${typeof address === "object" && address ? address.port : port}/mcp`);
});
process.on("SIGTERM", () => server.close(() => void handler.close()));
