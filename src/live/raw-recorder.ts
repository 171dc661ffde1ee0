// Taps a connected SDK transport so the raw JSON-RPC answers to our own tools/list requests can be
// read as the server sent them. The SDK's typed results drop fields its schemas do not know and
// refuse whole pages over one invalid schema; the tap sees each message before any of that, right
// after the transport parsed the line or body (JSON.parse, plus a JSON-RPC envelope check that keeps
// `result` as it is).
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { JsonValue } from "../model/json.js";

export class RawRecorder {
  private readonly waiting = new Set<string | number>();
  private readonly answers = new Map<string | number, JsonValue>();
  private lastId: string | number | undefined;

  /** Wraps `send` and `onmessage` of a transport that a Client has already connected. */
  constructor(transport: Transport) {
    const deliver = transport.onmessage;
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ("method" in message && message.method === "tools/list" && "id" in message && message.id !== undefined) {
        this.waiting.add(message.id);
        this.lastId = message.id;
      }
      return send(message, options);
    };
    transport.onmessage = (message, extra) => {
      this.record(message);
      deliver?.(message, extra);
    };
  }

  private record(message: JSONRPCMessage): void {
    if (!("id" in message) || message.id === undefined || !this.waiting.has(message.id)) return;
    if ("result" in message) this.answers.set(message.id, message.result as JsonValue);
  }

  /** The raw `result` of the last tools/list request sent, and forgets it. */
  takeLast(): JsonValue | undefined {
    if (this.lastId === undefined) return undefined;
    const answer = this.answers.get(this.lastId);
    this.waiting.delete(this.lastId);
    this.answers.delete(this.lastId);
    return answer;
  }
}
