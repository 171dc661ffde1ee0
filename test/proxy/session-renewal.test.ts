// Which HTTP 404 to a request sent on a 2025-era session is the server's answer, and which says the
// session is gone (src/proxy/session-renewal.ts, answersOnSession). The official SDKs answer an
// unknown session id with HTTP 404 and `{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not
// found"},"id":null}`; a server that lacks a method may answer 404 with -32601 under the request's id.
import { describe, expect, it } from "vitest";
import { answersOnSession } from "../../src/proxy/session-renewal.js";

describe("answersOnSession", () => {
  it("takes a JSON-RPC response under the request's own id, a result or an error other than -32001, for the answer", () => {
    expect(answersOnSession('{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}', 2)).toBe(true);
    expect(answersOnSession('  {"jsonrpc":"2.0","id":7,"result":{}}\n', 7)).toBe(true);
    expect(answersOnSession('{"jsonrpc":"2.0","id":"a","error":{"code":-32602,"message":"Bad"}}', "a")).toBe(true);
  });

  it.each([
    ["no body", ""],
    ["an HTML page", "<html><body>404 Not Found</body></html>"],
    ["plain text", "Session not found"],
    ["the SDKs' own answer to an unknown session", '{"jsonrpc":"2.0","error":{"code":-32001,"message":"Session not found"},"id":null}'],
    ["-32001 under the request's own id", '{"jsonrpc":"2.0","id":2,"error":{"code":-32001,"message":"Session not found"}}'],
    ["another error under id null", '{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}}'],
    ["an answer under another id", '{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found"}}'],
    ["the id as a string", '{"jsonrpc":"2.0","id":"2","error":{"code":-32601,"message":"Method not found"}}'],
    ["a batch", '[{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found"}}]'],
    ["no jsonrpc member", '{"id":2,"error":{"code":-32601,"message":"Method not found"}}'],
    ["neither result nor error", '{"jsonrpc":"2.0","id":2}'],
    ["both result and error", '{"jsonrpc":"2.0","id":2,"result":{},"error":{"code":-32601,"message":"x"}}'],
    ["JSON cut short", '{"jsonrpc":"2.0","id":2,"error":{"code":-32601'],
  ])("takes %s for a lost session", (_, body) => {
    expect(answersOnSession(body, 2)).toBe(false);
  });
});
