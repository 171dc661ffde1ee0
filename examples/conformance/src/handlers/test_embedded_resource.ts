// Handler of the MCP tool "test_embedded_resource", described in tools/test_embedded_resource.yaml.
import type { ToolHandlers } from "../generated/server.js";

/** Returns one embedded text resource (conformance scenario tools-call-embedded-resource). */
export const testEmbeddedResource: ToolHandlers["test_embedded_resource"] = () => [
  { type: "resource", resource: { uri: "test://embedded-resource", mimeType: "text/plain", text: "This is an embedded resource content." } },
];
