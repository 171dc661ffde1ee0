// Both ends of the stdio framing: bytes → lines however they are chunked, and a message → exactly one
// line that means what the message meant.
import { describe, expect, it } from "vitest";
import { LineFramer, oneLine } from "../../src/proxy/frame-lines.js";

describe("oneLine", () => {
  it("writes a JSON text over several lines (LF or CRLF) as one line with the same value", () => {
    const value = { jsonrpc: "2.0", id: 1, result: { tools: [], note: "two\nlines\r\n", nested: { a: [1, 2] } } };
    for (const text of [JSON.stringify(value, null, 2), JSON.stringify(value, null, "\t").replace(/\n/g, "\r\n")]) {
      const line = oneLine(text);
      expect(line.endsWith("\n")).toBe(true);
      expect(line.slice(0, -1)).not.toMatch(/[\r\n]/);
      expect(JSON.parse(line)).toEqual(value);
    }
    expect(oneLine('{"id":1}')).toBe('{"id":1}\n');
  });

  it("gives the framer back one message per message", () => {
    const lines: string[] = [];
    const framer = new LineFramer(1024, { line: (text) => lines.push(text), oversize: () => undefined });
    framer.push(Buffer.from(oneLine('{"a":\n{"b":1}\n}') + oneLine('{"c":2}')));
    expect(lines.map((line) => JSON.parse(line))).toEqual([{ a: { b: 1 } }, { c: 2 }]);
  });
});
