// mcp-gen's decisions on the open points of CHECKLIST.md Appendix B that concern generated code, each
// shown on a built, compiled project: B.1 a missing description is a warning, never an error, and
// nothing is invented in its place on the wire; B.2 arguments that break inputSchema are a tool
// execution error (`isError: true`, as server/tools.mdx says and the SDK does), not JSON-RPC -32602;
// B.3 integer x-mcp-header parameters are held to ±(2^53-1): statically where the schema bounds
// them (a build error), and at run time by the generated client where it does not.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompiledProject, type CompiledProject, type GeneratedHttpHandler, type GeneratedModule } from "../support/e2e-project.js";
import { postLegacy, postModern } from "../support/raw-mcp.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const LOOKUP = {
  name: "lookup",
  title: "Look up a record",
  inputSchema: {
    type: "object",
    properties: { id: { type: "integer", "x-mcp-header": "Id" }, label: { type: "string", minLength: 1 } },
    required: ["id", "label"],
    additionalProperties: false,
  },
};

let project: CompiledProject;
let generated: GeneratedModule;
let handler: GeneratedHttpHandler;
let client: Client;

beforeAll(async () => {
  project = await buildCompiledProject({ "tools/lookup.json": JSON.stringify(LOOKUP) });
  generated = await project.importGenerated();
  handler = generated.createToolHttpHandler({ lookup: (args: never) => `found ${(args as { id: number }).id}` });
  client = new Client({ name: "open-points", version: "1.0.0" }, { versionNegotiation: { mode: "auto" } });
  await client.connect(new StreamableHTTPClientTransport(new URL("http://in-process.invalid/mcp"), { fetch: (url, init) => handler.fetch(new Request(url, init)) }));
}, 180_000);

afterAll(async () => {
  await client?.close();
  await handler?.close();
  project?.remove();
});

describe("Appendix B.1: a tool without a description (T-DESC-4)", () => {
  it("builds with a description-missing warning, and tools/list serves it without one", async () => {
    expect(project.buildOutput).toMatch(/warning\s+description-missing/);
    const listed = await postModern(handler, 1, "tools/list", {});
    expect(listed.message.result?.["tools"]).toStrictEqual([LOOKUP]);
  });
});

describe("Appendix B.2: arguments that break inputSchema (T-ERR-3, T-SEC-1; T-ERR-4 is not followed)", () => {
  const call = { name: "lookup", arguments: { id: 7, label: "" } };
  for (const [era, send] of [
    ["2026-07-28", () => postModern(handler, 2, "tools/call", call, {}, { "mcp-param-id": "7" })],
    ["2025-11-25", () => postLegacy(handler, 2, "tools/call", call)],
  ] as const) {
    it(`are a tool execution error naming the field, not JSON-RPC -32602, in ${era}`, async () => {
      const reply = await send();
      expect(reply.message.error).toBeUndefined();
      expect(reply.message.result).toMatchObject({ isError: true, content: [{ type: "text", text: "Invalid arguments for tool lookup: label: must NOT have fewer than 1 characters" }] });
    });
  }

  it("while an unknown tool stays a protocol error, -32602 (T-ERR-1)", async () => {
    expect((await postModern(handler, 3, "tools/call", { name: "nope", arguments: {} })).message.error).toMatchObject({ code: -32602, message: "Unknown tool: nope" });
  });
});

describe("Appendix B.3: integer x-mcp-header parameters and the safe range (T-HDR-7)", () => {
  it("a schema bound outside ±(2^53-1) stops the build (header-integer-range)", async () => {
    const bounded = {
      ...LOOKUP,
      description: "Bounded.",
      inputSchema: { ...LOOKUP.inputSchema, properties: { ...LOOKUP.inputSchema.properties, id: { type: "integer", maximum: 2 ** 53, "x-mcp-header": "Id" } } },
    };
    const run = await runInProcess(tempProject({ "tools/lookup.json": JSON.stringify(bounded) }), ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/error\s+header-integer-range\s+x-mcp-header "Id" is on an integer whose maximum 9007199254740992 lies outside the safe range/);
  });

  it("an unbounded one builds, and the generated client refuses a value outside the range before sending", async () => {
    const tools = new generated.ToolsClient(client) as unknown as { lookup(args: unknown): Promise<{ isError: boolean; output?: unknown }> };
    expect(await tools.lookup({ id: 2 ** 53 - 1, label: "largest safe" })).toMatchObject({ isError: false, output: [{ type: "text", text: `found ${2 ** 53 - 1}` }] });
    for (const id of [2 ** 53, -(2 ** 53)]) {
      const error = await tools.lookup({ id, label: "too large" }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(generated.ToolArgumentsError);
      expect((error as Error).message).toMatch(/^Invalid arguments for tool lookup: id is mirrored into the Mcp-Param-Id header\. /);
    }
  });
});
