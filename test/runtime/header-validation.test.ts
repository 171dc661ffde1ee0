import type { IncomingHttpHeaders } from "node:http";
import { describe, expect, it } from "vitest";
import { findHeaderParams, type HeaderParam } from "../../packages/runtime/src/header-annotations.js";
import { validateLegacyHeaders, validateRequestHeaders, type HeaderValidationInput } from "../../packages/runtime/src/header-validation.js";
import { deepFreeze, loadVectors, type ToolVector, type ValidationCase, type VectorFile } from "./spec-vectors.js";

const vectors = loadVectors<VectorFile<ValidationCase> & { tools: Record<string, ToolVector> }>("header-validation.json");

const ERROR_CODES: Record<string, number> = { HeaderMismatch: -32020, UnsupportedProtocolVersion: -32022, InvalidParams: -32602 };

const registered = new Map<string, readonly HeaderParam[]>(
  Object.values(vectors.tools).map((tool) => {
    const { params, problems } = findHeaderParams(tool.inputSchema);
    if (problems.length > 0) throw new Error(`Vector tool ${tool.name} has invalid annotations: ${JSON.stringify(problems)}`);
    return [tool.name, deepFreeze(params)];
  }),
);

function validate(headers: HeaderValidationInput["headers"], body: unknown, extra: Partial<HeaderValidationInput> = {}) {
  return validateRequestHeaders({
    headers,
    body,
    headerParamsFor: (name) => registered.get(name),
    supportedVersions: ["2026-07-28"],
    ...extra,
  });
}

const okHeaders = deepFreeze({ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "execute_sql" });
const meta = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
function callBody(args: unknown, name = "execute_sql") {
  return deepFreeze({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { _meta: meta, name, arguments: args } });
}

describe("header-validation.json (T-HTTP-3..16, T-ENC-7, T-META-4, T-VER-1)", () => {
  it("holds the 47 cases the spec README announces", () => {
    expect(vectors.cases).toHaveLength(47);
  });

  for (const c of vectors.cases) {
    const expected = c.expected;
    const outcome = expected.outcome === "accept" ? "accept" : `reject ${expected.httpStatus} ${expected.errorName}`;
    it(`${c.id} ${outcome}: ${c.title}`, () => {
      if (c.tool !== undefined) expect(registered.has(c.tool)).toBe(true);
      // Same verdict whether the headers come as a plain record or as a Map with the vector's spelling.
      for (const headers of [c.request.headers, new Map(Object.entries(c.request.headers))]) {
        const result = validate(headers, c.request.body);
        if (expected.outcome === "accept") {
          expect(result).toEqual({ ok: true });
          continue;
        }
        expect(result.ok).toBe(false);
        if (result.ok) continue;
        expect(result.httpStatus).toBe(expected.httpStatus);
        expect(result.error.code).toBe(expected.jsonrpcErrorCode);
        expect(result.error.code).toBe(ERROR_CODES[expected.errorName ?? ""]);
        if (expected.errorData !== undefined) expect(result.error.data).toEqual(expected.errorData);
        expect(result.error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
      }
    });
  }
});

describe("validateRequestHeaders beyond the vectors", () => {
  it("takes Node's request headers as they are (type-level check)", () => {
    const fromNode: HeaderValidationInput["headers"] = {} as IncomingHttpHeaders;
    expect(validate(fromNode, callBody({}))).toMatchObject({ ok: false, error: { code: -32020 } });
  });

  it("quotes both values in a mismatch message, as the spec's example does", () => {
    const result = validate({ ...okHeaders, "Mcp-Name": "foo" }, callBody({}, "bar"));
    expect(result).toEqual({
      ok: false,
      httpStatus: 400,
      error: { code: -32020, message: 'Header mismatch: Mcp-Name header value "foo" does not match body value "bar".', data: { header: "Mcp-Name" } },
    });
  });

  it("sees HV-36 the way a real socket delivers it: UTF-8 octets read as Latin-1", () => {
    const result = validate({ ...okHeaders, "Mcp-Param-Region": "RÃ©gion" }, callBody({ query: "q", region: "Région" }));
    expect(result).toMatchObject({ ok: false, httpStatus: 400, error: { code: -32020 } });
  });

  it("refuses batches and non-request bodies, which could carry a call past the checks", () => {
    for (const body of [[callBody({ query: "q" })], null, "x", { jsonrpc: "2.0", id: 1, result: {} }]) {
      expect(validate(okHeaders, body)).toMatchObject({ ok: false, httpStatus: 400, error: { code: -32600 } });
    }
  });

  it("lets notifications through, since this revision sets no header rules for them (Appendix B item 13)", () => {
    expect(validate({}, { jsonrpc: "2.0", method: "notifications/cancelled", params: {} })).toEqual({ ok: true });
  });

  it("answers 404 with -32601 for a method the server does not implement (T-HTTP-6)", () => {
    const headers = { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "prompts/list" };
    const body = { jsonrpc: "2.0", id: 1, method: "prompts/list", params: { _meta: meta } };
    const result = validate(headers, body, { implementedMethods: ["tools/list", "tools/call", "server/discover"] });
    expect(result).toMatchObject({ ok: false, httpStatus: 404, error: { code: -32601 } });
  });

  it("checks Mcp-Name against params.uri on resources/read and decodes it first", () => {
    const uri = "file:///ré sumé.txt";
    const body = { jsonrpc: "2.0", id: 1, method: "resources/read", params: { _meta: meta, uri } };
    const headers = { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "resources/read", "Mcp-Name": "=?base64?ZmlsZTovLy9yw6kgc3Vtw6kudHh0?=" };
    expect(validate(headers, body)).toEqual({ ok: true });
    expect(validate({ ...headers, "Mcp-Name": "file:///other" }, body)).toMatchObject({ ok: false, error: { code: -32020 } });
  });

  it("combines repeated header fields, so a second value cannot hide behind the first", () => {
    const headers = { ...okHeaders, "mcp-param-region": ["us-west1", "us-east1"] };
    expect(validate(headers, callBody({ query: "q", region: "us-west1" }))).toMatchObject({ ok: false, error: { code: -32020 } });
    const twice = new Map([...Object.entries(okHeaders), ["Mcp-Param-Region", "us-west1"], ["MCP-PARAM-REGION", "us-west1"]]);
    expect(validate(twice, callBody({ query: "q", region: "us-west1" }))).toMatchObject({ ok: false, error: { code: -32020 } });
  });

  it("skips header params for a tool the server does not know, leaving -32602 to the SDK", () => {
    const headers = { ...okHeaders, "Mcp-Name": "nope" };
    expect(validate(headers, callBody({ region: "x" }, "nope"))).toEqual({ ok: true });
  });

  it("answers -32602 when a mirrored argument is an object or array, since no client can mirror it", () => {
    const result = validate(okHeaders, callBody({ query: "q", region: { name: "x" } }));
    expect(result).toMatchObject({ ok: false, httpStatus: 400, error: { code: -32602 } });
  });

  it("compares integers numerically, and never numbers against non-numeric text (T-HTTP-16)", () => {
    const headers = { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "list_items" };
    const body = (limit: unknown) => callBody({ limit }, "list_items");
    for (const text of ["42", "42.0", "042", "4.2e1", "=?base64?NDI=?="]) {
      expect(validate({ ...headers, "Mcp-Param-Limit": text }, body(42)), text).toEqual({ ok: true });
    }
    for (const text of ["0x2A", "42abc", "", "+42", "42.", "Infinity"]) {
      expect(validate({ ...headers, "Mcp-Param-Limit": text }, body(42)), text).toMatchObject({ ok: false, error: { code: -32020 } });
    }
  });

  it("reads arguments by own properties only", () => {
    const args = Object.create({ region: "us-west1" }) as Record<string, unknown>;
    args["query"] = "q";
    expect(validate(okHeaders, callBody(args))).toEqual({ ok: true });
  });

  it("wants _meta on every request (T-META-4)", () => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    expect(validate({ "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/list" }, body)).toMatchObject({
      ok: false,
      httpStatus: 400,
      error: { code: -32602 },
    });
  });
});

describe("validateLegacyHeaders: a 2025-era request may omit every header, but one it carries must agree", () => {
  function validateLegacy(headers: HeaderValidationInput["headers"], body: unknown) {
    return validateLegacyHeaders({ headers, body, headerParamsFor: (name) => registered.get(name) });
  }

  /** A vector's request as a 2025-era client would send it: no _meta envelope, no MCP-Protocol-Version. */
  function asLegacy(c: ValidationCase): { headers: Record<string, string>; body: unknown } {
    const headers = Object.fromEntries(Object.entries(c.request.headers).filter(([name]) => name.toLowerCase() !== "mcp-protocol-version"));
    const body = c.request.body as { params?: Record<string, unknown> };
    const params = body.params === undefined ? undefined : Object.fromEntries(Object.entries(body.params).filter(([key]) => key !== "_meta"));
    return { headers, body: { ...body, ...(params ? { params } : {}) } };
  }

  for (const c of vectors.cases) {
    it(`${c.id}: the same verdict on each header that is present, none for one that is missing`, () => {
      const modern = validate(c.request.headers, c.request.body);
      const legacy = asLegacy(c);
      const result = validateLegacy(legacy.headers, legacy.body);
      // Faults a 2025-era request cannot have: a missing header, the version header, the envelope.
      const legacyFault = !modern.ok && modern.error.code !== -32022 && !/is missing|MCP-Protocol-Version|_meta/.test(modern.error.message);
      if (!legacyFault) expect(result).toEqual({ ok: true });
      else expect(result).toEqual(modern);
    });
  }

  it("refuses the downgrade that skipped every check: another Mcp-Name and Mcp-Param-Region than the body's", () => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "execute_sql", arguments: { query: "q", region: "us-west1" } } };
    expect(validateLegacy({ "Mcp-Name": "other" }, body)).toMatchObject({ ok: false, httpStatus: 400, error: { code: -32020, data: { header: "Mcp-Name" } } });
    expect(validateLegacy({ "Mcp-Param-Region": "eu-west1" }, body)).toMatchObject({ ok: false, httpStatus: 400, error: { code: -32020, data: { header: "Mcp-Param-Region" } } });
    expect(validateLegacy({ "mcp-method": "tools/list" }, body)).toMatchObject({ ok: false, error: { code: -32020 } });
    expect(validateLegacy({}, body)).toEqual({ ok: true });
  });

  it("refuses a mirror header on a body it cannot be checked against (a batch, a response), and lets such bodies through without one", () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "execute_sql", arguments: { region: "us-west1" } } };
    for (const body of [[call], { jsonrpc: "2.0", id: 1, result: {} }, undefined]) {
      expect(validateLegacy({ "Mcp-Param-Region": "us-west1" }, body)).toMatchObject({ ok: false, error: { code: -32020, data: { header: "Mcp-Param-Region" } } });
      expect(validateLegacy({ "mcp-session-id": "s" }, body)).toEqual({ ok: true });
    }
  });

  it("checks the Mcp-Method of a notification in both eras", () => {
    const note = { jsonrpc: "2.0", method: "notifications/initialized" };
    expect(validateLegacy({ "Mcp-Method": "tools/call" }, note)).toMatchObject({ ok: false, error: { code: -32020 } });
    expect(validate({ "Mcp-Method": "tools/call" }, note)).toMatchObject({ ok: false, error: { code: -32020 } });
    expect(validate({ "Mcp-Method": "notifications/initialized" }, note)).toEqual({ ok: true });
  });
});

describe("repeated MCP headers and integers past 2^53 (both eras)", () => {
  const limitHeaders = { "MCP-Protocol-Version": "2026-07-28", "Mcp-Method": "tools/call", "Mcp-Name": "list_items" };

  it("refuses an MCP header given twice, even when its values joined equal the body value", () => {
    const body = callBody({ query: "q", region: "eu-west1, us-west1" });
    const expected = {
      ok: false,
      httpStatus: 400,
      error: { code: -32020, message: "Header mismatch: the Mcp-Param-Region header is sent more than once; an MCP header may appear on one line only.", data: { header: "Mcp-Param-Region" } },
    };
    expect(validate({ ...okHeaders, "Mcp-Param-Region": ["eu-west1", "us-west1"] }, body)).toEqual(expected);
    const legacyBody = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "execute_sql", arguments: { region: "eu-west1, us-west1" } } };
    expect(validateLegacyHeaders({ headers: { "Mcp-Param-Region": ["eu-west1", "us-west1"] }, body: legacyBody, headerParamsFor: (name) => registered.get(name) })).toEqual(expected);
    // One line whose value holds ", " is a value like any other (vector ENC-27).
    expect(validate({ ...okHeaders, "Mcp-Param-Region": "eu-west1, us-west1" }, body)).toEqual({ ok: true });
  });

  it("refuses a mirrored integer that JSON.parse rounded, and compares integer headers exactly", () => {
    const body = (limit: number) => callBody({ limit }, "list_items");
    // 9007199254740993 in the body reads as 9007199254740992, outside the safe range: refused whatever the header says.
    for (const header of ["9007199254740993", "9007199254740992"]) {
      // biome-ignore lint/correctness/noPrecisionLoss: the number a client means, which reaches the server as 2^53.
      expect(validate({ ...limitHeaders, "Mcp-Param-Limit": header }, body(9007199254740993))).toMatchObject({ ok: false, error: { code: -32602 } });
    }
    expect(validate({ ...limitHeaders, "Mcp-Param-Limit": "-9007199254740991" }, body(-9007199254740991))).toEqual({ ok: true });
    // A header that reads as the same double but names another number does not match.
    for (const header of ["9007199254740990.9", "9007199254740991.4", "90071992547409911e-1"]) {
      expect(validate({ ...limitHeaders, "Mcp-Param-Limit": header }, body(9007199254740991)), header).toMatchObject({ ok: false, error: { code: -32020 } });
    }
    for (const header of ["9007199254740991", "9007199254740991.000", "90071992547409910e-1", "9007199254740991e0", "0.9007199254740991e16"]) {
      expect(validate({ ...limitHeaders, "Mcp-Param-Limit": header }, body(9007199254740991)), header).toEqual({ ok: true });
    }
    for (const [header, value] of [
      ["0", 0],
      ["-0", 0],
      ["0.0e5", 0],
      ["1e99999", 1],
      ["-7", -7],
      ["7e0", 7],
      ["70e-1", 7],
    ] as const) {
      expect(validate({ ...limitHeaders, "Mcp-Param-Limit": header }, body(value)).ok, header).toBe(header !== "1e99999");
    }
  });
});
