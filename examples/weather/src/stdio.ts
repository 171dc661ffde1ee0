// Serves the weather tools over stdio: `node dist/stdio.js`, started by an MCP host.
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createToolServerFactory, handlers } from "./generated/index.js";

serveStdio(createToolServerFactory(handlers));
