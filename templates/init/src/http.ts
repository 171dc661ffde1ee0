// Serves this project's MCP tools over Streamable HTTP (`npm run build && npm run start:http`) at
// http://127.0.0.1:3000/mcp; `node dist/http.js 8080` or PORT=8080 sets the port (0 picks a free one).
// Written by `mcp-gen init`; this file is yours. Every guard is on: only this machine can connect,
// the Host and Origin headers must name loopback hosts (DNS rebinding), and repeated Mcp-* headers,
// oversized bodies and oversized headers are refused. To serve other machines, put TLS and
// authentication in front and name the host they use:
//   serveHttp(handlers, { host: "0.0.0.0", port, allowedHosts: ["mcp.example.com"] })
import { handlers, serveHttp } from "./generated/index.js";

const port = process.argv[2] ?? process.env["PORT"] ?? "3000";
serveHttp(handlers, { port: Number(port) }).then(
  (serving) => {
    console.error(`MCP server on ${serving.url.href}`);
    const stop = () => void serving.close();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  },
  (error: unknown) => {
    console.error(`Cannot serve on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
