// The servers of the proxy benchmark. Usage: node children/proxy-server.mjs <kind> <transport>
//   kind "floor": the SDK v2 McpServer with one tool, `echo`, whose schema is built once (the SDK
//                 floor of the runtime benchmarks): what tools/call throughput is measured against;
//   kind "list":  the same server with 1,000 more tools (tool_0 … tool_999), for tools/list.
//   transport "stdio": serveStdio (both protocol eras); "http": createMcpHandler on node:http on
//                 127.0.0.1 (an ephemeral port, printed as {"port": N} on stdout), like http-server.mjs.
// Exits when stdin closes or on SIGTERM.
import { createServer } from "node:http";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { createMcpHandler, fromJsonSchema, McpServer } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const [kind = "floor", transport = "stdio"] = process.argv.slice(2);
const quiet = { onerror: (error) => process.env.BENCH_DEBUG && console.error("[server]", error.message) };
const echo = { description: "Echoes its input.", inputSchema: fromJsonSchema({ type: "object", properties: { text: { type: "string" } }, required: ["text"] }) };
const extra =
  kind === "list"
    ? Array.from({ length: 1000 }, (_, i) => [
        `tool_${i}`,
        {
          description: `Tool number ${i}: looks up one record by its key and returns it.`,
          inputSchema: fromJsonSchema({ type: "object", properties: { key: { type: "string", description: "The key." }, limit: { type: "integer", minimum: 1 } }, required: ["key"] }),
        },
      ])
    : [];

function factory() {
  const server = new McpServer({ name: `proxy-bench-${kind}`, version: "1.0.0" });
  server.registerTool("echo", echo, async ({ text }) => ({ content: [{ type: "text", text }] }));
  for (const [name, config] of extra) server.registerTool(name, config, async () => ({ content: [{ type: "text", text: "ok" }] }));
  return server;
}

if (transport === "http") {
  const handler = createMcpHandler(factory, quiet);
  const listener = toNodeHandler(handler);
  const checkHost = localhostHostValidation();
  const checkOrigin = localhostOriginValidation();
  const server = createServer((req, res) => {
    if (!checkHost(req, res) || !checkOrigin(req, res)) return;
    void listener(req, res);
  });
  const shutdown = () => {
    server.closeAllConnections?.();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.stdin.on("end", shutdown);
  process.stdin.resume();
  server.listen(0, "127.0.0.1", () => process.stdout.write(`${JSON.stringify({ port: server.address().port })}\n`));
} else {
  serveStdio(factory, quiet);
}
