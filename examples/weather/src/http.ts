// Serves the weather tools over Streamable HTTP on 127.0.0.1: `node dist/src/http.js [port]`. The
// generated `serveHttp` has every guard on: Host and Origin must be loopback names (DNS rebinding),
// and repeated Mcp-* headers, oversized bodies and oversized headers are refused.
import { handlers, serveHttp } from "./generated/index.js";

const serving = await serveHttp(handlers, { port: Number(process.argv[2] ?? process.env["PORT"] ?? 3000) });
console.error(`weather MCP server on ${serving.url.href}`);
process.on("SIGTERM", () => void serving.close());
