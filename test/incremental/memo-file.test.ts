// writeMemoFile (src/incremental/build-cache.ts): the cache folder's memos are written only when
// their bytes change, whole (never half), and a memo that cannot be written costs nothing else.
import { readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeMemoFile } from "../../src/incremental/build-cache.js";
import { tempProject } from "../support/temp-project.js";

const PAST = new Date("2026-01-01T00:00:00Z");

describe("writeMemoFile", () => {
  it("leaves a memo with the same bytes alone, and writes one whose bytes differ, at the same size or not", async () => {
    const root = tempProject({});
    const path = join(root, "memo.json");
    writeFileSync(path, '{"a":"é"}\n');
    utimesSync(path, PAST, PAST);
    await writeMemoFile(path, '{"a":"é"}\n');
    expect(statSync(path).mtime).toEqual(PAST);
    // Same length in UTF-16, other bytes; then the same byte size with other bytes; then another size.
    for (const text of ['{"a":"e"}\n', '{"a":"f"}\n', '{"a":"longer"}\n']) {
      await writeMemoFile(path, text);
      expect(readFileSync(path, "utf8")).toBe(text);
    }
  });

  it("creates a memo that is not there, and ignores one that cannot be written", async () => {
    const root = tempProject({});
    await writeMemoFile(join(root, "new.json"), "{}\n");
    expect(readFileSync(join(root, "new.json"), "utf8")).toBe("{}\n");
    await expect(writeMemoFile(undefined, "{}\n")).resolves.toBeUndefined();
    // A folder that cannot be made, whoever runs the test (a file stands where it would go).
    writeFileSync(join(root, "blocker"), "");
    await expect(writeMemoFile(join(root, "blocker", "memo.json"), "{}\n")).resolves.toBeUndefined();
    expect(statSync(join(root, "blocker")).isFile()).toBe(true);
  });
});
