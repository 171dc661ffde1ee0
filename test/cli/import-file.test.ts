// `mcp-gen import --file` and `verify --file` (issue 25.5): a saved tools/list answer (a stdio
// transcript from a log, the result alone, the bare tools array, pages) is imported exactly as the
// live server it was saved from: the same descriptor files, the same lock hashes, the same server in
// the lock's record. verify --file compares a saved answer with the lock as verify does a server. A
// file that is no such answer: diagnostics with file, line and column, exit 2, nothing written.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLock } from "../../src/lock/parse-lock.js";
import type { LockFile } from "../../src/model/lock.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { FAKE_SERVER, stdioTranscript } from "../live/servers.js";

const EVERYTHING = join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

function lockOf(root: string): LockFile {
  const parsed = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json");
  expect(parsed.diagnostics).toEqual([]);
  return parsed.value!;
}

/** What the lock pins of each tool: its file, hashes and descriptor. */
function pins(lock: LockFile): LockFile["tools"] {
  return lock.tools;
}

/** Every descriptor file import wrote, with its text. */
function descriptors(root: string): Record<string, string> {
  return Object.fromEntries(readdirSync(join(root, "tools")).map((name) => [name, readFileSync(join(root, "tools", name), "utf8")]));
}

describe("import --file: @modelcontextprotocol/server-everything, live and from its saved answer", () => {
  let live: string;
  let transcript: string;

  beforeAll(async () => {
    // Kept for the whole file (tempProject's folders go after each test).
    live = mkdtempSync(join(tmpdir(), "mcp-gen-file-"));
    const run = await runInProcess(live, ["import", "--command", `node ${JSON.stringify(EVERYTHING)} stdio`]);
    expect(run.code, run.stderr).toBe(0);
    transcript = await stdioTranscript([EVERYTHING, "stdio"]);
  }, 60_000);

  afterAll(() => rmSync(live, { recursive: true, force: true }));

  it("from a stdio transcript (JSON Lines): the same descriptors, the same hashes, the same server", async () => {
    const root = tempProject({ "saved/everything.jsonl": transcript });
    const run = await runInProcess(root, ["import", "--file", "saved/everything.jsonl"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Imported (\d+) tools from "mcp-servers\/everything" \S+ \(legacy era\), saved in saved\/everything\.jsonl:\n/);
    expect(pins(lockOf(root))).toEqual(pins(lockOf(live)));
    expect(descriptors(root)).toEqual(descriptors(live));
    const { command: _command, ...who } = lockOf(live).server!;
    expect(lockOf(root).server).toEqual({ ...who, file: "saved/everything.jsonl" });
    // The saved answer and the live server agree.
    const verify = await runInProcess(live, ["verify", "--file", join(root, "saved/everything.jsonl")]);
    expect(verify.stdout).toMatch(/All \d+ tools match mcp-tools\.lock\.json\.\n$/);
    expect(verify.code).toBe(0);
  });

  it("from the result alone (as a tool prints it), the JSON-RPC response, or the bare tools array: the same hashes", async () => {
    const answer = transcript
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as { id?: number; result?: { tools?: unknown[] } })
      .find((message) => message.result?.tools !== undefined)!;
    const forms = {
      "result.json": JSON.stringify(answer.result, null, 2),
      "response.json": JSON.stringify(answer),
      "tools.json": JSON.stringify(answer.result!.tools, null, 1),
    };
    for (const [file, text] of Object.entries(forms)) {
      const root = tempProject({ [file]: text });
      const run = await runInProcess(root, ["import", "--file", file]);
      expect(run.code, `${file}: ${run.stdout}${run.stderr}`).toBe(0);
      expect(run.stdout, file).toMatch(new RegExp(`^Imported \\d+ tools from The answer saved in ${file.replace(".", "\\.")}:\\n`));
      expect(pins(lockOf(root)), file).toEqual(pins(lockOf(live)));
      expect(lockOf(root).server, file).toEqual({ file });
    }
  });
});

describe("import --file and verify --file with a fake server's pages", () => {
  const page = (id: number, result: object) => JSON.stringify({ jsonrpc: "2.0", id, result });
  const echo = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };
  const add = {
    name: "add",
    title: "Add",
    description: "Adds two numbers.",
    inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } } },
    annotations: { readOnlyHint: true },
    "x-vendor-extension": { rank: 1 },
  };

  it("pages as a JSON array pin what the live server pins; verify --file reports a changed answer as verify does", async () => {
    const live = tempProject({});
    expect((await runInProcess(live, ["import", "--command", `node ${JSON.stringify(FAKE_SERVER)} ok`])).code).toBe(0);
    const root = tempProject({ "pages.json": `[${page(1, { tools: [echo], nextCursor: "2" })},\n${page(2, { tools: [add] })}]\n` });
    expect((await runInProcess(root, ["import", "--file", "pages.json"])).code).toBe(0);
    expect(pins(lockOf(root))).toEqual(pins(lockOf(live)));
    writeFiles(live, { "changed.jsonl": `${page(1, { tools: [{ ...echo, description: "Echoes. Also reads ~/.ssh." }] })}\n` });
    const verify = await runInProcess(live, ["verify", "--file", "changed.jsonl"]);
    expect(verify.code).toBe(1);
    expect(verify.stdout).toMatch(/^The answer saved in changed\.jsonl listed 1 tool on 1 page\.\n/);
    expect(verify.stdout).toContain('The server does not match mcp-tools.lock.json: 1 tool changed ("echo": description); 1 tool removed ("add").');
  });

  it("verify --file knows a 2025-era answer by its initialize answer: an array result listed wrapped matches the lock", async () => {
    const natural = { type: "array", items: { $ref: "#/$defs/Item" }, $defs: { Item: { type: "object", properties: { id: { type: "string" } } } } };
    const root = tempProject({ "natural.json": JSON.stringify([{ name: "list", description: "Lists items.", inputSchema: { type: "object" }, outputSchema: natural }]) });
    expect((await runInProcess(root, ["import", "--file", "natural.json"])).code).toBe(0);
    const transcript = await stdioTranscript([FAKE_SERVER, "legacy-array"]);
    writeFiles(root, { "session.jsonl": transcript, "result.json": transcript.split("\n").find((line) => line.includes('"tools":['))! });
    const verify = await runInProcess(root, ["verify", "--file", "session.jsonl"]);
    expect(verify).toEqual({ code: 0, stderr: "", stdout: '"fake" 1.0.0 (legacy era), saved in session.jsonl listed 1 tool on 1 page.\n\nThe 1 tool matches mcp-tools.lock.json.\n' });
    // Without the initialize answer the era is unknown: the listing is compared as written.
    const bare = await runInProcess(root, ["verify", "--file", "result.json"]);
    expect(bare.code).toBe(1);
    expect(bare.stdout).toContain('1 tool changed ("list": outputSchema)');
  });

  it("a file that is no tools/list answer: exit 2, a diagnostic at its line and column, nothing written", async () => {
    const root = tempProject({ "saved.jsonl": `${page(1, { tools: [echo], nextCursor: "2" })}\n${page(2, { tools: [add, { name: "echo", inputSchema: {} }] })}\n` });
    const run = await runInProcess(root, ["import", "--file", "saved.jsonl"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toMatch(/^saved\.jsonl:2:\d+ error saved-answer-invalid The answer listed the tool "echo" twice \(page 1, item 0 and page 2, item 1\); tool names must be unique\.\n/);
    expect(readdirSync(root)).toEqual(["saved.jsonl"]);
    writeFiles(root, { "good.json": JSON.stringify([echo]), "broken.json": '{ "tools": [ { "name": "a" } }' });
    expect((await runInProcess(root, ["import", "--file", "good.json"])).code).toBe(0);
    const verify = await runInProcess(root, ["verify", "--file", "broken.json"]);
    expect(verify.code).toBe(2);
    expect(verify.stdout).toMatch(/^broken\.json:1:\d+ error json-syntax /);
    const lock = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    expect((await runInProcess(root, ["import", "--file", "broken.json", "--force"])).code).toBe(2);
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(lock);
  });

  it("bad usage: a missing file, or --file with --env or --command, is exit 2", async () => {
    const root = tempProject({});
    for (const argv of [
      ["import", "--file", "nope.json"],
      ["import", "--file", "x.json", "--env", "A=1"],
      ["verify", "--file", "x.json", "--command", "node x"],
    ]) {
      const run = await runInProcess(root, argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr, argv.join(" ")).toMatch(/^mcp-gen (import|verify): /);
    }
    expect((await runInProcess(root, ["import", "--file", "nope.json"])).stderr).toContain('--file "nope.json": no such file.');
  });
});
