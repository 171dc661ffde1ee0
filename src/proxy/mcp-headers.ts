// The MCP headers of one POST to a Streamable HTTP server, derived from the message itself, as a
// 2026-07-28 client must send them (basic/transports/streamable-http.mdx § Standard Request Headers,
// § Schema Extension): MCP-Protocol-Version from the body's _meta (a 2025-era message gets the
// version `initialize` negotiated), Mcp-Method, Mcp-Name for tools/call, prompts/get and
// resources/read, and one Mcp-Param-{Name} per x-mcp-header argument of the tool the newest verified
// list showed. A host on stdio sends no headers; the proxy writes them from the body, so the server
// sees headers that agree with what the proxy checked. Pure.
import { findHeaderParams } from "@mcp-gen/runtime/header-annotations";
import { encodeHeaderValue, encodeNameHeader } from "@mcp-gen/runtime/header-encoding";
import { getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import type { RpcMessage } from "./read-message.js";

const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
const NAME_SOURCE: Readonly<Record<string, string>> = { "tools/call": "name", "prompts/get": "name", "resources/read": "uri" };

/**
 * @example mcpHeaders({ kind: "request", id: 1, method: "tools/list", params: { _meta: { "io.modelcontextprotocol/protocolVersion": "2026-07-28" } } }, undefined, undefined)
 * // { "mcp-protocol-version": "2026-07-28", "mcp-method": "tools/list" }
 */
export function mcpHeaders(message: RpcMessage, tool: JsonObject | undefined, legacyVersion: string | undefined): Record<string, string> {
  if (message.kind === "response") return legacyVersion === undefined ? {} : { "mcp-protocol-version": legacyVersion };
  const version = getOwn(getOwn(message.params, "_meta"), PROTOCOL_VERSION);
  if (typeof version !== "string") return legacyVersion === undefined ? {} : { "mcp-protocol-version": legacyVersion };
  const headers: Record<string, string> = { "mcp-protocol-version": version };
  // Header requirements for notification POSTs are not defined in this revision (streamable-http.mdx § Sending Messages).
  if (message.kind !== "request") return headers;
  headers["mcp-method"] = message.method;
  const field = Object.hasOwn(NAME_SOURCE, message.method) ? NAME_SOURCE[message.method]! : undefined;
  const name = field === undefined ? undefined : getOwn(message.params, field);
  if (typeof name === "string") {
    const encoded = encodeNameHeader(name);
    if (encoded.ok) headers["mcp-name"] = encoded.value;
  }
  if (message.method === "tools/call" && tool !== undefined) Object.assign(headers, paramHeaders(tool, getOwn(message.params, "arguments")));
  return headers;
}

/** Mcp-Param-{Name} for each x-mcp-header argument present (null or absent: no header, T-HDR-14). */
function paramHeaders(tool: JsonObject, args: JsonValue | undefined): Record<string, string> {
  const found = findHeaderParams(getOwn(tool, "inputSchema"));
  if (found.problems.length > 0) return {};
  const headers: Record<string, string> = {};
  for (const param of found.params) {
    let value: JsonValue | undefined = args;
    for (const key of param.path) value = getOwn(value, key);
    if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
    const encoded = encodeHeaderValue(value);
    if (encoded.ok) headers[`mcp-param-${param.name.toLowerCase()}`] = encoded.value;
  }
  return headers;
}
