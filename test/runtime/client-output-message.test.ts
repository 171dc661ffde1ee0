// The generated client's refusal of a server's structuredContent (client-runtime.ts, both SDK
// targets): an error at the top of the result names the result, as the arguments' refusal names
// the arguments. The client is a stub that answers one tools/call; nothing is sent anywhere.
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { callTypedTool } from "../../packages/runtime/src/client-runtime.js";
import { callTypedTool as callTypedToolV1 } from "../../packages/runtime/src/v1/client-runtime.js";
import type { CompiledValidator } from "../../packages/runtime/src/validation-messages.js";

const ajv = new Ajv2020({ allErrors: false, strict: false });
const inputSchema = { type: "object" as const, properties: {} };
const outputSchema = { type: "object", properties: { n: { type: "integer" } }, required: ["n"] };
const entry = {
  name: "count",
  descriptor: { name: "count", inputSchema, outputSchema },
  validateInput: ajv.compile(inputSchema) as CompiledValidator,
  validateOutput: ajv.compile(outputSchema) as CompiledValidator,
  headers: [],
};

/** A client whose one tools/call answers `structuredContent`. */
function stubClient(structuredContent: unknown): never {
  const result = { content: [{ type: "text", text: JSON.stringify(structuredContent) }], structuredContent };
  return { getProtocolEra: () => "modern", callTool: async () => result } as never;
}

describe("a result that breaks outputSchema at its root", () => {
  it.each([
    ["sdk-v2", callTypedTool],
    ["sdk-v1", callTypedToolV1],
  ] as const)("is named the result by the %s client", async (_, call) => {
    await expect(call(stubClient([1, 2]), entry, {})).rejects.toThrow("Tool count returned output that does not match its outputSchema: the result: must be object");
  });

  it("names the types a string-or-object result allows, not only the first", async () => {
    const either = { anyOf: [{ type: "object", properties: { a: { type: "string" } } }, { type: "string" }] };
    const pick = { ...entry, name: "pick", descriptor: { name: "pick", inputSchema, outputSchema: either }, validateOutput: ajv.compile(either) as CompiledValidator };
    await expect(callTypedTool(stubClient(5), pick, {})).rejects.toThrow("Tool pick returned output that does not match its outputSchema: the result: must be object or string");
  });

  it("keeps field names relative to the result", async () => {
    await expect(callTypedTool(stubClient({ m: 1 }), entry, {})).rejects.toThrow("Tool count returned output that does not match its outputSchema: n: is required");
  });

  it("still names the arguments for arguments that fail at their root", async () => {
    await expect(callTypedTool(stubClient({ n: 1 }), entry, 5)).rejects.toThrow("Invalid arguments for tool count: the arguments: must be object");
  });
});
