// Handler of the MCP tool "test_simple_text", described in tools/test_simple_text.yaml.
import type { ToolHandlers } from "../generated/server.js";

/** Returns one text block (conformance scenario tools-call-simple-text). */
export const testSimpleText: ToolHandlers["test_simple_text"] = () => "This is a simple text response for testing.";
