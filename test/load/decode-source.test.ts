// Where a load-encoding error points: at the first bad byte, by line and column as every other
// diagnostic counts them (lines ended by \n, \r\n or a lone \r; columns in UTF-16 code units). It
// pointed at column 1 of the right line (of a line counted by \n only).
import { describe, expect, it } from "vitest";
import { decodeSource } from "../../src/load/decode-source.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...Buffer.from(part, "utf8")] : part)));

function position(input: Uint8Array) {
  const [diagnostic] = decodeSource("t.yaml", input, DEFAULT_LOAD_LIMITS).diagnostics;
  return { ruleId: diagnostic?.ruleId, line: diagnostic?.line, column: diagnostic?.column, message: diagnostic?.message };
}

describe("load-encoding's position", () => {
  it("is the first bad byte's line and column", () => {
    const input = bytes('{\n  "name": "zz",\n  "description": "bad ', [0xff], ' here"\n}\n');
    expect(position(input)).toEqual({ ruleId: "load-encoding", line: 3, column: 23, message: "t.yaml is not valid UTF-8: byte 40 starts an invalid sequence." });
  });

  it("counts columns in UTF-16 code units, as the other diagnostics do", () => {
    // 😀 is 4 bytes and 2 code units, é 2 bytes and 1 code unit.
    expect(position(bytes('a: "😀é', [0xc3, 0x28], '"\n'))).toMatchObject({ line: 1, column: 8 });
  });

  it("counts lines ended by \\r\\n and a lone \\r, and leaves a BOM out", () => {
    expect(position(bytes("a\r\nb\rc", [0xe9]))).toMatchObject({ line: 3, column: 2 });
    expect(position(bytes([0xef, 0xbb, 0xbf], "ab", [0x80]))).toMatchObject({ line: 1, column: 3 });
  });

  it("is where build's report points", async () => {
    const root = tempProject({ "tools/zz.json": bytes('{\n  "name": "zz",\n  "description": "bad ', [0xff], ' here",\n  "inputSchema": {"type": "object"}\n}\n') });
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("tools/zz.json:3:23 error load-encoding tools/zz.json is not valid UTF-8: byte 40 starts an invalid sequence.");
  });
});
