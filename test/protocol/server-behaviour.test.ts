// Conformance-style checks of a generated server with raw JSON-RPC over real transports (the compiled
// tracker example over stdio and over HTTP on 127.0.0.1): what MCP 2026-07-28 requires of every
// response, beyond the tool semantics the e2e suite covers. Each test names the CHECKLIST ids it proves.
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileProject, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { modernMeta, MODERN } from "../support/raw-mcp.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const EXAMPLE = join(REPO_ROOT, "examples/tracker");
let http: ServedChild;

beforeAll(async () => {
  await compileProject(join(EXAMPLE, "tsconfig.json"));
  http = await startHttpChild(join(EXAMPLE, "dist/src/http.js"));
}, 120_000);

afterAll(async () => {
  if (http) await stopChild(http.child);
});

let nextId = 1;

async function post(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const method = String(body.method);
  const name = (body.params as { name?: string } | undefined)?.name;
  const response = await fetch(http.url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN,
      "mcp-method": method,
      ...(name === undefined ? {} : { "mcp-name": name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", ...body }),
  });
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  const line = contentType.includes("text/event-stream")
    ? text
        .split("\n")
        .filter((l) => l.startsWith("data:"))
        .at(-1)!
        .slice(5)
    : text;
  return { response, contentType, message: JSON.parse(line) as { id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } };
}

function request(method: string, params: Record<string, unknown> = {}, capabilities: object = {}) {
  return { id: nextId++, method, params: { ...params, _meta: modernMeta(capabilities) } };
}

describe("generated server over HTTP (2026-07-28)", () => {
  it("advertises tools in server/discover, whose result is cacheable (T-CAP-1, T-DISC-1, T-DISC-2, T-DISC-3, T-DISC-4)", async () => {
    const body = request("server/discover");
    const { message } = await post(body);
    expect(message.id).toBe(body.id);
    const result = message.result!;
    expect(result.capabilities).toMatchObject({ tools: {} });
    expect(result.supportedVersions).toContain(MODERN);
    expect(typeof result.ttlMs).toBe("number");
    expect(["public", "private"]).toContain(result.cacheScope);
    expect((result._meta as Record<string, unknown>)["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "tracker" });
  });

  it("answers tools/list with a complete, cacheable result carrying serverInfo (T-CAP-2, T-LIST-2, T-LIST-4, T-CACHE-1, T-CACHE-2, T-META-7, T-META-14)", async () => {
    const body = request("tools/list");
    const { message, contentType } = await post(body);
    expect(contentType).toMatch(/application\/json|text\/event-stream/); // T-HTTP-2
    expect(message.id).toBe(body.id);
    const result = message.result!;
    expect(result.resultType).toBe("complete");
    expect(Array.isArray(result.tools)).toBe(true);
    expect(result.ttlMs).toBe(60000);
    expect(result.cacheScope).toBe("public");
    expect((result._meta as Record<string, unknown>)["io.modelcontextprotocol/serverInfo"]).toMatchObject({ name: "tracker", version: "1.0.0" });
  });

  it("returns structuredContent and the same data as JSON text (T-CALL-3, T-CALL-6)", async () => {
    const { message } = await post(request("tools/call", { name: "issues.get", arguments: { id: "WEB-1" } }));
    const result = message.result as { structuredContent: unknown; content: { type: string; text: string }[] };
    expect(result.content[0]!.type).toBe("text");
    expect(JSON.parse(result.content[0]!.text)).toEqual(result.structuredContent);
  });

  it("answers errors with the request id, an integer code and a message, using only defined codes (T-ERR-7, T-ERR-8, T-ERR-9, T-ERR-10, T-ERR-11)", async () => {
    const cases = [request("tools/call", { name: "no.such.tool", arguments: {} }), request("tools/list", { cursor: "not-a-cursor" })];
    for (const body of cases) {
      const { message } = await post(body);
      expect(message.id).toBe(body.id);
      expect(Number.isInteger(message.error!.code)).toBe(true);
      expect(message.error!.code).toBe(-32602);
      expect(message.error!.message.length).toBeGreaterThan(0);
    }
  });

  it("refuses to ask for input the client did not declare it can give (T-META-6, T-MRTR-5)", async () => {
    const { response, message } = await post(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" } }, {}));
    expect(response.status).toBe(400);
    expect(message.error!.code).toBe(-32021);
  });

  it("asks with input_required only from tools/call, never from tools/list, and may ask again on a retry without answers (T-MRTR-1, T-MRTR-2, T-MRTR-3, T-MRTR-10, T-LIST-4)", async () => {
    const capabilities = { elicitation: { form: {} } };
    const first = await post(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" } }, capabilities));
    expect(first.message.result!.resultType).toBe("input_required");
    expect(Object.keys(first.message.result!.inputRequests as object)).toEqual(["confirm"]);
    const again = await post(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" }, inputResponses: {} }, capabilities));
    expect(again.message.result!.resultType).toBe("input_required");
  });

  it("refuses a cross-site Origin with 403 (T-HTTP-20) and serves only 127.0.0.1 (T-HTTP-21)", async () => {
    expect(http.url.hostname).toBe("127.0.0.1");
    const { response } = await post(request("tools/list"), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("answers GET and DELETE with 405 (T-HTTP-24)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const response = await fetch(http.url, { method, headers: { accept: "text/event-stream", "mcp-protocol-version": MODERN } });
      expect(response.status).toBe(405);
      await response.body?.cancel();
    }
  });
});

describe("generated server over stdio", () => {
  let child: ChildProcessWithoutNullStreams;
  let stdout = "";

  beforeAll(() => {
    child = spawn(process.execPath, [join(EXAMPLE, "dist/src/stdio.js")], { cwd: EXAMPLE });
    child.stdout.setEncoding("utf8").on("data", (text: string) => void (stdout += text));
  });
  afterAll(async () => {
    await stopChild(child);
  });

  async function exchange(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    const before = stdout.length;
    child.stdin.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
    for (let i = 0; i < 200; i++) {
      const lines = stdout
        .slice(before)
        .split("\n")
        .filter((l) => l.trim() !== "");
      const answer = lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((m) => m.id === message.id);
      if (answer) return answer;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no answer to ${JSON.stringify(message)}; stdout so far:\n${stdout}`);
  }

  it("writes only newline-delimited JSON-RPC messages to stdout, never a request to the client (T-STDIO-1, T-STDIO-2, T-STDIO-4, T-MRTR-6)", async () => {
    await exchange(request("server/discover"));
    await exchange(request("tools/list"));
    await exchange(request("tools/call", { name: "issues.get", arguments: { id: "NOPE-1" } }));
    await exchange(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" } }, { elicitation: { form: {} } }));
    const lines = stdout.split("\n").filter((l) => l !== "");
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const line of lines) {
      const message = JSON.parse(line) as Record<string, unknown>;
      expect(message.jsonrpc).toBe("2.0");
      expect("method" in message && "id" in message).toBe(false); // never a request to the client
    }
  });

  it("derives nothing from earlier requests: each request is self-contained (T-META-5, T-CAP-4)", async () => {
    const withCapability = await exchange(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" } }, { elicitation: { form: {} } }));
    expect((withCapability.result as Record<string, unknown>).resultType).toBe("input_required");
    const without = await exchange(request("tools/call", { name: "issues.delete", arguments: { id: "WEB-1" } }, {}));
    expect((without.error as { code: number }).code).toBe(-32021);
  });

  it("exits promptly when stdin closes (T-STDIO-7)", async () => {
    const exited = new Promise<number | null>((r) => child.once("exit", r));
    child.stdin.end();
    const code = await Promise.race([exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 5000))]);
    expect(code).not.toBe("timeout");
  });
});
