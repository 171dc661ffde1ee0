// src/files/shared-bytes.ts: files' bytes encoded into one SharedArrayBuffer are each file's UTF-8
// bytes (texts and pieces alike), a worker thread reads them without a copy, and the hash taken of
// them is the lock's hashFileText, CRLF files included.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import { afterAll, describe, expect, it } from "vitest";
import { hashOfFileBytes, sharedBytes } from "../../src/files/shared-bytes.js";
import { writeNewFileSync } from "../../src/files/write-files.js";
import { hashFileText } from "../../src/lock/sha256.js";

const split = Buffer.from('const b = "é";\n', "utf8");
const files = [
  { contents: 'export const a = "é — ü 🙂";\n' },
  { contents: "" },
  // Pieces cut inside the two-byte é.
  { contents: split.toString("utf8"), pieces: [split.subarray(0, 12), split.subarray(12)] },
  { contents: "line one\r\nline two\r\n" },
];
const folder = mkdtempSync(join(tmpdir(), "mcp-gen-shared-bytes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("sharedBytes", () => {
  it("gives each file its UTF-8 bytes, as views of one SharedArrayBuffer", () => {
    const views = sharedBytes(files);
    expect(views.map((view) => Buffer.from(view).toString("utf8"))).toEqual(files.map((file) => file.contents));
    expect(new Set(views.map((view) => view.buffer)).size).toBe(1);
    expect(views[0]!.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(views[0]!.buffer.byteLength).toBe(files.reduce((sum, file) => sum + Buffer.byteLength(file.contents), 0));
  });

  it("hashes each file as the lock does, with CRLF as LF", () => {
    const views = sharedBytes(files);
    expect(files.map((file, i) => hashOfFileBytes(file, views[i]!))).toEqual(files.map((file) => hashFileText(file.contents)));
    expect(hashOfFileBytes(files[3]!, views[3]!)).toBe(hashFileText("line one\nline two\n"));
  });

  it("are written by a worker thread from the same memory, unchanged", async () => {
    const views = sharedBytes(files);
    const targets = files.map((_, i) => join(folder, `f${i}.ts`));
    const worker = new Worker(
      `const { parentPort, workerData } = require("node:worker_threads");
       const { writeFileSync } = require("node:fs");
       workerData.views.forEach((view, i) => writeFileSync(workerData.targets[i], view, { flag: "wx" }));
       // The memory is shared: a byte set here is seen by the main thread.
       workerData.views[0][0] = 0x45;
       parentPort.postMessage("done");`,
      { eval: true, workerData: { views, targets } },
    );
    await new Promise((resolve, reject) => worker.once("message", resolve).once("error", reject));
    await worker.terminate();
    expect(targets.map((target) => readFileSync(target, "utf8"))).toEqual(files.map((file) => file.contents));
    expect(String.fromCharCode(views[0]![0]!)).toBe("E");
    // writeNewFileSync (the worker's stageBatch) takes the views as they are.
    writeNewFileSync(join(folder, "main.ts"), views[2]!);
    expect(readFileSync(join(folder, "main.ts"), "utf8")).toBe(files[2]!.contents);
  });
});
