// MessageFrames: the protocol's byte stream, in chunks cut anywhere, into messages' content and
// problems. Each input is fed whole, byte by byte, and in every two-piece cut: the frames must not
// depend on where the chunks end.
import { describe, expect, it } from "vitest";
import { type Frame, MAX_CONTENT_BYTES, MessageFrames } from "../../src/lsp/message-frames.js";

const message = (text: string, header = "Content-Length") => `${header}: ${Buffer.byteLength(text)}\r\n\r\n${text}`;

/** The frames of `input` as `chunks` of it come, content as UTF-8 text. */
function framesOf(chunks: readonly Buffer[], frames = new MessageFrames()): Array<{ content: string } | { problem: string }> {
  return chunks.flatMap((chunk) => frames.push(chunk)).map((frame: Frame) => ("content" in frame ? { content: frame.content.toString("utf8") } : frame));
}

/** The same frames however `input` is cut: whole, byte by byte, and at each point in two. */
function sameFramesEveryCut(input: string | Buffer): Array<{ content: string } | { problem: string }> {
  const bytes = typeof input === "string" ? Buffer.from(input, "utf8") : input;
  const whole = framesOf([bytes]);
  expect(framesOf([...bytes].map((byte) => Buffer.from([byte])))).toEqual(whole);
  for (let cut = 1; cut < bytes.length; cut++) expect(framesOf([bytes.subarray(0, cut), bytes.subarray(cut)]), `cut at ${cut}`).toEqual(whole);
  return whole;
}

describe("MessageFrames", () => {
  it("reads several messages in one chunk, or in chunks cut anywhere (headers, CRLF, content)", () => {
    const input = message('{"id":1}') + message('{"id":2}', "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\nContent-Length");
    expect(sameFramesEveryCut(input)).toEqual([{ content: '{"id":1}' }, { content: '{"id":2}' }]);
  });

  it("keeps a UTF-8 character cut between chunks whole (Content-Length counts bytes)", () => {
    const text = '{"text":"naïve 日本 🙂"}';
    expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    expect(sameFramesEveryCut(message(text) + message("{}"))).toEqual([{ content: text }, { content: "{}" }]);
  });

  it("reads Content-Length in any case, with any spacing, and lines ended by LF alone", () => {
    const input = 'content-length:2\r\n\r\n{}CONTENT-LENGTH:   3  \r\n\r\n[1]Content-Length: 4\n\n"ab"';
    expect(sameFramesEveryCut(input)).toEqual([{ content: "{}" }, { content: "[1]" }, { content: '"ab"' }]);
  });

  it("passes over blank lines between messages", () => {
    expect(sameFramesEveryCut(`\r\n${message("{}")}\r\n\n${message("[]")}`)).toEqual([{ content: "{}" }, { content: "[]" }]);
  });

  it("drops a header block without a usable Content-Length, with one problem each, and reads the next message", () => {
    const bad = [
      "Content-Type: x\r\n\r\n",
      "Content-Length: -5\r\n\r\n",
      "Content-Length: abc\r\n\r\n",
      "Content-Length: 1.5\r\n\r\n",
      "garbage\r\n\r\n",
      "Content-Length: 2\r\nContent-Length: 3\r\n\r\n",
    ];
    const frames = sameFramesEveryCut(bad.join("") + message('{"id":1}'));
    expect(frames.slice(-1)).toEqual([{ content: '{"id":1}' }]);
    expect(frames.slice(0, -1).map((frame) => ("problem" in frame ? frame.problem : "content"))).toEqual([
      'a header block without Content-Length ("Content-Type: x"); dropped',
      'Content-Length "-5" is not a number of bytes; header block dropped',
      'Content-Length "abc" is not a number of bytes; header block dropped',
      'Content-Length "1.5" is not a number of bytes; header block dropped',
      'header line "garbage" is not "Name: value"; header block dropped',
      'two different Content-Length headers, "2" and "3"; header block dropped',
    ]);
  });

  it("after a dropped header block with content after it, finds the next message where its Content-Length starts", () => {
    // The dropped block's content runs on into the next header line: "{...}Content-Length: 8".
    const bodies = ['{"id":"x"}', '{"text":"Content-Length: 5"}'];
    const bad = [
      `Content-Length: abc\r\n\r\n${bodies[0]}`,
      `Content-Type: x\r\n\r\n${bodies[1]}`,
      `Content-Length: 2\r\nContent-Length: 3\r\n\r\n${bodies[0]}`,
      `Content-Length: 2.0\r\n\r\n${bodies[1]}`,
      // Content over several lines, a line of its own, one that looks like a header.
      'Content-Length: x\r\n\r\n{\r\n  "id": "x",\r\n  "a": [1, 2]\r\n}\r\n',
      "Content-Length: x\r\n\r\n[1,2]\r\n",
      "Content-Length: x\r\n\r\nhello: world ",
    ];
    for (const block of bad) {
      const frames = sameFramesEveryCut(block + message('{"id":1}') + message('{"id":2}'));
      expect(
        frames.filter((frame) => "content" in frame),
        block,
      ).toEqual([{ content: '{"id":1}' }, { content: '{"id":2}' }]);
      expect(frames.filter((frame) => "problem" in frame).length, block).toBeGreaterThan(0);
    }
    // The next block starts with Content-Type, and the dropped content holds "Content-Length:" in a string.
    const typed = (text: string) => `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n${message(text)}`;
    const frames = sameFramesEveryCut(`Content-Length: x\r\n\r\n{"a":"Content-Length: 3"}${typed('{"id":1}')}${typed('{"id":2}')}`);
    expect(frames.filter((frame) => "content" in frame)).toEqual([{ content: '{"id":1}' }, { content: '{"id":2}' }]);
  });

  it("counts off content over the limit as it comes, keeping none of it, then reads the next message", () => {
    const frames = new MessageFrames({ maxContentBytes: 1000, maxHeaderBytes: 100 });
    const announced = 50_000;
    expect(framesOf([Buffer.from(`Content-Length: ${announced}\r\n\r\n`)], frames)).toEqual([{ problem: "Content-Length 50000 is over the limit of 1000 bytes; its content is skipped" }]);
    const chunk = Buffer.alloc(999, "x");
    let sent = 0;
    while (sent + chunk.length < announced) {
      expect(framesOf([chunk], frames)).toEqual([]);
      sent += chunk.length;
      expect(frames.buffered).toBe(0);
    }
    // The rest of the skipped content and the next message, in one chunk.
    expect(framesOf([Buffer.concat([Buffer.alloc(announced - sent, "x"), Buffer.from(message('{"id":2}'))])], frames)).toEqual([{ content: '{"id":2}' }]);
    expect(frames.buffered).toBe(0);
  });

  it("keeps the content of a message under the limit until it is whole, and nothing after", () => {
    const frames = new MessageFrames();
    const text = `{"text":"${"y".repeat(100_000)}"}`;
    const input = Buffer.from(message(text));
    framesOf([input.subarray(0, 60_000)], frames);
    expect(frames.buffered).toBe(60_000 - (input.length - Buffer.byteLength(text)));
    expect(framesOf([input.subarray(60_000)], frames)).toEqual([{ content: text }]);
    expect(frames.buffered).toBe(0);
  });

  it("keeps a message of exactly the limit; the limit is 16 times the largest file the loader reads", () => {
    expect(MAX_CONTENT_BYTES).toBe(16 * 1024 * 1024);
    const frames = new MessageFrames({ maxContentBytes: 10, maxHeaderBytes: 100 });
    expect(framesOf([Buffer.from(message('"12345678"') + message('"123456789"') + message("{}"))], frames)).toEqual([
      { content: '"12345678"' },
      { problem: "Content-Length 11 is over the limit of 10 bytes; its content is skipped" },
      { content: "{}" },
    ]);
  });

  it("skips a header block over its limit up to its blank line, holding no more than the limit", () => {
    const frames = new MessageFrames({ maxContentBytes: 1000, maxHeaderBytes: 100 });
    const long = `X-Long: ${"z".repeat(10_000)}`;
    expect(framesOf([Buffer.from(long.slice(0, 5000))], frames)).toEqual([{ problem: "a header block longer than 100 bytes; skipped up to the blank line that ends it" }]);
    expect(frames.buffered).toBe(0);
    expect(framesOf([Buffer.from(`${long.slice(5000)}\r\nContent-Length: 2\r\n\r\n${message("{}")}`)], frames)).toEqual([{ content: "{}" }]);
    expect(frames.buffered).toBe(0);
  });

  it("reads an empty content as an empty message", () => {
    expect(sameFramesEveryCut(`Content-Length: 0\r\n\r\n${message("{}")}`)).toEqual([{ content: "" }, { content: "{}" }]);
  });
});
