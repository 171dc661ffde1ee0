// The proxy's reader of `text/event-stream` answers (src/proxy/sse-parser.ts), fed in pieces as a
// socket delivers them: events split anywhere, every line end the format allows, an event past the
// size limit dropped and reported with the size it had reached, and what resuming the stream takes
// (the last event id, the server's `retry`).
import { describe, expect, it } from "vitest";
import { SseParser, type SseEvent } from "../../src/proxy/sse-parser.js";

function parse(chunks: readonly string[], maxBytes = 1024): { events: SseEvent[]; oversize: number[]; lastEventId: string | undefined; reconnectionMs: number | undefined } {
  const events: SseEvent[] = [];
  const oversize: number[] = [];
  const parser = new SseParser(maxBytes, { event: (event) => void events.push(event), oversize: (bytes) => void oversize.push(bytes) });
  for (const chunk of chunks) parser.push(chunk);
  return { events, oversize, lastEventId: parser.lastEventId, reconnectionMs: parser.reconnectionMs };
}

describe("SseParser", () => {
  it("joins data lines, takes every line end, and gives the same events however the text is cut", () => {
    const text = ': comment\r\nevent: message\r\ndata: {"a":\r\ndata: 1}\r\nid: 7\r\n\r\ndata: two\rdata: lines\r\rdata: three\n\n';
    const whole = parse([text]);
    expect(whole.events).toEqual([
      { event: "message", data: '{"a":\n1}', id: "7" },
      { event: "message", data: "two\nlines", id: "7" },
      { event: "message", data: "three", id: "7" },
    ]);
    for (let cut = 1; cut < text.length; cut++) expect(parse([text.slice(0, cut), text.slice(cut)]).events, `cut at ${cut}`).toEqual(whole.events);
    expect(parse([...text]).events).toEqual(whole.events);
  });

  it("drops an event past the limit and reports the size it reached, for data lines and for a line that never ends", () => {
    const long = parse([`data: ${"x".repeat(600)}\ndata: ${"y".repeat(600)}\n\ndata: ok\n\n`]);
    expect(long.events.map((e) => e.data)).toEqual(["ok"]);
    expect(long.oversize).toEqual([1202]);
    const endless = parse([`data: ${"z".repeat(700)}`, "z".repeat(700)]);
    expect(endless.events).toEqual([]);
    expect(endless.oversize).toHaveLength(1);
    expect(endless.oversize[0]).toBeGreaterThan(1024);
  });

  it("keeps the last event id of a dispatched event, a priming event without data included, and the newest retry made of digits", () => {
    // The SDK v1's priming event: an id, a retry, empty data.
    const primed = parse(["id: abc_1\nretry: 100\ndata: \n\n"]);
    expect(primed.lastEventId).toBe("abc_1");
    expect(primed.reconnectionMs).toBe(100);
    expect(parse(["id: 1\n\nid: 2\ndata: x\n\nid: 3\n"]).lastEventId).toBe("2");
    expect(parse(["id: 1\ndata: x\n\nid\ndata: y\n\n"]).lastEventId).toBeUndefined();
    expect(parse(["retry: 250\nretry: 1.5\nretry: -3\nretry: 9x\n\n"]).reconnectionMs).toBe(250);
    expect(parse(["data: x\n\n"])).toMatchObject({ lastEventId: undefined, reconnectionMs: undefined });
  });
});
