// Every case of the spec's header-validation.json sent as a raw HTTP POST to a generated server on
// 127.0.0.1: a throwaway project built from the vector file's own tool definitions, compiled with
// tsc, and served through the SDK's Node adapter. The SDK checks the standard headers itself; the
// generated front layer (http-runtime.ts + header-validation.ts) checks Mcp-Param-* and the rest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadVectors, type ToolVector, type ValidationCase, type VectorFile } from "../runtime/spec-vectors.js";
import { jsonRpcOf, postRaw, startRecordingServer, type RecordingServer } from "../support/e2e-http.js";
import { buildCompiledProject, descriptorFiles, type CompiledProject, type GeneratedHttpHandler, type GeneratedModule } from "../support/e2e-project.js";

const vectors = loadVectors<VectorFile<ValidationCase> & { tools: Record<string, ToolVector & { description: string }> }>("header-validation.json");

/**
 * Header lines as the vector gives them. node:http sends a value's characters as single octets, so a
 * non-ASCII value is passed as its UTF-8 bytes read as Latin-1: the raw UTF-8 octets then travel
 * on the wire, as HV-36 means (spec README, cautions for a TypeScript harness).
 */
function headerLines(headers: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(headers).map(([name, value]) => [name, /^[\x00-\x7f]*$/.test(value) ? value : Buffer.from(value, "utf8").toString("latin1")]);
}

describe("header-validation.json against a generated HTTP server (T-HTTP-3..16, T-ENC-7, T-ENC-8, T-META-4, T-VER-1)", () => {
  let project: CompiledProject;
  let generated: GeneratedModule;
  let handler: GeneratedHttpHandler;
  let server: RecordingServer;

  beforeAll(async () => {
    project = await buildCompiledProject({
      // The vectors use the non-conforming name "météo" on purpose (Mcp-Name encoding).
      "mcp-gen.config.yaml": "server:\n  name: header-vectors\n  version: 1.0.0\nrules:\n  tool-name-syntax: warning\n",
      ...descriptorFiles(Object.values(vectors.tools)),
    });
    generated = await project.importGenerated();
    expect(generated.TOOL_ENTRIES.map((e) => e.name)).toEqual(Object.keys(vectors.tools).sort());
    handler = generated.createToolHttpHandler(Object.fromEntries(Object.keys(vectors.tools).map((name) => [name, () => `${name} ran`])));
    server = await startRecordingServer(handler);
  });
  afterAll(async () => {
    await server?.close();
    await handler?.close();
    project?.remove();
  });

  it("holds the 47 cases the spec README announces", () => {
    expect(vectors.cases).toHaveLength(47);
  });

  for (const c of vectors.cases) {
    const expected = c.expected;
    const label = expected.outcome === "accept" ? "accept" : `reject ${expected.httpStatus} ${expected.jsonrpcErrorCode} ${expected.errorName}`;
    it(`${c.id} ${label}: ${c.title}`, async () => {
      const lines: [string, string][] = [["content-type", "application/json"], ["accept", "application/json, text/event-stream"], ...headerLines(c.request.headers)];
      const response = await postRaw(server.url, lines, JSON.stringify(c.request.body));
      // The server got the vector's octets, less the optional whitespace HTTP strips (HV-43).
      const received = server.received.at(-1)!.rawHeaders;
      for (const [name, value] of headerLines(c.request.headers)) {
        expect(received.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]).toBe(value.replace(/^[ \t]+|[ \t]+$/g, ""));
      }
      const message = jsonRpcOf(response);
      if (expected.outcome === "accept") {
        expect(message.error, response.body).toBeUndefined();
        expect(response.status).toBe(200);
        expect(message.result).toBeDefined();
        const body = c.request.body as { method?: string; params?: { name?: string; arguments?: unknown } };
        if (body.method === "tools/call") {
          // Past the headers, the call runs: the handler, or the inputSchema check when the arguments
          // break it (HV-04 sends region: null to a string parameter).
          const entry = generated.TOOL_ENTRIES.find((e) => e.name === body.params?.name)!;
          const text = entry.validateInput(body.params?.arguments ?? {}) ? `${entry.name} ran` : expect.stringMatching(`^Invalid arguments for tool ${entry.name}: `);
          expect(message.result).toMatchObject({ content: [{ type: "text", text }] });
        }
        return;
      }
      expect({ status: response.status, code: message.error?.code }, response.body).toStrictEqual({ status: expected.httpStatus, code: expected.jsonrpcErrorCode });
      if (expected.errorData !== undefined) expect(message.error?.data).toMatchObject(expected.errorData as object);
    });
  }
});
