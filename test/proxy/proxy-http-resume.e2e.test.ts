// `mcp-gen proxy --url` in front of a 2025-era server that has its clients poll (SSE polling,
// SEP-1699, MCP 2025-11-25; basic/transports/streamable-http.mdx § Resumability and Redelivery): the
// server closes a request's event stream before the answer, after an event with an id and a `retry`
// time, and the client resumes it with GET and Last-Event-ID, as the SDK v2 client does; it closes
// the session's GET stream too, and keeps what it sends meanwhile for the resumption. The server is
// the official SDK v1's (test/fixtures/proxy/v1-polling-server.mjs); the host is raw JSON lines on
// the proxy's stdio. What a resumed stream brings is a server message like any other: a listing on
// it is checked against the lock, and a list_changed on it is passed on only after the proxy listed.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { JsonObject } from "../../src/model/json.js";
import { exited, pinnedProject, proxyCli, rawLines, startProcess, stopAll, until } from "../support/proxy-harness.js";
import { REPO_ROOT } from "../support/spec-paths.js";

afterAll(() => stopAll());

const POLLING_SERVER = join(REPO_ROOT, "test", "fixtures", "proxy", "v1-polling-server.mjs");
const DRIFT: JsonObject = { name: "drift", description: "Changes the description of echo.", inputSchema: { type: "object", properties: {} } };
const ECHO: JsonObject = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };
const SLOW: JsonObject = { name: "slow", description: "Answers after a while.", inputSchema: { type: "object", properties: {} } };

type Answer = { result?: { tools?: { name: string }[]; content?: { text: string }[] }; error?: { code: number; message: string; data?: { tool?: string; status?: string } } };

/** The polling server (with `modes`) and the proxy before it, the host's 2025-11-25 session started (the SDK v1 primes streams from that version on). */
async function polling(modes: readonly string[]) {
  const server = startProcess(process.execPath, [POLLING_SERVER, ...modes]);
  await until(
    () => /listening on/.test(server.stderr()),
    () => server.stderr(),
  );
  const url = /listening on (\S+)/.exec(server.stderr())![1]!;
  const run = startProcess(process.execPath, [await proxyCli(), "proxy", "--cwd", pinnedProject([DRIFT, ECHO, SLOW]), "--url", url]);
  const wire = rawLines(run);
  wire.send({ id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "host", version: "1" } } });
  expect(await wire.answer(1)).toMatchObject({ result: { protocolVersion: "2025-11-25" } });
  wire.send({ method: "notifications/initialized" });
  let nextId = 2;
  const ask = async (method: string, params: object) => {
    const id = nextId++;
    wire.send({ id, method, params });
    return (await wire.answer(id)) as Answer;
  };
  /** The Last-Event-ID of each GET the server got that had one. */
  const resumptions = () => [...server.stderr().matchAll(/GET last-event-id=(\S+)/g)].map((m) => m[1]).filter((id) => id !== "-");
  const end = async () => {
    run.child.stdin!.end();
    await exited(run.child);
    server.child.kill("SIGTERM");
  };
  return { server, run, wire, ask, resumptions, end };
}

const names = (answer: Answer) => (answer.result?.tools ?? []).map((tool) => tool.name);

describe("--url before a server that closes a request's stream before its answer (SSE polling)", () => {
  it("resumes the stream with GET and Last-Event-ID after the server's retry time, and the host gets the answer", async () => {
    const { ask, resumptions, run, end } = await polling(["list-polls"]);
    // The listing comes on a resumed stream too, and is checked: every tool is as pinned.
    expect(names(await ask("tools/list", {}))).toEqual(["drift", "echo", "slow"]);
    expect((await ask("tools/call", { name: "slow", arguments: {} })).result?.content).toEqual([{ type: "text", text: "slow done" }]);
    expect(resumptions().length).toBeGreaterThanOrEqual(2);
    expect(run.stderr()).not.toMatch(/without answering|broke off|resuming/);
    await end();
  });

  it("checks a listing that comes on a resumed stream like any other: the drifted tool is withheld, and its call refused", async () => {
    const { ask, resumptions, run, end } = await polling(["drifted", "list-polls"]);
    expect(names(await ask("tools/list", {}))).toEqual(["drift", "slow"]);
    expect(resumptions().length).toBeGreaterThanOrEqual(1);
    expect(await ask("tools/call", { name: "echo", arguments: { text: "x" } })).toMatchObject({ error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    expect(run.stderr()).toMatch(/withheld the tool "echo": its description changed/);
    await end();
  });

  it("gives up on a stream the server does not let it resume after 3 tries in a row, and answers the request with an error that says so", async () => {
    const { ask, resumptions, end } = await polling(["refuse-resume"]);
    expect(names(await ask("tools/list", {}))).toEqual(["drift", "echo", "slow"]);
    const answer = await ask("tools/call", { name: "slow", arguments: {} });
    expect(answer.error?.code).toBe(-32603);
    expect(answer.error?.message).toMatch(/the server's event stream ended before the answer, and resuming it failed: it answered HTTP 503/);
    expect(resumptions()).toHaveLength(3);
    expect(new Set(resumptions()).size).toBe(1);
    await end();
  });
});

describe("--url before a server that closes the session's GET stream and keeps what it sends meanwhile", () => {
  it("resumes the GET stream from its last event: a list_changed sent while it was closed reaches the host, after the proxy listed and withheld the drifted tool", async () => {
    const { server, wire, ask, resumptions, end } = await polling([]);
    await until(
      () => server.stderr().includes("GET last-event-id=-"),
      () => `the session's GET stream: ${server.stderr()}`,
    );
    expect(names(await ask("tools/list", {}))).toEqual(["drift", "echo", "slow"]);
    expect((await ask("tools/call", { name: "drift", arguments: {} })).result?.content).toEqual([{ type: "text", text: "echo changed" }]);
    await until(
      () => wire.lines().some((m) => m.method === "notifications/tools/list_changed"),
      () => `the host's list_changed; server: ${server.stderr()}`,
    );
    // The log message came on the GET stream before it closed, with an id: the stream was resumed from it.
    expect(wire.lines().some((m) => m.method === "notifications/message")).toBe(true);
    expect(resumptions().length).toBeGreaterThanOrEqual(1);
    expect(await ask("tools/call", { name: "echo", arguments: { text: "x" } })).toMatchObject({ error: { code: -31001, data: { tool: "echo", status: "changed" } } });
    expect(names(await ask("tools/list", {}))).toEqual(["drift", "slow"]);
    await end();
  });
});
