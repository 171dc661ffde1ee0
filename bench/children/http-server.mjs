// One server of the HTTP benchmark on 127.0.0.1 (an ephemeral port), wired like a generated
// project's src/http.ts: node:http → Host/Origin checks → toNodeHandler → handler.fetch.
// Usage: node children/http-server.mjs <case> '<json projects>'. Prints {"port": N} on stdout when
// listening; exits when stdin closes (the parent went away) or on SIGTERM.
import { createServer } from "node:http";
import { localhostHostValidation, localhostOriginValidation, toNodeHandler } from "@modelcontextprotocol/node";
import { makeCase } from "../lib/servers.mjs";

const [name, projectsJson] = process.argv.slice(2);
const served = await makeCase(name, JSON.parse(projectsJson));
const listener = toNodeHandler(served.handler);
const checkHost = localhostHostValidation();
const checkOrigin = localhostOriginValidation();

const server = createServer((req, res) => {
  if (!checkHost(req, res) || !checkOrigin(req, res)) return;
  void listener(req, res);
});

let closing = false;
function shutdown() {
  if (closing) return;
  closing = true;
  server.closeAllConnections?.();
  server.close(() => void served.handler.close().finally(() => process.exit(0)));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGTERM", shutdown);
process.stdin.on("end", shutdown);
process.stdin.on("close", shutdown);
process.stdin.resume();

server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: address.port, tools: served.tools, label: served.label })}\n`);
});
