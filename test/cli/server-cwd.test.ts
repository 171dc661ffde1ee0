// `--server-cwd DIR` (verify, import): the folder a --command server runs in, as a host runs it in
// its own; the proxy's drift report names it (test/proxy/proxy-suggested-commands.e2e.test.ts).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { liveRequest } from "../../src/cli/live-args.js";

const root = mkdtempSync(join(tmpdir(), "mcp-gen-server-cwd-"));
const typed = mkdtempSync(join(tmpdir(), "mcp-gen-typed-"));

describe("--server-cwd", () => {
  it("runs the server in the project root without it, and in the folder it names (relative to where it was typed) with it", () => {
    const plain = liveRequest({ command: "node s.mjs" }, root, {}, typed);
    expect(plain.kind === "one" && plain.target.kind === "stdio" && plain.target.cwd).toBe(root);
    const moved = liveRequest({ command: "node s.mjs", "server-cwd": "." }, root, {}, typed);
    expect(moved.kind === "one" && moved.target.kind === "stdio" && moved.target.cwd).toBe(typed);
  });

  it("is refused for anything but a --command server, and when it names no folder", () => {
    expect(() => liveRequest({ url: "http://127.0.0.1:9/mcp", "server-cwd": "." }, root, {}, typed)).toThrow("--server-cwd applies to --command servers only.");
    expect(() => liveRequest({ file: "answer.json", "server-cwd": "." }, root, {}, typed)).toThrow("--server-cwd applies to --command servers only.");
    writeFileSync(join(typed, "a-file"), "");
    expect(() => liveRequest({ command: "node s.mjs", "server-cwd": "a-file" }, root, {}, typed)).toThrow(`--server-cwd "${join(typed, "a-file")}" is not a folder.`);
    expect(() => liveRequest({ command: "node s.mjs", "server-cwd": "nowhere" }, root, {}, typed)).toThrow("is not a folder.");
  });
});
