// A folder where a tools glob expects a descriptor file (`tools/weird.json/`, as `docker run -v`
// leaves for a file that was missing) was skipped in silence, so its tool was simply not there. It is
// reported as a named pipe or a socket is (load-not-a-file), by validate, build and check alike.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const PING = '{ "name": "ping", "description": "Answers.", "inputSchema": { "type": "object", "additionalProperties": false } }\n';
const FINDING = "tools/weird.json:1:1 error load-not-a-file tools/weird.json is a folder, not a descriptor file, though a tools glob matches it; mcp-gen does not open it.";
const HINT = "hint: Replace it with the descriptor file, or move it out of the folders the tools globs in mcp-gen.config.yaml match.";

describe("a folder a tools glob matches", () => {
  it("is reported by validate, build and check, and the build writes nothing", async () => {
    const root = tempProject({ "tools/ping.json": PING, "tools/v1.json/pong.json": PING.replace("ping", "pong") });
    mkdirSync(join(root, "node_modules"));
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    mkdirSync(join(root, "tools", "weird.json"));
    for (const argv of [["validate"], ["check"], ["check", "--full"], ["build"]]) {
      const run = await runInProcess(root, argv);
      const output = `${run.stdout}${run.stderr}`;
      expect(run.code, `${argv.join(" ")}: ${output}`).toBe(1);
      expect(output, argv.join(" ")).toContain(FINDING);
      expect(output, argv.join(" ")).toContain(HINT);
      // The folder that holds a descriptor is gone through, not reported.
      expect(output, argv.join(" ")).not.toContain("tools/v1.json is a folder");
    }
    const fresh = tempProject({ "tools/ping.json": PING });
    mkdirSync(join(fresh, "tools", "weird.json"));
    const run = await runInProcess(fresh, ["build", "--format", "json"]);
    expect(run.code).toBe(1);
    const [finding] = (JSON.parse(run.stdout) as { diagnostics: { ruleId: string; file: string; severity: string }[] }).diagnostics;
    expect(finding).toMatchObject({ ruleId: "load-not-a-file", file: "tools/weird.json", severity: "error" });
    expect(existsSync(join(fresh, "src"))).toBe(false);
    expect(existsSync(join(fresh, "mcp-tools.lock.json"))).toBe(false);
  });
});
