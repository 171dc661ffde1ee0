// A ProxySession between two scripted ends, for the tests of its routing: the host end records every
// text the session sends it, the server end records every text sent to the server and lets a test
// answer. No process, no clock: each step is synchronous, apart from the proxy's own tools/list,
// which waits for the test's answer like any request.
import type { JsonObject } from "../../src/model/json.js";
import { DriftReporter } from "../../src/proxy/drift-reporter.js";
import type { DriftContext } from "../../src/proxy/drift-notice.js";
import type { HostPort, Route, SendInfo, ServerEnd, UpstreamEvents, UpstreamPort } from "../../src/proxy/ports.js";
import type { ListenTiming } from "../../src/proxy/own-listen.js";
import { ProxySession } from "../../src/proxy/proxy-session.js";
import { readLine } from "../../src/proxy/read-message.js";
import { withId, withMetaValue } from "../../src/proxy/rpc-text.js";
import { ToolGate, type DriftMode } from "../../src/proxy/tool-gate.js";
import { parseLock } from "../../src/lock/parse-lock.js";
import { lockText } from "../support/proxy-harness.js";

export interface Sent {
  readonly text: string;
  readonly route: Route;
  readonly final: boolean;
}

class ScriptedServer implements UpstreamPort {
  readonly received: { text: string; info: SendInfo }[] = [];
  events!: UpstreamEvents;
  abandoned: string[] = [];
  closedWith: NodeJS.Signals | "eof" | undefined;
  /** 2025 era: whether the server tells the session of changes itself (stdio, an HTTP session); false: one that serves it without a session. */
  session = true;
  start(events: UpstreamEvents): Promise<void> {
    this.events = events;
    return Promise.resolve();
  }
  send(text: string, info: SendInfo): boolean {
    this.received.push({ text, info });
    return true;
  }
  abandon(key: string): void {
    this.abandoned.push(key);
  }
  answered(): void {}
  tellsSession(): boolean {
    return this.session;
  }
  pause(): void {}
  resume(): void {}
  close(signal?: NodeJS.Signals): Promise<ServerEnd> {
    this.closedWith = signal ?? "eof";
    return Promise.resolve(signal ? { signal } : { code: 0 });
  }
}

class RecordingHost implements HostPort {
  readonly sent: Sent[] = [];
  /** Routes the session ended without an answer. */
  readonly ended: Route[] = [];
  send(text: string, route: Route, final: boolean): boolean {
    this.sent.push({ text, route, final });
    return true;
  }
  end(route: Route): void {
    this.ended.push(route);
  }
  onDrain(): void {}
  pause(): void {}
  resume(): void {}
}

export interface Wire {
  readonly session: ProxySession;
  readonly host: RecordingHost;
  readonly server: ScriptedServer;
  readonly gate: ToolGate;
  readonly stderr: string[];
  readonly log: string[];
  /** Texts the server got, in order. */
  toServer(): string[];
  /** Texts the host got, in order. */
  toHost(): string[];
  /** One line from the server. */
  fromServer(value: unknown): void;
  /** The last request the server got, parsed. */
  lastRequest(): { id: string | number; method: string; params?: JsonObject };
  /** The id the server got the host's newest request under `hostId` with (the proxy numbers them itself). */
  up(hostId: string | number): number;
}

export const CONTEXT_COMMANDS = { verifyCommand: "mcp-gen verify --cwd /srv --command 'node s.js'", updateCommand: "mcp-gen import --update --cwd /srv --command 'node s.js'" };

/**
 * A started session whose lock pins `pinned`. `ownListen`: whether the proxy opens its own 2026-07-28
 * subscription to tool list changes (off by default: the routing tests number the server's requests
 * from 0, and that subscription would take a number; own-listen.test.ts turns it on).
 */
export async function wire(pinned: readonly JsonObject[], mode: DriftMode = "block", ownListen: ListenTiming | false = false): Promise<Wire> {
  const lock = parseLock(lockText(pinned), "mcp-tools.lock.json").value!;
  const context: DriftContext = { lockPath: "mcp-tools.lock.json", lock, ...CONTEXT_COMMANDS };
  const stderr: string[] = [];
  const log: string[] = [];
  const reporter = new DriftReporter(context, { stderr: (t) => void stderr.push(t), log: (l) => void log.push(l), now: () => "2026-01-01T00:00:00.000Z" });
  const host = new RecordingHost();
  const server = new ScriptedServer();
  const gate = new ToolGate(lock, mode);
  const session = new ProxySession(host, server, { gate, reporter, context, maxDepth: 1000, maxPages: 10, ownTimeoutMs: 60_000, ownListen });
  await session.start();
  // Each host request the session was given, as sent, to tie it to the request the server got (the same text under the proxy's id).
  const hostRequests: { text: string; id: unknown; up?: number }[] = [];
  const fromHost = session.fromHost.bind(session);
  session.fromHost = (text, route, space) => {
    const read = readLine(text);
    const items = read.kind === "single" ? [read.item] : read.kind === "batch" ? read.items : [];
    for (const item of items) if (item.ok && item.received.message.kind === "request") hostRequests.push({ text: item.received.text, id: item.received.message.id });
    fromHost(text, route, space);
  };
  let tied = 0;
  const up = (hostId: string | number): number => {
    for (; tied < server.received.length; tied++) {
      const { text, info } = server.received[tied]!;
      if (info.message.kind !== "request") continue;
      const upText = String(info.message.id);
      // The host's progress token, if any, goes under the request's own id too.
      const request = hostRequests.find((r) => r.up === undefined && [withId(r.text, upText), withMetaValue(withId(r.text, upText), "params", "progressToken", upText)].includes(text));
      if (request) request.up = Number(upText);
    }
    const found = hostRequests.findLast((r) => r.up !== undefined && r.id === hostId);
    if (found === undefined) throw new Error(`the server got no request for the host's id ${JSON.stringify(hostId)}`);
    return found.up!;
  };
  return {
    up,
    session,
    host,
    server,
    gate,
    stderr,
    log,
    toServer: () => server.received.map((r) => r.text),
    toHost: () => host.sent.map((s) => s.text),
    fromServer: (value) => server.events.line(typeof value === "string" ? value : JSON.stringify(value), undefined),
    lastRequest: () => JSON.parse(server.received[server.received.length - 1]!.text) as { id: string | number; method: string; params?: JsonObject },
  };
}

/** Lets the promise jobs the session started (its own tools/list) run. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
