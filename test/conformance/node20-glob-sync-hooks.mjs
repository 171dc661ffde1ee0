// Module hooks for node20-glob-sync.mjs: "fs" imported by @modelcontextprotocol/conformance resolves to
// node:fs plus a globSync that throws (only `conformance tier-check` would call it).
const SHIM_URL = "mcp-gen-conformance-shim:fs";
const SHIM_SOURCE = ['export * from "node:fs";', 'export { default } from "node:fs";', 'export function globSync() { throw new Error("fs.globSync needs Node 22 or newer"); }'].join("\n");

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "fs" && context.parentURL?.includes("/@modelcontextprotocol/conformance/")) return { url: SHIM_URL, shortCircuit: true };
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (url === SHIM_URL) return { format: "module", source: SHIM_SOURCE, shortCircuit: true };
  return nextLoad(url, context);
}
