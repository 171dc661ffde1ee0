// Server-to-client requests sent in the middle of a tool call (sampling/createMessage,
// elicitation/create): the 2025-era way to ask the client for something. MCP 2026-07-28 replaced them
// with input_required results (see the test_input_required_result_* tools), and the SDK refuses them
// on 2026-07-28 requests, so the tools that use them answer such requests with a tool error.
import { ToolError } from "./generated/server.js";

/** Runs `send`, turning the SDK's refusal (2026-07-28 request, client without the capability) into a tool error. */
export async function pushRequest<T>(what: string, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ToolError(`This tool needs a 2025-era client that accepts ${what} during a tool call: ${reason}`);
  }
}
