// mcp-gen's own version, read from its package.json.
import pkg from "../../package.json" with { type: "json" };

export const MCP_GEN_VERSION: string = pkg.version;
export const MCP_GEN_HOMEPAGE = "https://github.com/mcp-gen/mcp-gen";
