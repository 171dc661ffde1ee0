// readLine's problems quote what the other side sent, cut short: the problem goes back over the wire
// as the error's message (which a host shows and its model reads) and to stderr. Whatever the quoted
// text holds, it stays one line of visible characters: control characters, bidi controls, U+2028 and
// U+2029 (which a renderer may break a line at) show as <U+...>.
import { describe, expect, it } from "vitest";
import { readLine } from "../../src/proxy/read-message.js";

function problemOf(text: string): string {
  const read = readLine(text);
  if (read.kind !== "single" || read.item.ok) throw new Error(`readLine read ${JSON.stringify(text)}`);
  return read.item.unreadable.problem;
}

describe("readLine's quotes of what it cannot read", () => {
  it("shows U+2028, U+2029 and bidi controls in a line that is not JSON", () => {
    expect(problemOf("not json\u2028::error::x\u202e\u001b[2J\u2029end")).toBe('It is not JSON: "not json<U+2028>::error::x<U+202E><U+001B>[2J<U+2029>end"');
  });

  it("shows them in a repeated key and in the pointer to it", () => {
    const key = "name\u2028::warning::x";
    expect(problemOf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"a\u2029b":{"${key}":1,"${key}":2}}}`)).toBe(
      'It repeats the key "name<U+2028>::warning::x" in /params/a<U+2029>b; readers disagree on which value counts.',
    );
  });

  it("shows them in keys a reader that ignores case takes for one", () => {
    expect(problemOf('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name\u2028":"a","NAME\u2028":"b"}}')).toMatch(/^It writes the keys "name<U\+2028>" and "NAME<U\+2028>" in \/params, /);
  });
});
