// Handler of the MCP tool "test_tool_with_progress", described in tools/test_tool_with_progress.yaml.
import type { ToolHandlers } from "../generated/server.js";

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reports progress 0, 50 and 100 of 100 (conformance scenario tools-call-with-progress). ctx.progress
 * sends nothing when the request carried no progressToken.
 */
export const testToolWithProgress: ToolHandlers["test_tool_with_progress"] = async (_args, ctx) => {
  for (const step of [0, 50, 100]) {
    if (step > 0) await pause(50);
    await ctx.progress(step, 100, `Completed step ${step} of 100`);
  }
  return "Progress reported: 0, 50 and 100 of 100.";
};
