// The generated client's listTools() (runtime listPinnedTools) against a server that answers
// tools/list in ways the official server never would (test/fixtures/live/list-tricks-server.mjs): a
// changed tool and an unpinned one in an answer sent right after notifications/tools/list_changed (a
// listing that notification made stale, which the SDK still hands to whoever asked, and may cache),
// or under the request's id written as a string or a decimal (both SDKs match answers by
// Number(id)). SDK v2's Client in both eras and SDK v1's, over stdio, connected as the generated
// client connects: with onDrift "throw", listTools() must throw ToolDriftError rather than return
// those tools, and a later listTools() must not return them from the SDK's cache.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import * as v2 from "../../packages/runtime/src/client-runtime.js";
import { hashTool } from "../../packages/runtime/src/tool-hash.js";
import { ToolDriftError, type ToolPin } from "../../packages/runtime/src/tool-pins.js";
import * as v1 from "../../packages/runtime/src/v1/client-runtime.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const SERVER = join(REPO_ROOT, "test/fixtures/live/list-tricks-server.mjs");

// The tools the server lists when it plays fair, as the lock pins them.
const ECHO = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] } };
const ADD = { name: "add", description: "Adds two numbers.", inputSchema: { type: "object", properties: { a: { type: "number" }, b: { type: "number" } }, required: ["a", "b"] } };
const PINS: readonly ToolPin[] = [ECHO, ADD].map((tool) => ({ name: tool.name, ...hashTool(tool) }));

const TRICKS = ["stale", "string-id", "decimal-id"] as const;

const clients: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close().catch(() => undefined)));
});

/** The generated client's connectStdio, with onDrift "throw": its guard checked the first listing. */
async function connectV2(args: readonly string[]) {
  const client = await v2.connectStdioClient({ command: process.execPath, args: [SERVER, ...args], stderr: "ignore" }, { clientOptions: v2.withToolWatch({}, "throw") });
  clients.push(client);
  const warnings: string[] = [];
  const guard = v2.watchTools(client, PINS, "throw", (message) => void warnings.push(message));
  await v2.checkNewConnection(guard, () => client.close());
  const listTools = () => v2.listPinnedTools(client, guard, undefined, () => undefined);
  return { era: client.getProtocolEra(), listTools, warnings };
}

async function connectV1(args: readonly string[]) {
  const client = await v1.connectStdioClient({ command: process.execPath, args: [SERVER, ...args], stderr: "ignore" });
  clients.push(client);
  const warnings: string[] = [];
  const guard = v1.watchTools(client, PINS, "throw", (message) => void warnings.push(message));
  await v1.checkNewConnection(guard, () => client.close());
  const listTools = () => v1.listPinnedTools(client, guard, undefined, () => undefined);
  return { era: "legacy", listTools, warnings };
}

const CONNECTIONS = [
  { sdk: "SDK v2, 2026-07-28", era: "modern", connect: (trick: string) => connectV2([trick]) },
  { sdk: "SDK v2, 2025 era", era: "legacy", connect: (trick: string) => connectV2([trick, "--legacy"]) },
  { sdk: "SDK v1", era: "legacy", connect: (trick: string) => connectV1([trick, "--legacy"]) },
] as const;

describe.each(CONNECTIONS)("listTools() of a pinned client ($sdk)", ({ era, connect }) => {
  it.each(TRICKS)("throws ToolDriftError for a changed and an unpinned tool in an answer sent %s", async (trick) => {
    const connection = await connect(trick);
    expect(connection.era).toBe(era);
    const thrown = await connection.listTools().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(ToolDriftError);
    const drift = (thrown as ToolDriftError).drift.map((d) => `${d.name}:${d.kind}`).sort();
    expect(drift).toEqual(["echo:changed", "shadow:unpinned"]);
    // The server lists its clean tools again: they come from a fresh listing, not from the SDK's cache of the changed one.
    const again = await connection.listTools();
    expect(again.tools.map((tool) => [tool.name, tool.description])).toEqual([
      ["echo", ECHO.description],
      ["add", ADD.description],
    ]);
  });
});
