// What differs between the SDKs generated code can target, as template values: the few sentences the
// generated doc comments say about the protocol. The target's runtime modules hold every SDK import
// (runtime-modules.ts names them), so templates stay the same for both. Everything else is shared.
import type { Target } from "../config/config.js";

export interface TargetProfile {
  readonly factoryUse: string;
  readonly httpNote: string;
  readonly connectNote: string;
  /** Lines of the doc comment of the generated client's listTools(). */
  readonly listNote: readonly string[];
  readonly protocolNote: string;
}

const PROFILES: Readonly<Record<Target, TargetProfile>> = {
  "sdk-v2": {
    factoryUse: "one Server per request, for `serveStdio` and `createMcpHandler`",
    httpNote: ", with its Mcp-* headers checked against the body in both eras",
    connectNote: "2026-07-28 when the server speaks it, 2025-11-25 otherwise",
    listNote: [
      'The SDK Client caches it for the list\'s `ttlMs` (`cacheMode: "refresh"` fetches it anew).',
      "On Streamable HTTP in the 2026-07-28 era, a tool whose `x-mcp-header` annotations are invalid",
      "is left out, with a warning that names it and the reason.",
    ],
    protocolNote: "MCP 2026-07-28",
  },
  "sdk-v1": {
    factoryUse: "one Server per connection, `factory().connect(transport)`",
    httpNote: " over MCP 2025-11-25, one session per client",
    connectNote: "MCP 2025-11-25",
    listNote: ["MCP 2025-11-25 lists carry no cache hints, so every call fetches it."],
    protocolNote: "MCP 2025-11-25 with @modelcontextprotocol/sdk 1.x",
  },
};

export function targetProfile(target: Target): TargetProfile {
  return PROFILES[target];
}
