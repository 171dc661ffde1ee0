// The commands a drift report suggests must see what the proxy saw. A host starts the proxy in a
// folder of its own, with a server command relative to it and a lock the proxy was pointed at with
// --lock: the `mcp-gen verify` and `mcp-gen import --update` lines on the proxy's stderr, run as
// written, reach the same server the same way, compare against that lock and update it.
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { splitCommand } from "../../src/live/split-command.js";
import { ADD, ECHO, lockText, PIN_SERVER, pinnedProject, proxyCli, stopAll } from "../support/proxy-harness.js";
import { runInProcess } from "../support/temp-project.js";

afterAll(stopAll);

/** The `mcp-gen …` command between backquotes after `lead` on the proxy's stderr, as argv without "mcp-gen". */
function suggested(stderr: string, lead: string): readonly string[] {
  const match = new RegExp(`${lead} \`(mcp-gen [^\`]+)\``).exec(stderr);
  expect(match, stderr).not.toBeNull();
  const split = splitCommand(match![1]!);
  if (!split.ok) throw new Error(split.message);
  return split.args;
}

describe("the commands a drift report suggests", () => {
  it("reach the server from the host's folder and use the proxy's --lock: verify shows the drift, import --update pins it", async () => {
    const project = mkdtempSync(join(tmpdir(), "mcp-gen-project-"));
    mkdirSync(join(project, "locks"));
    writeFileSync(join(project, "locks", "pins.json"), lockText([ECHO, ADD]));
    // The host's folder, which holds the server it names by a relative path.
    const hostDir = mkdtempSync(join(tmpdir(), "mcp-gen-host-"));
    writeFileSync(join(hostDir, "server.mjs"), `import ${JSON.stringify(pathToFileURL(PIN_SERVER).href)};\n`);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [await proxyCli(), "proxy", "--cwd", project, "--lock", "locks/pins.json", "--", "node", "server.mjs", "drift"],
      cwd: hostDir,
      env: { ...(process.env as Record<string, string>), PIN_CALLS: "" },
      stderr: "pipe",
    });
    let stderr = "";
    transport.stderr?.on("data", (chunk: Buffer) => void (stderr += chunk.toString("utf8")));
    const client = new Client({ name: "host", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["add"]);
    } finally {
      await client.close();
    }
    const verify = suggested(stderr, "See the change with");
    expect(verify).toEqual(["verify", "--cwd", project, "--lock", "locks/pins.json", "--command", "node server.mjs drift", "--server-cwd", hostDir]);
    // Typed anywhere: every path in it is whole or relative to the folders it names.
    const elsewhere = mkdtempSync(join(tmpdir(), "mcp-gen-elsewhere-"));
    const verified = await runInProcess(elsewhere, verify);
    expect(verified.stderr).toBe("");
    expect(verified.code).toBe(1);
    expect(verified.stdout).toContain("echo");
    expect(verified.stdout).toContain("description");

    const update = suggested(stderr, "if it is wanted, pin it with");
    expect(update.slice(0, 2)).toEqual(["import", "--update"]);
    const updated = await runInProcess(elsewhere, update);
    expect(updated.stderr).toBe("");
    expect(updated.code).toBe(0);
    expect(readFileSync(join(project, "locks", "pins.json"), "utf8")).toContain("Before answering");
    expect(existsSync(join(project, "mcp-tools.lock.json"))).toBe(false);
    expect((await runInProcess(elsewhere, verify)).code).toBe(0);
  });

  it("name every --header of a --url server, whole, on stderr only", async () => {
    // Checked where the line is made: the HTTP twin of the test above needs no server to show it.
    const project = pinnedProject([ECHO]);
    const run = await runInProcess(project, ["proxy", "--cwd", project, "--lock", "missing.json", "--url", "http://127.0.0.1:9/mcp", "--header", "Authorization: Bearer s3cret"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Pin the server first: mcp-gen import --cwd");
    expect(run.stderr).toContain("--lock missing.json --url http://127.0.0.1:9/mcp --header 'Authorization: Bearer s3cret'");
  });
});
