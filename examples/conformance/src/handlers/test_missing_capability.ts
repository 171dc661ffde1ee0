// Handler of the MCP tool "test_missing_capability", described in tools/test_missing_capability.yaml.
// It reads the capabilities the client declared in the request's _meta envelope (MCP 2026-07-28)
// from the SDK's context; the SDK's MissingRequiredClientCapabilityError is a protocol error, which
// the generated runtime passes through unchanged (-32021, HTTP 400).
import { CLIENT_CAPABILITIES_META_KEY, MissingRequiredClientCapabilityError, type ClientCapabilities } from "@modelcontextprotocol/server";
import type { ToolHandlers } from "../generated/server.js";

/** Needs the sampling capability (conformance scenario server-stateless). */
export const testMissingCapability: ToolHandlers["test_missing_capability"] = (_args, ctx) => {
  const envelope = ctx.sdk.mcpReq.envelope as Readonly<Record<string, unknown>> | undefined;
  const capabilities = (envelope?.[CLIENT_CAPABILITIES_META_KEY] ?? {}) as ClientCapabilities;
  if (capabilities.sampling === undefined) throw new MissingRequiredClientCapabilityError({ requiredCapabilities: { sampling: {} } });
  return "Success: the client declared sampling.";
};
