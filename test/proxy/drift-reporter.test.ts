// The drift reporter's memory: what it keeps about drifts it reported stays bounded, however many
// different drifts a server makes (it can list another text each time, and have the proxy list again),
// and however large each tool (the heap is measured after a forced garbage collection).
// And what it writes on stderr, which hosts keep in their log: a server's text there (a tool's name, a
// property's name, a description) never prints a line of its own or an escape sequence.
import { describe, expect, it } from "vitest";
import { parseLock } from "../../src/lock/parse-lock.js";
import { DriftReporter } from "../../src/proxy/drift-reporter.js";
import type { ToolVerdict } from "../../src/proxy/tool-gate.js";
import { liveHeapBytes } from "../support/live-heap.js";
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

describe("DriftReporter.missing", () => {
  it("reports a pinned tool a complete list left out once while it stays away, and again when it goes after coming back", () => {
    const lock = parseLock(lockText([]), "mcp-tools.lock.json").value!;
    const stderr: string[] = [];
    const reporter = new DriftReporter(
      { lockPath: "mcp-tools.lock.json", lock, ...CONTEXT_COMMANDS },
      { stderr: (t) => void stderr.push(t), log: () => undefined, now: () => "2026-01-01T00:00:00.000Z" },
    );
    reporter.missing(["echo"]);
    reporter.missing(["echo"]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).toContain('the server did not list the tool "echo"');
    // Listed again (a complete list leaves nothing out), then gone again: said again.
    reporter.missing([]);
    reporter.missing(["echo", "add"]);
    expect(stderr).toHaveLength(3);
    expect(stderr.slice(1).map((line) => /tool "(\w+)"/.exec(line)![1])).toEqual(["echo", "add"]);
  });
});

const MB = 1024 * 1024;

describe("DriftReporter and megabyte-sized tools", () => {
  /** Reports `count` drifts of tools made by `tool`, each once, stderr and log thrown away: the bytes of the heap the reporter then holds. */
  function heldAfter(count: number, tool: (i: number) => { name: string; description: string; inputSchema: { type: string } }): number {
    const lock = parseLock(lockText([]), "mcp-tools.lock.json").value!;
    const reporter = new DriftReporter({ lockPath: "mcp-tools.lock.json", lock, ...CONTEXT_COMMANDS }, { stderr: () => undefined, log: () => undefined, now: () => "2026-01-01T00:00:00.000Z" });
    const before = liveHeapBytes();
    for (let i = 0; i < count; i++) {
      const listed = tool(i);
      reporter.verdicts([{ name: listed.name, sha256: `sha-${i}`, status: "added", parts: [], forwarded: false }], [listed]);
    }
    const held = liveHeapBytes() - before;
    // The 64 newest notices wait for the host still, each naming its tool cut short.
    const notices = reporter.takeHostNotices();
    expect(notices).toHaveLength(64);
    expect(notices[63]!.length).toBeLessThan(2000);
    return held;
  }

  it("keeps the 64 notices for the host without their diff: 100 new tools with a 1 MB description hold under 4 MB", () => {
    // Before, each kept notice held the whole diff (the new description in full).
    expect(heldAfter(100, (i) => ({ name: `big_${i}`, description: String(i % 10).repeat(MB), inputSchema: { type: "object" } }))).toBeLessThan(4 * MB);
  });

  it("remembers a reported tool by its hash, not its name: 200 tools with a 512 KB name hold under 4 MB", () => {
    // Before, each of the 4,096 hashes remembered was kept with the tool's name.
    expect(heldAfter(200, (i) => ({ name: `${"n".repeat(512 * 1024)}${i}`, description: "New.", inputSchema: { type: "object" } }))).toBeLessThan(4 * MB);
  });
});

describe("DriftReporter and a hostile server's text on stderr", () => {
  it("each report is the lines it means: a tool's name, a property's name and the lines of a description show their control characters as <U+...>", () => {
    const echo = { name: "echo", description: "Echoes its input.", inputSchema: { type: "object", properties: { text: { type: "string" } } } };
    const lock = parseLock(lockText([echo]), "mcp-tools.lock.json").value!;
    const stderr: string[] = [];
    const reporter = new DriftReporter(
      { lockPath: "mcp-tools.lock.json", lock, ...CONTEXT_COMMANDS },
      { stderr: (t) => void stderr.push(t), log: () => undefined, now: () => "2026-01-01T00:00:00.000Z" },
    );
    const drifted = {
      ...echo,
      description: "Echoes its input.\u001b[2J\r\n::error file=README.md::pwned\u2028too",
      inputSchema: { type: "object", properties: { text: { type: "string" }, "c\n::error::property": { type: "number" } } },
    };
    const added = { name: "new\n::error::name\u001b]0;t\u0007", description: "New.\n::notice::two", inputSchema: { type: "object" } };
    reporter.verdicts(
      [
        { name: "echo", sha256: "sha-1", status: "changed", parts: ["description", "inputSchema"], forwarded: false },
        { name: added.name, sha256: "sha-2", status: "added", parts: [], forwarded: false },
      ],
      [drifted, added],
    );
    reporter.missing(["gone\n::error::missing"]);
    reporter.refused("x\n::error::refused", "it was withheld\n::error::because");
    reporter.problem("the server wrote a line that is not JSON-RPC: \u001b[2J\n::error::problem");
    const text = stderr.join("");
    expect(text).not.toMatch(/^\s*::/m);
    expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
    expect(text.split("\n")).toEqual(
      expect.arrayContaining([
        "      +Echoes its input.<U+001B>[2J<U+000D>",
        "      +::error file=README.md::pwned<U+2028>too",
        "new<U+000A>::error::name<U+001B>]0;t<U+0007>",
        "      +::notice::two",
        "mcp-gen proxy: the server wrote a line that is not JSON-RPC: <U+001B>[2J<U+000A>::error::problem",
        'mcp-gen proxy: refused a tools/call of "x<U+000A>::error::refused": it was withheld<U+000A>::error::because',
      ]),
    );
  });
});
