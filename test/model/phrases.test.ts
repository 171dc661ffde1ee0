// Words for messages (src/model/phrases.ts). groupDigits stands in for toLocaleString("en-US") on
// every count mcp-gen prints, so it is checked against it (the oracle) over every digit length.
import { describe, expect, it } from "vitest";
import { groupDigits } from "../../src/model/phrases.js";

describe("groupDigits", () => {
  it("groups digits as toLocaleString('en-US') does, for every length of safe integer and both signs", () => {
    const values = [0, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
    for (let digits = 1; digits <= 15; digits++) {
      const low = 10 ** (digits - 1);
      for (const n of [low, low + 7, 10 ** digits - 1]) values.push(n, -n);
    }
    for (const n of values) expect(groupDigits(n), String(n)).toBe(n.toLocaleString("en-US"));
  });

  it("prints other numbers as String does", () => {
    expect(groupDigits(1.5)).toBe("1.5");
    expect(groupDigits(Number.NaN)).toBe("NaN");
    expect(groupDigits(2 ** 60)).toBe(String(2 ** 60));
  });
});
