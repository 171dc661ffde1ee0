// What the proxy tells a host and its operator about a tool it did not match: the words, not the
// wire (the sessions' tests check where each goes).
import { describe, expect, it } from "vitest";
import { partList, type LockFile } from "../../src/model/lock.js";
import { driftNotice, MAX_NOTICE_DIFF_CHARS, noticeText, refusalMessage, type DriftContext } from "../../src/proxy/drift-notice.js";
import type { ToolVerdict } from "../../src/proxy/tool-gate.js";

const lock: LockFile = { lockfileVersion: 1, generator: { name: "mcp-gen", version: "0.1.0" }, specRevision: "2026-07-28", tools: {}, inputs: {}, files: {}, packageJson: {} };
const context: DriftContext = {
  lockPath: "mcp-tools.lock.json",
  lock,
  verifyCommand: "mcp-gen verify --cwd /p --url http://127.0.0.1:9/mcp",
  updateCommand: "mcp-gen import --update --cwd /p --url http://127.0.0.1:9/mcp",
};
const changed = (parts: ToolVerdict["parts"]): ToolVerdict => ({ name: "run", sha256: "0".repeat(64), status: "changed", parts, forwarded: false });

describe("the proxy's refusals and notices", () => {
  it("tell a call of a name no listing showed that there is no such tool, without asking to review or pin one", () => {
    const message = refusalMessage("ghost", undefined, context);
    expect(message).toBe(
      'mcp-gen proxy refused a call of "ghost": no tools/list answer through the proxy has shown a tool by that name, so it cannot be checked against the lock. List the tools to see those the server offers.',
    );
    expect(message).not.toContain("import --update");
  });

  it("carry at most MAX_NOTICE_DIFF_CHARS of a diff to stderr and --log, cut after a whole line, and say where the rest is", () => {
    const added: ToolVerdict = { name: "big", sha256: "1".repeat(64), status: "added", parts: [], forwarded: false };
    const lines = Array.from({ length: 40_000 }, (_, i) => `line ${i} of a description a server made long`).join("\n");
    for (const description of [lines, "x".repeat(1_000_000)]) {
      const notice = driftNotice(added, { name: "big", description, inputSchema: { type: "object" } }, context);
      expect(notice.diff.length).toBeLessThan(MAX_NOTICE_DIFF_CHARS + 200);
      expect(notice.diff).toMatch(/\n {2}… \d+ more characters of the diff: `mcp-gen verify --cwd \/p --url http:\/\/127\.0\.0\.1:9\/mcp` shows it whole\.\n$/);
      expect(noticeText(notice).length).toBeLessThan(MAX_NOTICE_DIFF_CHARS + 1000);
    }
    const short = driftNotice(added, { name: "big", description: "Short.", inputSchema: { type: "object" } }, context);
    expect(short.diff).toContain("Short.");
    expect(short.diff).not.toContain("more characters of the diff");
  });

  it("name the lock's `other` part as the fields it stands for", () => {
    expect(partList(["description", "other"])).toBe("description, other top-level fields");
    expect(refusalMessage("run", changed(["other"]), context)).toContain('withheld the tool "run": its other top-level fields changed since mcp-tools.lock.json pinned it.');
    expect(driftNotice(changed(["inputSchema", "other"]), { name: "run", execution: { taskSupport: "optional" } }, context).headline).toBe(
      'withheld the tool "run": its inputSchema, other top-level fields changed since mcp-tools.lock.json pinned it.',
    );
  });
});
