// Acceptance: for every tool captured from a published server, the sha256 mcp-gen locks (after the
// loader and resolver) equals what a third party computes from the raw tools/list JSON with nothing
// but JSON.parse, an independent RFC 8785 library (the canonicalize package) and SHA-256.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import canonicalize from "canonicalize";
import { describe, expect, it } from "vitest";
import { buildLock } from "../../src/lock/build-lock.js";
import { hashTool } from "../../src/lock/hash-tool.js";
import { parseLock } from "../../src/lock/parse-lock.js";
import { renderLock } from "../../src/lock/render-lock.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { corpusPath } from "../support/spec-paths.js";

interface Capture {
  server: string;
  tools: Record<string, unknown>[];
}

const PART_FIELDS = ["title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"];

/** The third party's computation, written from DESIGN.md alone. */
function thirdParty(tool: Record<string, unknown>): { sha256: string; parts: Record<string, string> } {
  const sha = (value: unknown) => createHash("sha256").update(canonicalize(value)!, "utf8").digest("hex");
  const parts: Record<string, string> = {};
  for (const field of PART_FIELDS) if (field in tool) parts[field] = sha(tool[field]);
  const rest = Object.fromEntries(Object.entries(tool).filter(([k]) => k !== "name" && !PART_FIELDS.includes(k)));
  if (Object.keys(rest).length > 0) parts.other = sha(rest);
  return { sha256: sha(tool), parts };
}

const files = readdirSync(corpusPath("real"))
  .filter((f) => f.endsWith(".json"))
  .sort();

describe("corpus/real: locked hashes equal an independent recomputation from tools/list", () => {
  for (const file of files) {
    const text = readFileSync(corpusPath(`real/${file}`), "utf8");
    const capture = JSON.parse(text) as Capture;
    it(`${file}: ${capture.tools.length} tools`, () => {
      const { analysis, paths } = analyzeTools(capture.tools, []);
      expect(analysis.tools.map((t) => t.file)).toEqual([...paths].sort());
      const byPath = new Map(analysis.tools.map((t) => [t.file, t]));
      capture.tools.forEach((raw, i) => {
        const tool = byPath.get(paths[i]!)!;
        expect(hashTool(tool.wire), `${file} ${String(raw.name)}`).toEqual(thirdParty(raw));
      });
      // The lock of the whole server survives render and parse unchanged.
      const names = new Set(capture.tools.map((t) => t.name));
      if (names.size === capture.tools.length) {
        const lock = buildLock({ tools: analysis.tools, files: [], inputs: new Map(), version: "0.1.0" });
        expect(Object.keys(lock.tools)).toHaveLength(capture.tools.length);
        expect(parseLock(renderLock(lock), "mcp-tools.lock.json")).toEqual({ value: lock, diagnostics: [] });
      }
    });
  }
});

describe("corpus/bench: 1,223 generated tools", () => {
  it("hash like the independent recomputation", () => {
    const capture = JSON.parse(readFileSync(corpusPath("bench/github-rest-tools.json"), "utf8")) as Capture;
    for (const raw of capture.tools) expect(hashTool(raw as never), String(raw.name)).toEqual(thirdParty(raw));
  });
});
