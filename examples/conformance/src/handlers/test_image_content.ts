// Handler of the MCP tool "test_image_content", described in tools/test_image_content.yaml.
import type { ToolHandlers } from "../generated/server.js";
import { RED_PIXEL_PNG } from "../media.js";

/** Returns one PNG image block (conformance scenario tools-call-image). */
export const testImageContent: ToolHandlers["test_image_content"] = () => [{ type: "image", data: RED_PIXEL_PNG, mimeType: "image/png" }];
