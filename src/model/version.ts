// mcp-gen's own version, read from its package.json, and where its documentation lives.
import pkg from "../../package.json" with { type: "json" };

export const MCP_GEN_VERSION: string = pkg.version;
export const MCP_GEN_HOMEPAGE = "https://github.com/mcp-gen/mcp-gen";
/** The rule reference (generated from the registry), which SARIF's helpUri and the editor link to. */
export const MCP_GEN_RULES_PAGE = "blob/main/docs/rules.md";
/** The rule reference's section of the diagnostics that come from loading, resolving and the lock. */
export const STAGE_DIAGNOSTICS_ANCHOR = "diagnostics-from-loading-and-resolving";
