// The drift reporter's memory: what it keeps about drifts it reported stays bounded, however many
// different drifts a server makes (it can list another text each time, and have the proxy list again).
import { describe, expect, it } from "vitest";
import { parseLock } from "../../src/lock/parse-lock.js";
import { DriftReporter } from "../../src/proxy/drift-reporter.js";
import type { ToolVerdict } from "../../src/proxy/tool-gate.js";
import { lockText } from "../support/proxy-harness.js";
import { CONTEXT_COMMANDS } from "./session-wire.js";

describe("DriftReporter", () => {
  it("remembers the newest 4096 hashes it reported: one older than those is reported again", () => {
    const lock = parseLock(lockText([]), "mcp-tools.lock.json").value!;
    const stderr: string[] = [];
    const reporter = new DriftReporter(
      { lockPath: "mcp-tools.lock.json", lock, ...CONTEXT_COMMANDS },
      { stderr: (t) => void stderr.push(t), log: () => undefined, now: () => "2026-01-01T00:00:00.000Z" },
    );
    const tool = { name: "x", description: "New.", inputSchema: { type: "object" } };
    const verdict = (n: number): ToolVerdict => ({ name: "x", sha256: `sha-${n}`, status: "added", parts: [], forwarded: false });
    for (let n = 0; n <= 4096; n++) reporter.verdicts([verdict(n)], [tool]);
    expect(stderr).toHaveLength(4097);
    // 0 was forgotten to make room for 4096; 4096 is still known.
    reporter.verdicts([verdict(4096)], [tool]);
    expect(stderr).toHaveLength(4097);
    reporter.verdicts([verdict(0)], [tool]);
    expect(stderr).toHaveLength(4098);
  });
});
