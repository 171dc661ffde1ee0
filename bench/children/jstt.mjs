// Baseline: json-schema-to-typescript's compile() once per tool over the corpus's inputSchemas, as a
// user would call it directly (the copy mcp-gen depends on). Types only: no validators, server,
// client or lock. Usage: node children/jstt.mjs <tools.json> format|no-format
import { readFileSync } from "node:fs";
import { compile } from "json-schema-to-typescript";

const [file, mode] = process.argv.slice(2);
const { tools } = JSON.parse(readFileSync(file, "utf8"));
const options = mode === "no-format" ? { format: false } : {};
let bytes = 0;
for (const tool of tools) bytes += (await compile(tool.inputSchema, tool.name, options)).length;
console.log(JSON.stringify({ tools: tools.length, bytes }));
