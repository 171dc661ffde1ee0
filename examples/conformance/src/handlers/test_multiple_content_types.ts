// Handler of the MCP tool "test_multiple_content_types", described in tools/test_multiple_content_types.yaml.
import type { ToolHandlers } from "../generated/server.js";
import { RED_PIXEL_PNG } from "../media.js";

/** Returns a text, an image and an embedded resource block (conformance scenario tools-call-mixed-content). */
export const testMultipleContentTypes: ToolHandlers["test_multiple_content_types"] = () => [
  { type: "text", text: "Multiple content types test:" },
  { type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" },
  { type: "resource", resource: { uri: "test://mixed-content-resource", mimeType: "application/json", text: JSON.stringify({ test: "data", value: 123 }) } },
];
