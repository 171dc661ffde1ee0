// DiskReader.vouch: a caller that read a generated file's bytes and found them what it hashed gives
// the reader that hash; the file's text is never decoded to hash it again.
import { expect, it } from "vitest";
import { diskReader } from "../../src/incremental/disk-reader.js";
import { StatIndex } from "../../src/incremental/stat-index.js";
import { hashFileText } from "../../src/lock/sha256.js";
import { tempProject } from "../support/temp-project.js";

const TEXT = "export const a = 1;\n";

function project(): string {
  return tempProject({ "gen/a.ts": TEXT });
}

/** An empty stat index that lists the hashes it is asked to record, by path. */
function listingIndex(): { index: StatIndex; recorded: [string, string | undefined][] } {
  const index = StatIndex.empty();
  const recorded: [string, string | undefined][] = [];
  const record = index.record.bind(index);
  index.record = (kind, path, read, hash) => {
    recorded.push([`${kind} ${path}`, hash]);
    record(kind, path, read, hash);
  };
  return { index, recorded };
}

it("answers a vouched hash of a file it read, and records it in the stat index", () => {
  const root = project();
  const { index, recorded } = listingIndex();
  const disk = diskReader(root, index);
  expect(Buffer.from(disk.bytes("gen/a.ts")!).toString("utf8")).toBe(TEXT);
  // Not the file's hash: what the reader answers is the caller's word, not its own work.
  disk.vouch("gen/a.ts", "vouched");
  expect(disk.hash("gen/a.ts")).toBe("vouched");
  expect(recorded).toEqual([["generated gen/a.ts", "vouched"]]);
});

it("leaves a file it has not read alone: its hash is worked out from the file", () => {
  const root = project();
  const { index, recorded } = listingIndex();
  const disk = diskReader(root, index);
  disk.vouch("gen/a.ts", "not the hash");
  expect(disk.hash("gen/a.ts")).toBe(hashFileText(TEXT));
  expect(recorded).toEqual([["generated gen/a.ts", hashFileText(TEXT)]]);
});

it("hashes a file as its text, CRLF, BOM and bytes that are not UTF-8 alike, without decoding what it only hashes", () => {
  const files: Record<string, Buffer> = {
    "gen/lf.ts": Buffer.from("export const a = 1;\n"),
    "gen/crlf.ts": Buffer.from("export const a = 1;\r\nexport const b = 2;\r\n"),
    "gen/bom.ts": Buffer.from("\ufeffexport const a = 1;\n"),
    "gen/latin1.ts": Buffer.from([0x2f, 0x2f, 0x20, 0xe9, 0x0a]),
    "gen/lone-cr.ts": Buffer.from("a\rb\r\n"),
  };
  const root = tempProject(files);
  const disk = diskReader(root, StatIndex.empty());
  for (const [path, bytes] of Object.entries(files)) expect(disk.hash(path), path).toBe(hashFileText(bytes.toString("utf8")));
  // A file the reader decoded first hashes the same.
  const decodedFirst = diskReader(root, StatIndex.empty());
  for (const [path, bytes] of Object.entries(files)) {
    expect(decodedFirst.text(path)).toBe(bytes.toString("utf8"));
    expect(decodedFirst.hash(path), path).toBe(hashFileText(bytes.toString("utf8")));
  }
  expect(disk.hash("gen/missing.ts")).toBeUndefined();
});
