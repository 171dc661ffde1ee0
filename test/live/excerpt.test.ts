// A line a server sent is quoted in problems that reach JSON and SARIF reports as they are: what the
// server hid in it (bidi controls, U+2028, zero-width characters) is shown, not honoured.
import { expect, it } from "vitest";
import { excerpt } from "../../src/live/server-process.js";

it("shows a server line's invisible characters as <U+...> and escapes its control characters", () => {
  expect(excerpt("ok\u202Eevil\u2028::error::x\u200B\n")).toBe('"ok<U+202E>evil<U+2028>::error::x<U+200B>\\n"');
});

it("cuts a long line at 120 characters", () => {
  const quoted = excerpt("a".repeat(300));
  expect(JSON.parse(quoted)).toBe(`${"a".repeat(119)}…`);
});
