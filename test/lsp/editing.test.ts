// The language server while a descriptor is being typed: versions that follow each other faster
// than the analysis, a request the editor cancels, YAML and JSON that do not parse halfway through
// an edit, a 1 MB file, and files that belong to no project. Driven over an in-process stream pair.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { CancellationTokenSource, type Hover } from "vscode-languageserver/node";
import { describe, expect, it, vi } from "vitest";
import { LspClient, startInProcess } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

const start = startInProcess;

const TOOL = (name: string, description = "Gets the weather for a city.") =>
  `name: ${name}\ndescription: ${description}\ninputSchema:\n  type: object\n  properties:\n    city:\n      type: string\n      maxLength: 100\n  required: [city]\n`;

function codes(diagnostics: readonly { code?: string | number }[]): (string | number | undefined)[] {
  return diagnostics.map((d) => d.code);
}

describe("mcp-gen lsp while typing", () => {
  it("never publishes an older version of a buffer after a newer one", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get_weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const mark = client.mark();
    // Ten versions sent back to back, faster than any analysis: alternately right and wrong.
    for (let i = 2; i <= 11; i++) await client.change("tools/a.yaml", TOOL(i % 2 === 0 ? "get weather" : "get_weather"));
    const last = await client.current("tools/a.yaml", mark);
    expect(last).toEqual([]);
    const versions = client.published
      .slice(mark)
      .filter((p) => p.uri === client.uri("tools/a.yaml"))
      .map((p) => p.version!);
    expect(versions.at(-1)).toBe(11);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    // And each version published carries the findings of its own text.
    for (const published of client.published.slice(mark).filter((p) => p.uri === client.uri("tools/a.yaml"))) {
      expect(codes(published.diagnostics).includes("tool-name-syntax"), `version ${published.version}`).toBe(published.version! % 2 === 0);
    }
  });

  it("drops a request the editor cancels while it waits for the analysis, and goes on", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get_weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    const mark = client.mark();
    await client.change("tools/a.yaml", TOOL("get weather"));
    // A hover waits for the analysis of version 2, which has not started yet: cancelled meanwhile.
    const cancel = new CancellationTokenSource();
    const hover = client.request<Hover | null>("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 8 } }, cancel);
    cancel.cancel();
    await expect(hover).rejects.toMatchObject({ code: -32800 });
    expect(codes(await client.current("tools/a.yaml", mark))).toContain("tool-name-syntax");
    // The next request is answered as usual.
    const answered = await client.request<Hover | null>("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 8 } });
    expect(JSON.stringify(answered)).toContain("tool-name-syntax");
  });

  it("reports YAML that does not parse halfway through an edit, and recovers when it does again", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get_weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    expect(await client.current("tools/a.yaml")).toEqual([]);
    const text = TOOL("get_weather");
    // Typed one character at a time into a new member: every step is analyzed or dropped, none crashes.
    const typed = "  annotations: {readOnlyHint: tru";
    for (let i = 1; i <= typed.length; i++) await client.change("tools/a.yaml", `${text}${typed.slice(0, i)}`);
    const halfway = await client.current("tools/a.yaml");
    expect(codes(halfway)).toEqual(["yaml-syntax"]);
    expect(halfway[0]!.range.start.line).toBeGreaterThanOrEqual(text.split("\n").length - 1);
    await client.change("tools/a.yaml", `${text}annotations: {readOnlyHint: true}\n`);
    expect(await client.current("tools/a.yaml")).toEqual([]);
  });

  it("reports JSON that does not parse, a tab in YAML, and an empty buffer, each with its id", async () => {
    const root = tempProject({ "tools/a.json": JSON.stringify({ name: "a", description: "Tool a.", inputSchema: { type: "object", additionalProperties: false } }) });
    const client = await start(root);
    await client.open("tools/a.json");
    expect(await client.current("tools/a.json")).toEqual([]);
    await client.change("tools/a.json", '{"name": "a", "description": "Tool a.", "inputSchema": {"type": "object",');
    expect(codes(await client.current("tools/a.json"))).toEqual(["json-syntax"]);
    await client.change("tools/a.json", "");
    expect(codes(await client.current("tools/a.json"))).toEqual(["json-syntax"]);
    writeFileSync(join(root, "tools/b.yaml"), TOOL("b"));
    await client.open("tools/b.yaml");
    await client.change("tools/b.yaml", "name: b\n\tdescription: x\n");
    expect(codes(await client.current("tools/b.yaml"))).toEqual(["yaml-syntax"]);
  });

  it("checks a 1 MB descriptor, and one past the file size limit is refused with load-file-too-large", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get_weather") });
    const client = await start(root);
    await client.open("tools/a.yaml");
    await client.current("tools/a.yaml");
    // Just over a million bytes: 4,600 properties of 219 bytes, under the 1 MiB limit.
    const properties = Array.from({ length: 4600 }, (_, i) => `    p${String(i).padStart(5, "0")}:\n      type: string\n      maxLength: 10\n      description: ${"d".repeat(148)}\n`).join("");
    const big = `name: get_weather\ndescription: Gets the weather.\ninputSchema:\n  type: object\n  properties:\n${properties}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(1_000_000);
    expect(Buffer.byteLength(big)).toBeLessThan(1024 * 1024);
    await client.change("tools/a.yaml", big);
    const found = codes(await client.current("tools/a.yaml"));
    expect(found).toContain("descriptor-size-limit");
    expect(found).not.toContain("load-file-too-large");
    await client.change("tools/a.yaml", `${big}${"#".repeat(60_000)}\n`);
    expect(codes(await client.current("tools/a.yaml"))).toEqual(["load-file-too-large"]);
    await client.change("tools/a.yaml", TOOL("get_weather"));
    expect(await client.current("tools/a.yaml")).toEqual([]);
  });

  it("leaves a file of no project alone, with a note in the log, and one that is no descriptor without findings", async () => {
    const project = tempProject({ "mcp-gen.config.yaml": "tools: [tools/*.yaml]\n", "tools/a.yaml": TOOL("get_weather"), "other/notes.yaml": "name: get weather\n" });
    const elsewhere = tempProject({ "x.yaml": "name: get weather\n" });
    const client = await start(project, [project]);
    await client.open(join(elsewhere, "x.yaml"));
    expect(await client.log((message) => message.includes("x.yaml"))).toMatch(/is in no mcp-gen project/);
    await client.open("other/notes.yaml");
    await client.open("tools/a.yaml");
    expect(await client.current("tools/a.yaml")).toEqual([]);
    const hover = await client.request("textDocument/hover", { textDocument: { uri: client.uri(join(elsewhere, "x.yaml")) }, position: { line: 0, character: 7 } });
    expect(hover).toBeNull();
    const completion = await client.request("textDocument/completion", { textDocument: { uri: client.uri("other/notes.yaml") }, position: { line: 1, character: 0 } });
    expect(completion).toEqual([]);
    expect(client.published.filter((p) => p.uri.endsWith("x.yaml") || p.uri.endsWith("notes.yaml"))).toEqual([]);
  });

  it("reports nothing for the other files of a workspace folder that only holds projects further down (a monorepo's root)", async () => {
    const root = tempProject({
      "package.json": '{"name": "mono", "private": true}\n',
      ".github/workflows/ci.yaml": "on: push\n",
      "packages/a/mcp-gen.config.yaml": "rules:\n  description-missing: error\n",
      "packages/a/tools/x.yaml": "name: x\ninputSchema: {type: object, additionalProperties: false}\n",
    });
    const client = await start(root);
    await client.open(".github/workflows/ci.yaml");
    await client.open("packages/a/tools/x.yaml");
    expect(codes(await client.current("packages/a/tools/x.yaml"))).toEqual(["description-missing"]);
    await client.request("textDocument/hover", { textDocument: { uri: client.uri(".github/workflows/ci.yaml") }, position: { line: 0, character: 0 } });
    expect(client.published.filter((p) => !p.uri.includes("/packages/a/"))).toEqual([]);
    expect(await client.log((message) => message.includes("ci.yaml"))).toMatch(/is in no mcp-gen project/);
  });
  it("takes notifications a client got wrong (a uri that is no string, no changes) without a stack on stderr, logs them in one line, and keeps serving", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get weather") });
    const client = await start(root);
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await client.connection.sendNotification("textDocument/didOpen", { textDocument: { uri: 42, languageId: "yaml", version: 1, text: "name: a\n" } });
      await client.connection.sendNotification("workspace/didChangeWatchedFiles", { changes: null });
      expect(await client.log((message) => message.includes("could not be handled"))).toMatch(/^mcp-gen lsp: workspace\/didChangeWatchedFiles could not be handled: \S/);
      await client.open("tools/a.yaml");
      expect(codes(await client.current("tools/a.yaml"))).toContain("tool-name-syntax");
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
    }
  });

  it("keeps the lifecycle: -32002 before initialize, -32600 for a second initialize and after shutdown", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get weather") });
    const client = LspClient.inProcess(root);
    const hover = () =>
      client.request("textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: 0, character: 0 } }).then(
        () => undefined,
        (e: { code: number }) => e.code,
      );
    expect(await hover()).toBe(-32002);
    await client.initialize();
    expect(await hover()).toBeUndefined();
    const again = await client.connection.sendRequest("initialize", { processId: null, rootUri: null, capabilities: {} }).then(
      () => undefined,
      (e: { code: number }) => e.code,
    );
    expect(again).toBe(-32600);
    await client.connection.sendRequest("shutdown");
    expect(await hover()).toBe(-32600);
    await client.connection.sendNotification("exit");
    expect(await client.exited).toBe(0);
  });

  it("answers a request without the params it needs with -32602 naming them, and a folders change with null lists without a stack", async () => {
    const root = tempProject({ "tools/a.yaml": TOOL("get weather") });
    const client = LspClient.inProcess(root);
    await client.initialize({ workspace: { workspaceFolders: true } });
    const printed = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const [method, params] of [
        ["textDocument/hover", {}],
        ["textDocument/hover", { textDocument: { uri: client.uri("tools/a.yaml") } }],
        ["textDocument/completion", { textDocument: { uri: client.uri("tools/a.yaml") }, position: { line: "0", character: 0 } }],
        ["textDocument/definition", { position: { line: 0, character: 0 } }],
        ["textDocument/codeAction", { textDocument: { uri: client.uri("tools/a.yaml") }, range: {} }],
      ] as const) {
        const error = await client.request(method, params).then(
          () => undefined,
          (e: { code: number; message: string }) => e,
        );
        expect(error?.code, method).toBe(-32602);
        expect(error?.message, method).toMatch(new RegExp(`^${method} needs `));
      }
      await client.connection.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: null, removed: null } });
      await client.open("tools/a.yaml");
      expect(codes(await client.current("tools/a.yaml"))).toContain("tool-name-syntax");
      expect(printed).not.toHaveBeenCalled();
    } finally {
      printed.mockRestore();
      await client.shutdown();
    }
  });
});
