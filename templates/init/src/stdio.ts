// Serves this project's MCP tools over stdio (`npm run build && npm start`), for an MCP host to start
// as a child process. Written by `mcp-gen init`; this file is yours.
import { serveStdio } from "@modelcontextprotocol/server/stdio";
import { createToolServerFactory, handlers } from "./generated/index.js";

serveStdio(createToolServerFactory(handlers));
