// What a server's text of any length makes the session hold, measured on the heap after a forced
// garbage collection: the ids of its own requests (waiting for the host, or cancelled) are kept by a
// digest when long, and a listing the host walks no further than its first page is kept by digests of
// its cursor and page, with its names within a bound of characters. Before, each kept the text whole:
// a server could make the proxy hold 1,024 ids and 64 cursors and pages of up to 10 MB each.
import { describe, expect, it } from "vitest";
import { liveHeapBytes } from "../support/live-heap.js";
import { ADD, ECHO } from "../support/proxy-harness.js";
import { type Wire, wire } from "./session-wire.js";

const MB = 1024 * 1024;
const request = (id: number, method: string, params: object = {}) => JSON.stringify({ jsonrpc: "2.0", id, method, params });

/** Forgets what the scripted ends recorded (they keep every text), so that the heap shows the session's own. */
function dropRecords(w: Wire): void {
  w.host.sent.length = 0;
  w.server.received.length = 0;
  w.stderr.length = 0;
  w.log.length = 0;
}

describe("a server's requests under ids of a megabyte", () => {
  it("are remembered by a digest: 100 of them, cancelled by the server, hold under 8 MB, and the host's late answer is still dropped quietly", async () => {
    const w = await wire([ECHO]);
    const id = (i: number) => `${String(i % 10).repeat(MB)}${i}`;
    const before = liveHeapBytes();
    for (let i = 0; i < 100; i++) {
      w.fromServer({ jsonrpc: "2.0", id: id(i), method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } });
      w.fromServer({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: id(i) } });
    }
    dropRecords(w);
    expect(liveHeapBytes() - before).toBeLessThan(8 * MB);
    // The host answers one the server cancelled: a routine race, dropped without a report.
    w.session.fromHost(JSON.stringify({ jsonrpc: "2.0", id: id(99), result: {} }));
    expect(w.server.received).toEqual([]);
    expect(w.stderr).toEqual([]);
    // One still waiting gets the host's answer.
    w.fromServer({ jsonrpc: "2.0", id: id(100), method: "sampling/createMessage", params: { messages: [], maxTokens: 5 } });
    w.session.fromHost(JSON.stringify({ jsonrpc: "2.0", id: id(100), result: {} }));
    expect(w.server.received).toHaveLength(1);
  });
});

describe("listings the host walks no further than their first page", () => {
  it("are kept by digests of cursor and page, their names within 16 Mi characters: 40 pages of 2 MB hold under 32 MB, and the newest is followed still", async () => {
    const w = await wire([ECHO, ADD]);
    const cursor = (i: number) => `${"c".repeat(MB / 2)}${i}`;
    const before = liveHeapBytes();
    for (let i = 0; i < 40; i++) {
      w.session.fromHost(request(i + 1, "tools/list"));
      const tool = { name: `${"n".repeat(MB)}${i}`, description: String(i % 10).repeat(MB / 2), inputSchema: { type: "object" } };
      w.fromServer({ jsonrpc: "2.0", id: w.lastRequest().id, result: { tools: [tool], nextCursor: cursor(i) } });
    }
    dropRecords(w);
    expect(liveHeapBytes() - before).toBeLessThan(32 * MB);
    // The oldest walk was let go: its last page completes no listing. The newest does: add, which it
    // does not show, is reported missing then, and only then.
    for (const i of [0, 39]) {
      w.session.fromHost(request(100 + i, "tools/list", { cursor: cursor(i) }));
      w.fromServer({ jsonrpc: "2.0", id: w.lastRequest().id, result: { tools: [ECHO] } });
      expect(w.stderr.some((line) => line.includes('did not list the tool "add"'))).toBe(i === 39);
    }
  });
});
