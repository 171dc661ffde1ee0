import { describe, expect, it } from "vitest";
import { groupDigits } from "../../src/model/phrases.js";

describe("groupDigits", () => {
  it("groups digits in threes as en-US does, whatever the length", () => {
    for (const n of [0, 7, 12, 123, 1223, 12345, 123456, 1234567, 10000, 1000000, -1223, -12, Number.MAX_SAFE_INTEGER]) {
      expect(groupDigits(n)).toBe(n.toLocaleString("en-US"));
    }
  });

  it("falls back to en-US formatting for what is not a safe integer", () => {
    expect(groupDigits(1234.5)).toBe("1,234.5");
  });
});
