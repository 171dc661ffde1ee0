// runtime/sha256.ts and runtime/tool-hash.ts: the generated client's own SHA-256 and tool hashing
// (synchronous, dependency-free, for any JavaScript runtime) give exactly the hashes mcp-gen writes
// into the lock: node:crypto's digest for any text, src/lock's hashTool for every corpus tool and for
// arbitrary JSON, and mcp-pin's published vectors.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256HexPortable } from "../../packages/runtime/src/sha256.js";
import { canonicalJson, hashTool, hashWholeTool } from "../../packages/runtime/src/tool-hash.js";
import { canonicalJson as lockCanonicalJson } from "../../src/lock/canonical-json.js";
import { hashTool as lockHashTool } from "../../src/lock/hash-tool.js";
import type { JsonObject, JsonValue } from "../../src/model/json.js";
import { corpusCaptures } from "../support/corpus-tools.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const nodeSha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("runtime sha256Hex, without node:crypto (browsers, edge runtimes)", () => {
  it("gives the FIPS 180-4 examples and the empty string's digest", () => {
    expect(sha256HexPortable("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256HexPortable("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256HexPortable("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  });

  it("agrees with node:crypto at every length around the block and padding edges", () => {
    for (let length = 0; length < 200; length++) expect(sha256HexPortable("é".repeat(length) + "x".repeat(length % 7))).toBe(nodeSha256("é".repeat(length) + "x".repeat(length % 7)));
  });

  it("agrees with node:crypto on any text, astral characters and lone surrogates included (U+FFFD, as UTF-8 encoders write it)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (text) => sha256HexPortable(text) === nodeSha256(text)),
      { seed: 24, numRuns: 500 },
    );
    expect(sha256HexPortable("a\ud800b\udc00")).toBe(nodeSha256("a\ud800b\udc00"));
  });
});

describe("runtime hashTool", () => {
  it("gives the lock's hashes, whole and per part, for every corpus tool", () => {
    let count = 0;
    for (const capture of corpusCaptures()) {
      for (const tool of capture.tools as JsonObject[]) {
        const lock = lockHashTool(tool);
        expect(hashTool(tool), `${capture.file} ${String(tool.name)}`).toStrictEqual(lock);
        expect(hashWholeTool(tool)).toBe(lock.sha256);
        count++;
      }
    }
    expect(count).toBeGreaterThan(1300);
  });

  it("writes the lock's canonical JSON for any JSON value, __proto__ keys, -0 and lone surrogates included", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => canonicalJson(value) === lockCanonicalJson(value as JsonValue)),
      { seed: 24, numRuns: 400 },
    );
    const odd = JSON.parse('{"__proto__":{"b":-0},"a":"\\ud800","\\ud83d\\ude00":1,"\\ue000":2}') as JsonValue;
    expect(canonicalJson(odd)).toBe(lockCanonicalJson(odd));
    expect(canonicalJson(odd)).toBe('{"__proto__":{"b":0},"a":"\\ud800","\u{1f600}":1,"\ue000":2}');
  });

  it("gives mcp-pin's definition hash for each of its vectors", () => {
    const vectors = JSON.parse(readFileSync(join(REPO_ROOT, "test/data/mcp-pin/tool-definition-hash-vectors.json"), "utf8")) as {
      definitions: { input: string; canonical: string; hash: string }[];
    };
    for (const vector of vectors.definitions) {
      const tool = JSON.parse(vector.input) as Record<string, unknown>;
      expect(canonicalJson(tool)).toBe(vector.canonical);
      expect(hashWholeTool(tool)).toBe(vector.hash);
    }
  });
});
