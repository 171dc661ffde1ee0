// Where `mcp-gen import` and `mcp-gen verify` end a server's tools/list: where SDK v2's Client ends
// its walk, so the lock pins the tools a client of the server sees. Each case runs the fake server
// over stdio twice: once for mcp-gen, once for the SDK's own Client.listTools(), whose tools are the
// expected ones. A last page that names its own cursor again ends the list, an empty nextCursor is
// followed, and cursors that go round are refused (exit 2, one sentence) as the SDK refuses them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { afterEach, describe, expect, it } from "vitest";
import { renderLock } from "../../src/lock/render-lock.js";
import type { LockFile } from "../../src/model/lock.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { FAKE_SERVER, stopServers } from "../live/servers.js";

afterEach(stopServers);

const fake = (mode: string) => ["--command", `node ${JSON.stringify(FAKE_SERVER)} ${mode}`, "--timeout", "5000"];

/** The tool names SDK v2's Client lists from the fake server in `mode`, or the message it fails with. */
async function sdkNames(mode: string): Promise<string[] | string> {
  const client = new Client({ name: "sdk-walk", version: "1.0.0" });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [FAKE_SERVER, mode], cwd: REPO_ROOT, stderr: "ignore" }));
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } catch (e) {
    return (e as Error).message;
  } finally {
    await client.close();
  }
}

function lockedNames(root: string): string[] {
  return Object.keys((JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as LockFile).tools);
}

describe("import and verify end a listing where the SDK's Client does", () => {
  it.each([
    // Page 2 answers the cursor "p2" with "p2" again: the SDK asks once more, gets the same page, and stops.
    ["repeat-cursor", "listed 2 tools on 2 pages"],
    // Page 1 sends the nextCursor "": a cursor, which the SDK follows to page 2.
    ["empty-cursor", "listed 2 tools on 2 pages"],
  ])("%s: the lock pins the SDK's tools, and verify passes", async (mode, listed) => {
    const expected = await sdkNames(mode);
    expect(expected).toEqual(["echo", "add"]);
    const root = tempProject({});
    const imported = await runInProcess(root, ["import", ...fake(mode)]);
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(lockedNames(root).sort()).toEqual([...expected].sort());
    const verify = await runInProcess(root, ["verify", ...fake(mode)]);
    expect(verify).toEqual({ code: 0, stderr: "", stdout: `"fake" 1.0.0 (legacy era) ${listed}.\n\nAll 2 tools match mcp-tools.lock.json.\n` });
  });

  it("cursor-loop: cursors that come round again (p2 → p3 → p2) are refused with exit 2, as the SDK never ends them", async () => {
    expect(await sdkNames("cursor-loop")).toMatch(/exceeded listMaxPages/);
    const message = 'The server sent the nextCursor "p2" on page 1 and again on page 3, after other pages; its tools/list would go round forever.\n';
    const root = tempProject({});
    expect(await runInProcess(root, ["import", ...fake("cursor-loop")])).toEqual({ code: 2, stdout: "", stderr: `mcp-gen import: ${message}` });
    expect(() => readFileSync(join(root, "mcp-tools.lock.json"))).toThrow();
    const pinned = tempProject({
      "mcp-tools.lock.json": renderLock({ lockfileVersion: 1, generator: { name: "mcp-gen", version: "0.1.0" }, specRevision: "2026-07-28", tools: {}, inputs: {}, files: {} }),
    });
    expect(await runInProcess(pinned, ["verify", ...fake("cursor-loop")])).toEqual({ code: 2, stdout: "", stderr: `mcp-gen verify: ${message}` });
  });
});
