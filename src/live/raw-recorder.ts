// Taps an SDK transport before the Client connects, so every message the server sends is seen as
// sent: the raw JSON-RPC answers to our own tools/list requests (the SDK's typed results drop fields
// its schemas do not know and refuse whole pages over one invalid schema), and answers to ids never
// asked, which the SDK only logs while the request they were meant for waits for its timeout.
// Protocol.connect() chains a handler set on the transport before it, and so does the era probe.
import type { JSONRPCMessage, Transport } from "@modelcontextprotocol/client";
import type { JsonValue } from "../model/json.js";
import type { LiveProblem } from "./live-problem.js";
import { excerpt } from "./server-process.js";
import { cutText } from "../diff/cut-text.js";

export class RawRecorder {
  /** Ids of every request sent, so a late answer to one the SDK gave up on is not called unknown. */
  private readonly sent = new Set<string | number>();
  private readonly waiting = new Set<string | number>();
  private readonly answers = new Map<string | number, JsonValue>();
  private lastId: string | number | undefined;

  /** Wraps `send` and sets `onmessage` on a transport that no Client has connected yet. */
  constructor(
    transport: Transport,
    private readonly onfault: (problem: LiveProblem) => void,
  ) {
    const send = transport.send.bind(transport);
    transport.send = (message, options) => {
      if ("method" in message && "id" in message && message.id !== undefined) {
        this.sent.add(message.id);
        if (message.method === "tools/list") {
          this.waiting.add(message.id);
          this.lastId = message.id;
        }
      }
      return send(message, options);
    };
    transport.onmessage = (message) => this.record(message);
  }

  private record(message: JSONRPCMessage): void {
    if ("method" in message || !("id" in message)) return;
    const id = message.id;
    if (id === undefined || id === null) {
      const error = "error" in message ? message.error : undefined;
      this.onfault({
        kind: "bad-response",
        message: `The server sent an error that answers no request${error ? ` (JSON-RPC error ${error.code}: ${firstLine(error.message)})` : ""}; it could not read what it was sent.`,
      });
      return;
    }
    if (!this.sent.has(id)) {
      this.onfault({ kind: "bad-response", message: `The server sent an answer to an id never asked: ${typeof id === "string" ? excerpt(id) : String(id)}.` });
      return;
    }
    if (this.waiting.has(id) && "result" in message) this.answers.set(id, message.result as JsonValue);
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

function firstLine(text: string): string {
  const line = String(text).split("\n")[0]!.trim();
  return cutText(line, 200);
}
