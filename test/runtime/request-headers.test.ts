// The raw header lines of a Node request, before anything joins them: an MCP header on two lines is
// refused, whatever its case, and nothing else is.
import { describe, expect, it } from "vitest";
import { duplicateMcpHeaderValidation, normalizeHeaders, repeatedMcpHeader } from "../../packages/runtime/src/request-headers.js";

describe("repeatedMcpHeader", () => {
  it("names the second line of an MCP header, in any case, and ignores other repeated fields", () => {
    expect(repeatedMcpHeader(["Mcp-Param-Region", "a", "Accept", "x", "mcp-param-region", "b"])).toBe("mcp-param-region");
    expect(repeatedMcpHeader(["MCP-Protocol-Version", "2025-11-25", "Mcp-Protocol-Version", "2026-07-28"])).toBe("Mcp-Protocol-Version");
    expect(repeatedMcpHeader(["Accept", "a", "Accept", "b", "Mcp-Name", "x", "Mcp-Method", "tools/call", "Mcp-Param-A", "1", "Mcp-Param-B", "1"])).toBeUndefined();
    // "Mcp-" alone is no MCP header name.
    expect(repeatedMcpHeader(["Mcp-", "a", "mcp-", "b"])).toBeUndefined();
  });
});

describe("normalizeHeaders", () => {
  it("refuses an MCP header given as two values or under two spellings, and joins any other field", () => {
    expect(normalizeHeaders({ "Mcp-Name": ["a", "b"] })).toMatchObject({ ok: false, error: { code: -32020, data: { header: "Mcp-Name" } } });
    expect(
      normalizeHeaders(
        new Map([
          ["Mcp-Name", "a"],
          ["MCP-NAME", "a"],
        ]),
      ),
    ).toMatchObject({ ok: false, error: { data: { header: "MCP-NAME" } } });
    const joined = normalizeHeaders({ Accept: ["a ", " b"], "Mcp-Name": " x " });
    expect(joined.ok && [...joined.map]).toEqual([
      ["accept", "a, b"],
      ["mcp-name", "x"],
    ]);
  });
});

describe("duplicateMcpHeaderValidation", () => {
  it("answers 400 with -32020 and stops the request, or lets it through untouched", () => {
    const check = duplicateMcpHeaderValidation();
    const written: unknown[] = [];
    const res = { writeHead: (status: number, headers: Record<string, string>) => written.push(status, headers), end: (body: string) => written.push(JSON.parse(body)) };
    expect(check({ rawHeaders: ["Mcp-Param-Region", "a", "Mcp-Param-Region", "b"] }, res)).toBe(false);
    expect(written).toEqual([
      400,
      { "content-type": "application/json", connection: "close" },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32020, message: "Header mismatch: the Mcp-Param-Region header is sent more than once; an MCP header may appear on one line only.", data: { header: "Mcp-Param-Region" } },
      },
    ]);
    written.length = 0;
    expect(check({ rawHeaders: ["Mcp-Param-Region", "a", "Accept", "b"] }, res)).toBe(true);
    expect(written).toEqual([]);
  });
});
