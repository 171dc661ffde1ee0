// readProject with a stat index and a previous build's records: a file whose stat the index knows,
// and whose hash the last build parsed, is not read at all until its text or value is looked at.
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readProject, type ReadIndex, type ReadReuse } from "../../src/cli/read-project.js";
import { fingerprint } from "../../src/files/read-with-stat.js";
import { hashFileText } from "../../src/lock/sha256.js";
import { tempProject } from "../support/temp-project.js";

const PING = '{ "name": "ping", "description": "Answers pong.", "inputSchema": { "type": "object" } }\n';
const ECHO = "name: echo\ninputSchema: { type: object, properties: { text: { type: string } } }\n";

/** An index that knows every file's current stat with `hashes[path]`, and records nothing. */
function knowing(root: string, hashes: Record<string, string>): ReadIndex & { readonly asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    known: (path, read) => {
      asked.push(path);
      return read.stat === fingerprint(statSync(join(root, path))) ? hashes[path] : undefined;
    },
    record: () => undefined,
  };
}

const reuseAll: ReadReuse = { lookup: () => ({ refs: [], diagnostics: [] }) };

describe("readProject with a stat index", () => {
  it("does not read a file the index and the last build vouch for, until it is looked at", async () => {
    const root = tempProject({ "tools/ping.json": PING, "tools/echo.yaml": ECHO });
    const index = knowing(root, { "tools/ping.json": hashFileText(PING) });
    const read = await readProject({ root, configPath: undefined }, reuseAll, index);
    if (!read.ok) throw new Error("config refused");
    expect(index.asked).toContain("tools/ping.json");
    // echo.yaml is not known by the index: read (and its text is a source for code frames).
    expect(read.sources.has("tools/echo.yaml")).toBe(true);
    expect(read.sources.has("tools/ping.json")).toBe(false);
    expect(read.records.get("tools/ping.json")).toMatchObject({ hash: hashFileText(PING), reused: true });
    const ping = read.input.files.get("tools/ping.json");
    if (ping?.status !== "ok") throw new Error("ping not ok");
    // Not read yet: once the file is gone, looking at it fails.
    rmSync(join(root, "tools/ping.json"));
    expect(() => ping.doc.text).toThrow(/can no longer be read/);
  });

  it("reads it lazily, as it would have read it, when it is looked at", async () => {
    const root = tempProject({ "tools/ping.json": PING });
    const read = await readProject({ root, configPath: undefined }, reuseAll, knowing(root, { "tools/ping.json": hashFileText(PING) }));
    if (!read.ok) throw new Error("config refused");
    const ping = read.input.files.get("tools/ping.json");
    if (ping?.status !== "ok") throw new Error("ping not ok");
    expect(ping.doc.text).toBe(PING);
    expect(ping.doc.value).toEqual(JSON.parse(PING));
    expect(ping.doc.spans.get("/name")).toBeDefined();
  });

  it("reads a file whose stat the index does not know, or whose hash the last build did not parse", async () => {
    const root = tempProject({ "tools/ping.json": PING });
    const unknownHash = await readProject({ root, configPath: undefined }, { lookup: () => undefined }, knowing(root, { "tools/ping.json": hashFileText(PING) }));
    const noIndex = await readProject({ root, configPath: undefined }, reuseAll, knowing(root, {}));
    for (const read of [unknownHash, noIndex]) {
      if (!read.ok) throw new Error("config refused");
      expect(read.sources.get("tools/ping.json")).toBe(PING);
    }
  });
});
