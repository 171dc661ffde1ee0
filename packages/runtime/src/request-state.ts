// `requestState` for SDK v2 servers: what `ctx.ask(requests, { state })` seals and `ctx.state()`
// reads back, protected by the SDK's own codec (createRequestStateCodec: HMAC-SHA256 with an expiry).
// MCP 2026-07-28 basic/patterns/mrtr: requestState is attacker-controlled on its way back,
// so it is integrity-protected and bound to the principal, the tool and its arguments.
//
// Replicas. The server keeps nothing between rounds: the state travels inside requestState, and any
// replica behind a plain (non-sticky) load balancer can verify it, provided every replica is given the
// SAME key (at least 32 bytes, e.g. `openssl rand -base64 48` stored as a secret and passed as
// `requestState.key`). A key generated per process only works when one process serves every round
// (stdio, a single HTTP process, in-process tests). To rotate, deploy the new key everywhere: state
// minted under the old key is refused (-32602 "Invalid or expired requestState") and the client's
// next call starts over; `ttlSeconds` (default 600) bounds how long a state can be replayed.
import { createRequestStateCodec, type ServerContext } from "@modelcontextprotocol/server";
import { decodeBase64 } from "./base64.js";
import type { RequestStateOptions } from "./tool-context.js";

/** What the codec seals: the handler's state and a digest of the call it belongs to. */
interface SealedPayload {
  readonly call: string;
  readonly state: unknown;
}

export interface RequestStateSeal {
  /** For ServerOptions.requestState.verify: throws (→ -32602) on a bad MAC, expiry or principal. */
  verify(state: string, ctx: ServerContext): Promise<unknown>;
  seal(state: unknown, tool: string, args: unknown, ctx: ServerContext): Promise<string>;
  /** The handler's state from a verified payload, or `invalid` when it belongs to another call. */
  open(payload: unknown, tool: string, args: unknown): Promise<{ readonly ok: true; readonly state: unknown } | { readonly ok: false }>;
}

/**
 * The seal of one server factory, or a stand-in without a key: it refuses every incoming
 * requestState (this server minted none) and makes `ctx.ask(..., { state })` fail with a clear error.
 */
export function createRequestStateSeal(options: RequestStateOptions | undefined): RequestStateSeal {
  if (options === undefined) {
    return {
      verify: () => Promise.reject(new Error("no requestState key is configured")),
      seal: (_state, tool) => Promise.reject(new Error(`Tool ${tool} passed state to ctx.ask, but the server has no requestState key: pass requestState: { key } in the server options.`)),
      open: () => Promise.resolve({ ok: false }),
    };
  }
  const codec = createRequestStateCodec<SealedPayload>({
    key: options.key,
    ...(options.ttlSeconds === undefined ? {} : { ttlSeconds: options.ttlSeconds }),
    // The principal: state minted for one client is refused when another presents it.
    bind: (ctx) => `${ctx.mcpReq.method}\u0000${ctx.http?.authInfo?.clientId ?? ""}`,
  });
  return {
    verify: (state, ctx) => (isCanonicalState(state) ? codec.verify(state, ctx) : Promise.reject(new Error("requestState is not canonical base64url"))),
    seal: async (state, tool, args, ctx) => codec.mint({ call: await callDigest(tool, args), state: JSON.parse(JSON.stringify(state)) as unknown }, ctx),
    async open(payload, tool, args) {
      if (payload === null || typeof payload !== "object" || !("call" in payload)) return { ok: false };
      const sealed = payload as SealedPayload;
      return sealed.call === (await callDigest(tool, args)) ? { ok: true, state: sealed.state } : { ok: false };
    },
  };
}

/**
 * Whether every segment of a sealed state after its version prefix is canonical base64url (no
 * padding, zero pad bits). The SDK's decoder ignores the pad bits, so without this check a state
 * with its last character changed can still verify: harmless (the bytes are the same), but a
 * changed state must never pass.
 */
function isCanonicalState(state: string): boolean {
  const segments = state.split(".");
  return (
    segments.length > 1 &&
    segments.slice(1).every((segment) => {
      if (!/^[A-Za-z0-9_-]*$/.test(segment)) return false;
      const standard = segment.replace(/-/g, "+").replace(/_/g, "/");
      return decodeBase64(standard + "=".repeat((4 - (standard.length % 4)) % 4)) !== undefined;
    })
  );
}

/** SHA-256 of the tool name and the arguments as canonical JSON (members sorted), base64url. */
async function callDigest(tool: string, args: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(`${tool}\u0000${canonicalJson(args)}`);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return btoa(String.fromCharCode(...digest))
    .replace(/=+$/, "")
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const record = value as Record<string, unknown>;
  return `{${Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`)
    .join(",")}}`;
}
