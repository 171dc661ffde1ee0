// `mcp-gen watch` when the system refuses a watch (Linux's fs.inotify.max_user_watches reached):
// the folder it cannot watch is named on stderr, once, rather than left unwatched in silence.
// node:fs's watch is replaced here so that it refuses the tools folder as the kernel would.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { runWatch } from "../../src/cli/commands/watch.js";
import type { CliIo } from "../../src/cli/io.js";
import { tempProject } from "../support/temp-project.js";

vi.mock("node:fs", async (original) => {
  const fs = await original<typeof import("node:fs")>();
  const watch = ((path: string, ...rest: unknown[]) => {
    if (String(path).endsWith(`${"/"}tools`)) throw Object.assign(new Error(`ENOSPC: System limit for number of file watchers reached, watch '${path}'`), { code: "ENOSPC" });
    return (fs.watch as (...args: unknown[]) => unknown)(path, ...rest);
  }) as typeof fs.watch;
  return { ...fs, default: { ...fs, watch }, watch };
});

describe("mcp-gen watch at the system's limit of watches", () => {
  it("names the folder it cannot watch, once", async () => {
    const root = tempProject({ "tools/a.yaml": "name: a\ndescription: Tool a.\ninputSchema: { type: object, additionalProperties: false }\n" });
    mkdirSync(join(root, "node_modules"));
    let stdout = "";
    let stderr = "";
    const io: CliIo = { cwd: root, env: {}, isTty: false, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) };
    const controller = new AbortController();
    const done = runWatch([], io, controller.signal);
    const watching = async (count: number) => {
      const deadline = Date.now() + 30_000;
      while (stdout.split("Watching ").length - 1 < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    };
    await watching(1);
    // A change in the project folder, which is watched: a second build, and no second warning.
    writeFileSync(join(root, "mcp-gen.config.yaml"), "server:\n  name: limited\n  version: 1.0.0\n");
    await watching(2);
    expect(stdout).toContain("mcp-gen.config.yaml changed: building again.");
    controller.abort();
    expect(await done).toBe(0);
    expect(stderr).toBe(
      "mcp-gen watch: cannot watch tools/: ENOSPC: System limit for number of file watchers reached, watch '" +
        join(root, "tools") +
        "' (the system's limit of file watches is reached: on Linux, raise fs.inotify.max_user_watches). A change there starts no build.\n",
    );
  }, 60_000);
});
