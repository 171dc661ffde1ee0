// One proxy run: every message between a host and a server, through the tool gate. In: message texts
// from each side (HostPort, UpstreamPort frame their own bytes). Out: the same texts on the other
// side, byte for byte, except that (1) each tools/list answer is matched to the host's request by id
// and checked page by page, withheld tools taken out; (2) a tools/call of a tool the newest verified
// list withheld, or that no list has shown, is answered by the proxy and never reaches the server;
// (3) a list_changed is held until the proxy has listed the tools again itself and checked them
// (one per route and subscription, however many came); a notifications/cancelled from the host
// names only a request of its own id space (IdSpace: one --listen client's);
// (4) the proxy owns the server's id space: every request it sends, the host's and its own, goes
// under the next number of one counter, and whatever names that id (the answer, notifications/
// cancelled, a subscription id in _meta, the progress token the server gets in its stead) goes back
// under the host's id (or token) exactly as the host wrote it, on that request's route;
// an answer under an id the proxy never sent is dropped; (5) 2026-07-28: the proxy holds its own
// subscriptions/listen for tool list changes (own-listen.ts), whose list_changed makes it list again
// as (3) does, and of which the host sees nothing; a 2025-era host that a server serves without a
// session (so that it is never told of a change) gets one too, after a server/discover of the proxy's
// own says the server speaks 2026-07-28, and then a list_changed of the proxy's own after the check;
// (6) 2025 era over HTTP: a session the server lost (HTTP 404; http-upstream.ts starts a new one)
// counts as a host's new one does: nothing listed before holds, the proxy lists at once and tells
// the host (list_changed) after the check, and a request lost with the session goes on the new one,
// a tools/call only if its tool passes there.
// Any answer that goes out to the host under the id of a tools/list it waits for (in flight, or one
// the server cancelled: the host waits for it still) is checked as that list's as it goes out. Both
// protocol eras pass unchanged: 2025 (`initialize`, logging/setLevel, server-sent requests) and
// 2026-07-28 (`server/discover`, `_meta` on every request, subscriptions/listen, MRTR retries, which
// are tools/calls like any other). The server's end is the session's end.
import { ToolsCollector } from "../live/read-tools-page.js";
import { sha256Hex } from "../lock/sha256.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { SPEC_REVISION } from "../model/spec.js";
import { checkListAnswer } from "./check-list-answer.js";
import { LISTEN_TIMING, OwnListen, type ListenTiming } from "./own-listen.js";
import { quoteName, refusalMessage, TOOL_WITHHELD, type DriftContext } from "./drift-notice.js";
import { wantsWarnings, type DriftReporter } from "./drift-reporter.js";
import type { HostPort, IdSpace, Replay, Route, ServerEnd, UpstreamPort } from "./ports.js";
import { excerpt, idKey, PARSE_ERROR, readLine, type Item, type Received, type RequestId, type RpcMessage, type Unreadable } from "./read-message.js";
import { errorText, idText, INTERNAL_ERROR, metaValueText, notificationText, requestText, withCancelledId, withId, withMetaValue, withParamsValue } from "./rpc-text.js";
import type { CallVerdict, ToolGate } from "./tool-gate.js";
import { cutText } from "../diff/cut-text.js";

const PROTOCOL_VERSION = "io.modelcontextprotocol/protocolVersion";
const LOG_LEVEL = "io.modelcontextprotocol/logLevel";
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";
const CLIENT_INFO = "io.modelcontextprotocol/clientInfo";
const CLIENT_CAPABILITIES = "io.modelcontextprotocol/clientCapabilities";
/** The _meta members of a host request the proxy repeats on its own tools/list (2026-07-28: every request carries them). */
const OWN_META_KEYS = [PROTOCOL_VERSION, CLIENT_INFO, CLIENT_CAPABILITIES] as const;
/** The list_changed the proxy tells a 2025-era host of, when the server tells that host nothing itself. */
const LIST_CHANGED = '{"jsonrpc":"2.0","method":"notifications/tools/list_changed"}';
const INVALID_PARAMS = -32602;
const NOT_SENT: Replay = { send: false };
/** Most list cursors remembered to tie a page to the listing it continues. */
const MAX_CHAINS = 64;
/** Most characters of the names those listings showed so far, together (a name is the server's text, up to a message long). */
const MAX_CHAIN_NAME_CHARS = 16 * 1024 * 1024;
/** Most tools/calls that wait for the proxy's own listing; past it a call is refused at once. */
const MAX_HELD_CALLS = 1024;
/** Most requests of the server's own (sampling, elicitation, …) the host has not answered; past it the server gets an error. */
const MAX_SERVER_REQUESTS = 1024;
/** Most requests the host cancelled that are remembered, so that an answer or progress the server sends for one anyway is dropped without a report. */
const MAX_CANCELLED_KEPT = 1024;
/** Most requests of one host (IdSpace) sent to the server and not answered; past it a request is answered with an error at once. */
export const MAX_HOST_REQUESTS = 4096;
/** Most requests of every host together (--listen: 2025-era sessions replaced, 2026-07-28 POSTs) in flight. */
export const MAX_ALL_HOST_REQUESTS = 4 * MAX_HOST_REQUESTS;

export interface SessionOptions {
  readonly gate: ToolGate;
  readonly reporter: DriftReporter;
  readonly context: DriftContext;
  /** Deepest nesting a listed tool may have (hashing walks it). */
  readonly maxDepth: number;
  /** Most pages the proxy follows when it lists the tools itself. */
  readonly maxPages: number;
  /** How long the proxy waits for an answer to its own tools/list. */
  readonly ownTimeoutMs: number;
  /**
   * The proxy's own subscription to tool list changes (2026-07-28): when it is opened again after it
   * ended (LISTEN_TIMING unless given); false opens none (tests of other routing, which number the
   * server's requests from 0).
   */
  readonly ownListen?: ListenTiming | false;
}

/** Several requests in one host message (JSON-RPC batch, MCP 2025-03-26): answered together. */
class Batch {
  /** The answers so far, each as it came; each is made the host's text when the batch goes out (ProxySession.delivered). */
  readonly texts: Outgoing[] = [];
  /** Requests in it: each ends with an answer in `texts`, or as `unanswered`. */
  expected = 0;
  /** Requests that ended without an answer (cancelled by the host or by the server). */
  unanswered = 0;
  sealed = false;
  constructor(readonly route: Route) {}
}

/**
 * A final answer on its way to the host. `answers`: the host request the proxy sent on that it
 * answers; `result`: the server's result, when it answers no tools/list (the host may still take it
 * for one's: ProxySession.delivered decides as it goes out).
 */
interface Outgoing {
  readonly text: string;
  readonly answers: Pending | undefined;
  readonly result: Received | undefined;
}

/** Where a request's answer goes. */
interface Target {
  readonly route: Route;
  readonly batch: Batch | undefined;
  /** 2026-07-28: the request's _meta asks for log messages at warning or below. */
  readonly logWarnings: boolean;
}

/**
 * A pinned-tools listing the host is walking page by page, to see what a complete one left out. It is
 * complete where the host's SDK ends its walk (endsWalk): the cursor its newest page was asked with
 * and that page's tools say whether the next page only repeats it.
 */
interface ListChain {
  readonly names: Set<string>;
  /** The characters of `names` (counted in ProxySession.chainChars while the chain waits in `chains`). */
  chars: number;
  /** How many pages of the walk the proxy has checked. */
  pages: number;
  /** The cursor the newest page was asked with, as idKey keys it: a cursor is the server's text, up to a message long. */
  asked: string | undefined;
  /** The SHA-256 of the newest page's tools as endsWalk compares them (JSON.stringify), not the tools. */
  previous: string | undefined;
}

interface Pending extends Target {
  readonly method: string;
  /** Whose ids the host's id is in: only a cancellation from the same space names this request. */
  readonly space: IdSpace;
  /** A 2026-07-28 request (a protocol version in its _meta): closing its HTTP stream cancels it. */
  readonly streamCancels: boolean;
  /** The host's id; undefined for the proxy's own requests. */
  readonly hostId: RequestId | undefined;
  /** The host's id exactly as the host wrote it, put back in what names the request ("null" for the proxy's own). */
  readonly hostIdText: string;
  /** The id the proxy sent the request under, as JSON text. */
  readonly upIdText: string;
  readonly chain: ListChain | undefined;
  /** How many list_changed the server had sent when the request went (ProxySession.changes). */
  readonly changes: number;
  /**
   * The host's progress token exactly as written, when it sent one: the server gets the request's
   * own id instead (unique upstream, as the SDK's own tokens are), and its progress goes back under this.
   */
  readonly progress: string | undefined;
  readonly own: ((answer: Received | string) => void) | undefined;
}

interface Held {
  readonly received: Received;
  readonly route: Route;
  readonly space: IdSpace;
  readonly batch: Batch | undefined;
  /** The number of the proxy's own listing it waits for (ProxySession.covering). */
  readonly until: number;
}

/** A list_changed held for the host until the proxy's own listing number `until` is checked. */
interface HeldNotice {
  readonly text: string;
  readonly until: number;
}

export class ProxySession {
  private readonly pending = new Map<string, Pending>();
  /**
   * Per id space (one host, or each --listen client), host id key → the keys of the requests in
   * flight under it, the oldest first, for notifications/cancelled: it names the newest of them. A
   * host that reuses an id (two POSTs of one 2025-era session at once) keeps each request
   * cancellable, the older too once the newer is answered. No entry for an id or space with nothing in flight.
   */
  private readonly hostIndex = new Map<IdSpace, Map<string, string[]>>();
  /** Per id space, how many of its requests are in `pending` (sent to the server, not answered, not cancelled); no entry for none. */
  private readonly inFlight = new Map<IdSpace, number>();
  /** The host's requests in `pending`, every space together. */
  private allInFlight = 0;
  /**
   * The proxy's ids (idKey) of the newest MAX_CANCELLED_KEPT requests the host cancelled: the host
   * ignores what comes for them (MCP), and a server may still send an answer or progress it had under
   * way. Those are dropped quietly; anything else under an id not in flight is reported.
   */
  private readonly cancelled = new Set<string>();
  /** Whether a request was refused for MAX_HOST_REQUESTS (or MAX_ALL_HOST_REQUESTS) since the last one passed (reported once). */
  private hostRequestsFullReported = false;
  /**
   * Host id (as a host may read it: looseIdKey) → the keys of the host's tools/lists under it whose
   * answer the host waits for, each with its route: those in flight, and those the server cancelled
   * (waitingLists). An answer the host gets under such an id, on the same route, may be taken for
   * the list's, whatever request it answers (sharesListId).
   */
  private readonly listsUnder = new Map<string, Map<string, Route>>();
  /**
   * The host's tools/lists the server cancelled (notifications/cancelled), by key → their id (as
   * looseIdKey and idKey) and id space: the host waits for them still (the SDK aborts only requests
   * it serves when told so, never one of its own), and takes an answer under that id on that route
   * for the list's. Each stays in listsUnder until an answer to no tools/list goes out under its id
   * (listTaken), or the host cancels its id with nothing in flight under it (listGivenUp); the
   * newest MAX_CANCELLED_KEPT. (Over --listen the cancellation ends the list's POST, and no answer
   * reaches that route any more: none is kept.)
   */
  private readonly waitingLists = new Map<string, { readonly hostKey: string; readonly id: string; readonly space: IdSpace }>();
  /** Ids of the server's own requests (2025 era: sampling, elicitation, roots, ping) the host has not answered. */
  private readonly serverRequests = new Set<string>();
  /**
   * Ids of the newest MAX_CANCELLED_KEPT requests of the server's that it cancelled before the host
   * answered: an answer the host had under way for one is dropped without a report.
   */
  private readonly serverCancelled = new Set<string>();
  /** Whether a server request was refused for the MAX_SERVER_REQUESTS bound since the last one passed (reported once). */
  private serverRequestsFullReported = false;
  /** The walks waiting for the host to ask for their next page, by the key (idKey) of its cursor; at most MAX_CHAINS. */
  private readonly chains = new Map<string, ListChain>();
  /** The characters of the names of the walks in `chains`; at most MAX_CHAIN_NAME_CHARS. */
  private chainChars = 0;
  private held: Held[] = [];
  /**
   * The list_changed notices held until the proxy's own listing is checked: per route, per
   * subscription (the host's id for it, "" for none), the first text. The host needs one after the
   * check, not one per notice the server sent, so a server that floods them grows nothing.
   */
  private heldNotices = new Map<Route, Map<string, HeldNotice>>();
  /** Whether a tools/call was refused for the MAX_HELD_CALLS bound during this listing (reported once). */
  private heldFullReported = false;
  /** Requests lost with their session that wait for a listing (their number `until`) before they are checked again (lost). */
  private listingWaiters: { readonly until: number; readonly resolve: () => void }[] = [];
  /** The proxy's own listing in flight (at most one). */
  private refreshing: Promise<void> | undefined;
  /** Whether another listing is to start once this one is done (at most one waits: it covers every notice since). */
  private refreshAgain = false;
  /** How many listings of its own the proxy has started: the number of the newest. */
  private listingsStarted = 0;
  /**
   * How many times the server said its tools changed. A host's tools/list sent before the newest of
   * those may be answered with the tools as they were; its pages are checked, but their verdicts do
   * not replace the gate's (a newer listing's, or the one the proxy is making).
   */
  private changes = 0;
  /** Whether the proxy's own complete listing is newer than the last list_changed. */
  private listComplete = false;
  private era: "legacy" | "modern" | undefined;
  private modernMeta: JsonObject | undefined;
  /**
   * The 2026-07-28 _meta of the proxy's own server/discover and subscription for a 2025-era host
   * (legacySessionOpen), from the newest `initialize`: its clientInfo and capabilities as that host
   * gave them, under the protocol version the proxy speaks.
   */
  private legacyMeta: JsonObject | undefined;
  /** 2025 era: the level of the host's logging/setLevel. */
  private legacyLevel: JsonValue | undefined;
  /**
   * The params of the host's newest tools/list, less its cursor and progress token (undefined inside:
   * it sent none): the proxy's own tools/list is sent with the same, so the server cannot tell them apart.
   */
  private hostListParams: { readonly params: JsonObject | undefined } | undefined;
  /** The id of the next request sent to the server: 0, 1, 2, … as the SDK numbers its own. */
  private nextUpId = 0;
  private over = false;
  private faulted = false;
  /** The host is not reading what the proxy sends it: the server waits, and so does the host's input. */
  private hostFull = false;
  /** The server is not reading what the proxy sends it: the host's input waits. */
  private serverFull = false;
  /**
   * 2026-07-28: the proxy's own subscriptions/listen for tool list changes, whether or not the host
   * opens one: the server tells no one else of a change, and a call must not be checked against a
   * list that no longer holds. Nothing of it reaches the host.
   */
  private readonly listen: OwnListen;
  private finish!: (end: ServerEnd) => void;
  /** Resolves when the server is gone (it exited, or the connection ended), with how it ended. */
  readonly ended: Promise<ServerEnd> = new Promise((resolve) => (this.finish = resolve));

  constructor(
    private readonly host: HostPort,
    private readonly upstream: UpstreamPort,
    private readonly options: SessionOptions,
  ) {
    this.listen = new OwnListen(
      {
        open: () => this.openListen(),
        cancel: (key) => this.cancelOwn(key, "mcp-gen proxy: the server does not offer tool list changes on this subscription."),
        missed: () => {
          if (!this.over) this.toolsChanged();
        },
        note: (text) => this.options.reporter.problem(text),
      },
      options.ownListen === false ? false : (options.ownListen ?? LISTEN_TIMING),
    );
  }

  /** Starts the server (or reaches it). Rejects when it cannot be started at all. */
  async start(): Promise<void> {
    this.host.onDrain(() => {
      this.hostFull = false;
      this.upstream.resume();
      if (!this.serverFull) this.host.resume();
    });
    await this.upstream.start({
      line: (text, via) => this.fromServer(text, via),
      fault: (problem) => void this.fault(problem),
      noise: (text) => this.skipped(text),
      failed: (key, problem) => this.failed(key, problem),
      trouble: (problem) => this.options.reporter.problem(problem),
      ended: (end) => this.serverEnded(end),
      drain: () => {
        this.serverFull = false;
        if (!this.hostFull) this.host.resume();
      },
      // Whether the tools changed while the server could not say so is not known: they are listed again, as after a list_changed.
      missed: () => {
        if (!this.over) this.toolsChanged();
      },
      sessionLost: () => this.upstreamSessionLost(),
      lost: (key, message) => this.lost(key, message),
    });
  }

  /** One message (or batch) from the host, as its text; `space` says whose ids it uses (IdSpace). */
  fromHost(text: string, route: Route = undefined, space: IdSpace = undefined): void {
    if (this.over) return;
    const read = readLine(text);
    if (read.kind === "empty") return;
    if (read.kind === "single") {
      this.hostItem(read.item, route, space, undefined);
      return;
    }
    const batch = new Batch(route);
    for (const item of read.items) this.hostItem(item, route, space, batch);
    batch.sealed = true;
    this.flushBatch(batch);
  }

  /** The host sent a line longer than the limit; it was dropped unread. */
  hostOversize(bytes: number, limit: number, route: Route = undefined): void {
    this.options.reporter.problem(`the host sent a message of ${bytes} bytes, more than the limit of ${limit}; it was not passed on.`);
    this.send(errorText("null", PARSE_ERROR, `mcp-gen proxy: the message is larger than ${limit} bytes; it was not passed on to the server.`), route, true);
  }

  /** The host is gone (end of input, a signal, its process ended): ends the server, and with it the session. */
  close(signal?: NodeJS.Signals): Promise<ServerEnd> {
    this.listen.stop();
    void this.upstream.close(signal).then((end) => this.serverEnded(end));
    return this.ended;
  }

  /**
   * An HTTP host stopped waiting for the answer to the request(s) of `route` (its response stream
   * closed). For a 2026-07-28 request that is its cancellation: the server is told as a host on its
   * transport would tell it (notifications/cancelled under the proxy's id, its HTTP stream closed),
   * and the request is forgotten, so a server that never answers grows nothing. A 2025-era host
   * cancels with notifications/cancelled; its request waits for the answer. `ended`: the proxy ended
   * the stream itself (a host that did not read it), and no answer can reach it: every request of
   * it is cancelled so, whatever its era.
   */
  routeClosed(route: Route, ended = false): void {
    // A call held for the proxy's listing, never sent: dropped as a cancelled one is.
    this.held = this.held.filter((h) => h.route !== route || (!ended && !isModern(h.received.message)));
    for (const [key, pending] of [...this.pending]) {
      if (pending.route !== route || pending.own) continue;
      if (ended) this.cancelAtServer(key, pending, "mcp-gen proxy: the host did not read the request's stream, and the proxy ended it.");
      else if (pending.streamCancels) this.cancelAtServer(key, pending, "The host closed the request's stream.");
      else this.upstream.abandon(key);
    }
  }

  /**
   * A 2025-era `--listen` session ended (DELETE, or replaced by a new initialize): no request of its
   * can be cancelled by its client any more (its session id gets 404), so each one still in flight is
   * cancelled at the server as a host cancels it, and answered on its own stream, if still open,
   * with an error that says so; a call held for a listing is answered so too. Nothing of the session
   * is kept.
   */
  spaceEnded(space: IdSpace): void {
    const reason = "mcp-gen proxy: the session ended (deleted, or replaced by a new initialize); the request was cancelled at the server.";
    const held = this.held.filter((h) => h.space === space);
    if (held.length > 0) this.held = this.held.filter((h) => h.space !== space);
    for (const h of held) this.answer({ route: h.route, batch: h.batch, logWarnings: false }, errorText(idText(h.received.text), INTERNAL_ERROR, reason));
    for (const [key, pending] of [...this.pending]) {
      if (pending.space !== space || pending.own) continue;
      this.cancelAtServer(key, pending, reason);
      this.answer(pending, errorText(pending.hostIdText, INTERNAL_ERROR, reason), { answers: pending });
    }
  }

  // ── host → server ────────────────────────────────────────────────────────────────────────────

  private hostItem(item: Item, route: Route, space: IdSpace, batch: Batch | undefined): void {
    if (!item.ok) {
      const { unreadable } = item;
      this.options.reporter.problem(`the host sent a message that cannot be passed on: ${unreadable.problem}`);
      // A request is owed an answer, and so is what cannot be told apart from one (JSON-RPC 2.0 §5).
      if (unreadable.shape === "request" || unreadable.shape === "unknown") {
        const target: Target = { route, batch, logWarnings: false };
        if (batch) batch.expected++;
        this.answer(target, errorText(unreadable.idText, unreadable.code, `mcp-gen proxy: ${unreadable.problem}`));
      }
      return;
    }
    const { received } = item;
    const { message } = received;
    if (message.kind === "request") {
      if (batch) batch.expected++;
      this.hostRequest(received, route, space, batch, false);
    } else if (message.kind === "notification") {
      this.hostNotification(received, space);
    } else if (message.id !== null && this.serverRequests.delete(idKey(message.id))) {
      this.toServer(received.text, message);
    } else if (message.id !== null && this.serverCancelled.delete(idKey(message.id))) {
      // The server gave up on it (notifications/cancelled) while the host answered: a routine race, dropped.
    } else {
      this.options.reporter.problem(`the host answered a request the server never sent (id ${String(JSON.stringify(message.id))}); the answer was not passed on.`);
    }
  }

  private hostRequest(received: Received, route: Route, space: IdSpace, batch: Batch | undefined, retried: boolean): void {
    const message = received.message as Extract<Received["message"], { kind: "request" }>;
    const { method, params } = message;
    const meta = getOwn(params, "_meta");
    this.noteEra(method, meta);
    if (method === "initialize") {
      this.sessionStarted();
      this.legacyMeta = metaOfInitialize(params);
    }
    // Each 2026-07-28 request stands alone, whatever an earlier host started (--listen serves a
    // 2025-era session and 2026-07-28 hosts side by side): its era, not the session's, decides.
    else if (isModern(message)) this.listen.modernRequest(method === "server/discover");
    const target: Target = { route, batch, logWarnings: wantsWarnings(getOwn(meta, LOG_LEVEL)) };
    if (method === "logging/setLevel") this.legacyLevel = getOwn(params, "level");
    let tool: JsonObject | undefined;
    if (method === "tools/call") {
      // A call that races a list_changed waits for the list the proxy is fetching, and is checked against it.
      if (this.refreshing && !retried) return void this.hold(received, route, space, batch, target);
      const name = getOwn(params, "name");
      if (typeof name !== "string") {
        this.answer(target, errorText(idText(received.text), INVALID_PARAMS, "mcp-gen proxy: a tools/call needs params.name, a string."));
        return;
      }
      const verdict = this.options.gate.checkCall(name);
      if (verdict.kind === "unlisted" && !retried && !this.listComplete) {
        this.hold(received, route, space, batch, target);
        this.refresh();
        return;
      }
      if (verdict.kind !== "allow") return void this.refuseCall(target, idText(received.text), name, verdict);
      tool = this.options.gate.shown(name);
    }
    if (method === "tools/list") this.noteListParams(params);
    this.forward(received, target, space, tool);
  }

  /** Answers a tools/call the gate does not let through (TOOL_WITHHELD), and reports it. */
  private refuseCall(target: Target, hostIdText: string, name: string, verdict: Exclude<CallVerdict, { kind: "allow" }>, from?: { readonly answers: Pending }): void {
    const text = refusalMessage(name, verdict.kind === "refuse" ? verdict.verdict : undefined, this.options.context);
    this.options.reporter.refused(name, text);
    const data = verdict.kind === "refuse" ? { tool: name, status: verdict.verdict.status, parts: [...verdict.verdict.parts] } : { tool: name, status: "unlisted" };
    this.answer(target, errorText(hostIdText, TOOL_WITHHELD, text, { ...data, lock: this.options.context.lockPath }), from);
  }

  /** Keeps a tools/call until the proxy's own listing is checked; past MAX_HELD_CALLS, refuses it at once. */
  private hold(received: Received, route: Route, space: IdSpace, batch: Batch | undefined, target: Target): void {
    if (this.held.length < MAX_HELD_CALLS) return void this.held.push({ received, route, space, batch, until: this.covering() });
    if (!this.heldFullReported) {
      this.heldFullReported = true;
      this.options.reporter.problem(`${MAX_HELD_CALLS} tools/calls already wait for the proxy to list the server's tools again; further calls are refused until it has.`);
    }
    this.answer(target, errorText(idText(received.text), INTERNAL_ERROR, `mcp-gen proxy: ${MAX_HELD_CALLS} calls already wait for the server's tools to be listed and checked; try again.`));
  }

  /** Sends a host request on under the next id of the proxy's, remembering the host's to put back. */
  private forward(received: Received, target: Target, space: IdSpace, tool: JsonObject | undefined): void {
    const message = received.message as Extract<Received["message"], { kind: "request" }>;
    const hostIdText = idText(received.text);
    const full = this.hostRequestsFull(space);
    if (full !== undefined) {
      if (!this.hostRequestsFullReported) this.options.reporter.problem(`${full}; further requests are answered with an error and not passed on until some are answered or cancelled.`);
      this.hostRequestsFullReported = true;
      this.answer(target, errorText(hostIdText, INTERNAL_ERROR, `mcp-gen proxy: ${full}; this one was not passed on.`));
      return;
    }
    this.hostRequestsFullReported = false;
    this.inFlight.set(space, (this.inFlight.get(space) ?? 0) + 1);
    this.allInFlight++;
    const up = this.nextUpId++;
    const key = idKey(up);
    const upIdText = String(up);
    const progressToken = getOwn(getOwn(message.params, "_meta"), "progressToken");
    const streamCancels = isModern(message);
    const progress = typeof progressToken === "string" || typeof progressToken === "number" ? metaValueText(received.text, "params", "progressToken") : undefined;
    const chain = message.method === "tools/list" ? this.chainFor(getOwn(message.params, "cursor")) : undefined;
    // Every member written out: V8 makes `{ ...target, more }` a dictionary-mode object, which cost
    // about 20 µs of each call's 25 µs in this process (bench/suites/proxy.mjs).
    const { route, batch, logWarnings } = target;
    this.pending.set(key, {
      route,
      batch,
      logWarnings,
      method: message.method,
      space,
      streamCancels,
      hostId: message.id,
      hostIdText,
      upIdText,
      chain,
      changes: this.changes,
      progress,
      own: undefined,
    });
    const hostKey = idKey(message.id);
    const index = this.hostIndex.get(space);
    const sameId = index?.get(hostKey);
    if (sameId !== undefined) sameId.push(key);
    else if (index !== undefined) index.set(hostKey, [key]);
    else this.hostIndex.set(space, new Map([[hostKey, [key]]]));
    if (message.method === "tools/list") {
      const hostKey = looseIdKey(message.id);
      const keys = this.listsUnder.get(hostKey);
      if (keys === undefined) this.listsUnder.set(hostKey, new Map([[key, route]]));
      else keys.set(key, route);
    }
    // Two --listen clients may both use the token 1: the server sees the proxy's, as it sees its ids.
    const text = progress === undefined ? withId(received.text, upIdText) : withMetaValue(withId(received.text, upIdText), "params", "progressToken", upIdText);
    this.toServer(text, { kind: "request", id: up, method: message.method, params: message.params }, tool, key);
  }

  /** Why a request of `space` may not be sent now (MAX_HOST_REQUESTS in flight), or undefined. */
  private hostRequestsFull(space: IdSpace): string | undefined {
    if ((this.inFlight.get(space) ?? 0) >= MAX_HOST_REQUESTS) return `${MAX_HOST_REQUESTS} requests of the host's wait for the server's answer already`;
    if (this.allInFlight >= MAX_ALL_HOST_REQUESTS) return `${MAX_ALL_HOST_REQUESTS} requests of the hosts' wait for the server's answer already`;
    return undefined;
  }

  private hostNotification(received: Received, space: IdSpace): void {
    const message = received.message as Extract<Received["message"], { kind: "notification" }>;
    let text = received.text;
    if (message.method === "tools/call") {
      // A call without an id is still a call to a JSON-RPC server (only its answer is left out): it
      // goes through the gate like any other, and since no answer can carry a refusal, never further.
      this.options.reporter.problem(`the host sent a tools/call without an id; it was not passed on (${excerpt(text)}).`);
      return;
    }
    if (message.method === "notifications/cancelled") {
      const requestId = getOwn(message.params, "requestId");
      if (typeof requestId === "string" || typeof requestId === "number") {
        const hostKey = idKey(requestId);
        // A call the proxy holds is dropped: the host wants no answer, and the server never heard of
        // it. One call: another of the host's under the same id (it reused it) still gets its answer.
        const dropped = this.held.findLastIndex((h) => h.space === space && h.received.message.kind === "request" && idKey(h.received.message.id) === hostKey);
        if (dropped !== -1) {
          const [h] = this.held.splice(dropped, 1);
          if (h!.batch) this.unanswered(h!.batch);
          return;
        }
        const key = this.hostIndex.get(space)?.get(hostKey)?.at(-1);
        const pending = key === undefined ? undefined : this.pending.get(key);
        // Nothing of this host's in flight under that id (answered already, never sent, or another
        // --listen client's): under the host's id the server would read another request of the
        // proxy's numbering, so nothing is sent. A list of that id the server cancelled is the one
        // the host gave up on (the SDK cancels on a timeout too).
        if (key === undefined || pending === undefined) return void this.listGivenUp(hostKey, space);
        text = withCancelledId(text, pending.upIdText);
        this.upstream.abandon(key);
        // The host takes no answer for it any more (MCP: it ignores one that comes), and a server that
        // follows the spec sends none: it is forgotten, so cancelled requests fill nothing toward
        // MAX_HOST_REQUESTS, and an answer or progress that comes anyway is dropped without a report
        // (rememberCancelled). In a batch the other answers no longer wait for it.
        this.settle(key, pending);
        this.rememberCancelled(key);
        if (pending.batch) this.unanswered(pending.batch);
      }
    }
    this.toServer(text, message);
  }

  private toServer(text: string, message: Received["message"], tool?: JsonObject, key?: string): void {
    if (this.upstream.send(text, { message, tool, key })) return;
    this.serverFull = true;
    this.host.pause();
  }

  /** 2025 era from `initialize` on; 2026-07-28 when requests carry a protocol version in _meta (the proxy's own list repeats it). */
  private noteEra(method: string, meta: JsonValue | undefined): void {
    if (method === "initialize") {
      this.era = "legacy";
      this.hostListParams = undefined;
      return;
    }
    if (!isJsonObject(meta) || typeof getOwn(meta, PROTOCOL_VERSION) !== "string") return;
    // The newest 2026-07-28 _meta is kept after an initialize too: the proxy's subscription, opened
    // again for the 2026-07-28 hosts, goes with it (without it the server takes it for a 2025-era request).
    if (this.era !== "legacy") this.era = "modern";
    const kept: Record<string, JsonValue> = {};
    for (const key of OWN_META_KEYS) if (Object.hasOwn(meta, key)) kept[key] = meta[key]!;
    this.modernMeta = kept;
  }

  private chainFor(cursor: JsonValue | undefined): ListChain | undefined {
    if (cursor === undefined) return { names: new Set(), chars: 0, pages: 0, asked: undefined, previous: undefined };
    if (typeof cursor !== "string") return undefined;
    return this.takeChain(idKey(cursor));
  }

  private takeChain(key: string): ListChain | undefined {
    const chain = this.chains.get(key);
    if (chain === undefined) return undefined;
    this.chains.delete(key);
    this.chainChars -= chain.chars;
    return chain;
  }

  /** Keeps a walk until the host asks for its next page; past MAX_CHAINS, or MAX_CHAIN_NAME_CHARS, the one kept longest ago goes (it completes no listing). */
  private keepChain(key: string, chain: ListChain): void {
    this.takeChain(key);
    this.chains.set(key, chain);
    this.chainChars += chain.chars;
    while (this.chains.size > MAX_CHAINS || this.chainChars > MAX_CHAIN_NAME_CHARS) this.takeChain(this.chains.keys().next().value!);
  }

  // ── server → host ────────────────────────────────────────────────────────────────────────────

  private fromServer(text: string, via: string | undefined): void {
    if (this.over) return;
    const read = readLine(text);
    if (read.kind === "empty") return;
    if (read.kind === "single" && !read.item.ok && read.item.unreadable.code === PARSE_ERROR) {
      // Over HTTP the response a text came in says which request it answers (`via`): one that starts
      // like JSON but does not parse is that answer cut short, and that request fails (the others go
      // on). Any other line is skipped, as the SDK's clients skip a line that does not parse (a log
      // line on stdout, `[dotenv@17.2.1] injecting env`), never passed on: the host gets only
      // messages the proxy read. Output that ends inside a line, or a line past the limit, is a fault.
      if (via !== undefined && this.pending.has(via) && /^\s*[[{]/.test(text)) {
        // Its text is the server's (it may echo a URL and its key): stderr has it, the host does not.
        const problem = "the server sent a message that is not complete JSON";
        this.options.reporter.problem(`${problem}: ${excerpt(text)}`);
        this.failed(via, problem);
      } else this.skipped(text);
      return;
    }
    const items = read.kind === "single" ? [read.item] : read.items;
    for (const item of items) this.serverItem(item, via);
  }

  /** A line of the server's that is not JSON: reported (the first few, then fewer: DriftReporter.noise), and not passed on. */
  private skipped(text: string): void {
    this.options.reporter.noise(`the server sent a line that is not JSON; it was skipped, as MCP clients skip it, and not passed on: ${excerpt(text)}`);
  }

  private serverItem(item: Item, via: string | undefined): void {
    if (!item.ok) {
      this.unreadableFromServer(item.unreadable);
      return;
    }
    const { received } = item;
    const { message } = received;
    const viaRoute = via === undefined ? undefined : this.pending.get(via)?.route;
    if (message.kind === "request") {
      this.serverRequest(received.text, message.id, viaRoute);
      return;
    }
    if (message.kind === "notification") {
      this.serverNotification(received, viaRoute);
      return;
    }
    if (message.id === null) {
      // Over HTTP, an error under id null in the response to one POST answers that POST's request: a
      // server that refuses it before reading its id (the SDK v1 answers a 2026-07-28 request with
      // HTTP 400 so). For a request of the proxy's own, that is the answer it waits for; it says only
      // that the server does not speak the era of the request. A host's request gets it as its
      // answer, under its own id, as it would from the server directly: its SDK tells from it that
      // the server speaks another era (and falls back), not that the proxy failed.
      const asked = via === undefined ? undefined : this.pending.get(via);
      if (asked?.own) {
        this.settle(via!, asked);
        asked.own(received);
        return;
      }
      if (asked !== undefined && !message.ok) {
        this.settle(via!, asked);
        if (asked.method === "server/discover" && asked.streamCancels) this.listen.discovered(undefined);
        this.answer(asked, withId(received.text, asked.hostIdText), { answers: asked });
        return;
      }
      this.options.reporter.problem(`the server sent an error that answers no request: ${excerpt(received.text)}`);
      return;
    }
    const key = idKey(message.id);
    const pending = this.pending.get(key);
    if (pending === undefined) {
      if (!this.cancelled.delete(key))
        this.options.reporter.problem(`the server answered an id the proxy never sent or that is answered already (${shortId(idText(received.text))}); the answer was not passed on.`);
      return;
    }
    this.settle(key, pending);
    if (pending.own) {
      pending.own(received);
      return;
    }
    // streamCancels: a 2026-07-28 request (isModern).
    if (pending.method === "server/discover" && pending.streamCancels) this.listen.discovered(listChangedOf(received));
    if (pending.method === "initialize" && message.ok) this.legacySessionOpen();
    if (pending.method !== "tools/list" || !message.ok) {
      // Whether the host may take it for a list's answer is decided as it goes out (delivered).
      this.answer(pending, this.hostText(received.text, received, pending), { answers: pending, result: message.ok ? received : undefined });
      return;
    }
    const checked = this.checkPage(received, pending, false);
    this.answer(pending, checked.ok ? this.hostText(checked.text, received, pending) : checked.text, { answers: pending });
  }

  /** The server's answer `text` (checked, if it was) as the host gets it: under the host's id. */
  private hostText(text: string, received: Received, pending: Pending): string {
    const answered = withId(text, pending.hostIdText);
    // 2026-07-28: a subscriptions/listen result names its subscription by the request's id.
    const subscription = getOwn(getOwn(getOwn(received.value, "result"), "_meta"), SUBSCRIPTION_ID);
    if ((typeof subscription === "string" || typeof subscription === "number") && idKey(subscription) === idKey(Number(pending.upIdText)))
      return withMetaValue(answered, "result", SUBSCRIPTION_ID, pending.hostIdText);
    return answered;
  }

  /**
   * Checks a tools/list page the host asked for, or (`shared`) an answer the host could take for one:
   * the page as the host gets it (under the server's id still), or, refused, the error the host gets instead.
   */
  private checkPage(received: Received, pending: Pending, shared: boolean): { readonly ok: boolean; readonly text: string } {
    const current = pending.changes === this.changes;
    const checked = checkListAnswer(received, this.options.gate, this.options.maxDepth, current);
    if (!checked.ok) {
      const what = shared
        ? `the server's answer to ${pending.method} ${pending.hostIdText}: the host also has a tools/list in flight under that id, and as a tools/list answer it cannot be checked (${checked.problem})`
        : `the server's tools/list answer: ${checked.problem}`;
      this.options.reporter.problem(`refused ${what}`);
      return { ok: false, text: errorText(pending.hostIdText, INTERNAL_ERROR, `mcp-gen proxy refused ${what}`) };
    }
    this.options.reporter.verdicts(checked.page.verdicts, checked.page.tools);
    this.legacyNotices();
    const chain = pending.chain;
    if (chain) {
      const { tools, nextCursor } = checked.page;
      // endsWalk's test, on what the chain keeps of the page before: the page repeats it under its own cursor.
      const ends = chain.asked !== undefined && nextCursor !== undefined && idKey(nextCursor) === chain.asked && chain.previous === sha256Hex(JSON.stringify(tools));
      for (const tool of ends ? [] : tools) {
        const name = tool.name as string;
        if (chain.names.has(name)) continue;
        chain.names.add(name);
        chain.chars += name.length;
      }
      chain.pages++;
      if (!ends && nextCursor !== undefined) {
        // A walk longer than the proxy's own would go is not followed further (its names would grow
        // for as long as the host walks): every page is still checked, but none completes a listing.
        if (chain.pages >= this.options.maxPages) return { ok: true, text: checked.page.text };
        chain.asked = idKey(nextCursor);
        chain.previous = sha256Hex(JSON.stringify(tools));
        this.keepChain(chain.asked, chain);
      } else if (current) {
        this.options.gate.listed(chain.names);
        this.options.reporter.missing(this.options.gate.missing(chain.names));
      }
    }
    return { ok: true, text: checked.page.text };
  }

  /**
   * Cancels at the server the request the proxy sent under `key`, as a host cancels one: it is
   * forgotten, the server gets notifications/cancelled under the proxy's id, and what the server
   * still sends for it is dropped without a report.
   */
  private cancelAtServer(key: string, pending: Pending, reason: string): void {
    const params = { requestId: Number(pending.upIdText), reason };
    this.settle(key, pending);
    this.rememberCancelled(key);
    this.toServer(notificationText("notifications/cancelled", params), { kind: "notification", method: "notifications/cancelled", params });
    this.upstream.abandon(key);
  }

  /** Remembers that the host cancelled the request the proxy sent under `key` (the newest MAX_CANCELLED_KEPT). */
  private rememberCancelled(key: string): void {
    keepNewest(this.cancelled, key);
  }

  /**
   * Forgets a request that got its answer. `hostWaits`: the server cancelled it, and a tools/list of
   * the host's is waited for by the host still (listWaits).
   */
  private settle(key: string, pending: Pending, hostWaits = false): void {
    if (!this.pending.delete(key)) return;
    this.upstream.answered(key);
    if (pending.hostId !== undefined) {
      const count = this.inFlight.get(pending.space)! - 1;
      if (count === 0) this.inFlight.delete(pending.space);
      else this.inFlight.set(pending.space, count);
      this.allInFlight--;
      const hostKey = idKey(pending.hostId);
      const index = this.hostIndex.get(pending.space);
      const sameId = index?.get(hostKey);
      const at = sameId === undefined ? -1 : sameId.lastIndexOf(key);
      if (at !== -1) {
        sameId!.splice(at, 1);
        if (sameId!.length === 0) index!.delete(hostKey);
        if (index!.size === 0) this.hostIndex.delete(pending.space);
      }
    }
    if (pending.method === "tools/list" && pending.hostId !== undefined) {
      if (hostWaits) this.listWaits(key, pending.hostId, pending.space);
      else this.listDone(looseIdKey(pending.hostId), key);
    }
    // A list_changed held for a subscription (2026-07-28) goes with it: the host ended it, or was told
    // it ended; on any other stream the notice would reach another client, whose own subscription may
    // have the same id.
    if (this.heldNotices.size > 0) this.dropNotice(pending.route, key);
  }

  private dropNotice(route: Route, listenKey: string): void {
    const notices = this.heldNotices.get(route);
    if (notices?.delete(listenKey) && notices.size === 0) this.heldNotices.delete(route);
  }

  /**
   * Whether an answer under host id `hostKey` (looseIdKey) going out on `route` has the id of a
   * tools/list the host waits for on that route (an id it reused): it is checked as that list's, since
   * the host cannot tell the two apart. Lists on other routes (another POST over --listen: another
   * client, or ids the SDK never reuses) do not count: the answer never reaches their route.
   */
  private sharesListId(hostKey: string, route: Route): boolean {
    const keys = this.listsUnder.get(hostKey);
    if (keys === undefined) return false;
    for (const listRoute of keys.values()) if (listRoute === route) return true;
    return false;
  }

  /** The host's tools/list sent under `key` is answered or cancelled by the host. */
  private listDone(hostKey: string, key: string): void {
    const keys = this.listsUnder.get(hostKey);
    if (keys?.delete(key) && keys.size === 0) this.listsUnder.delete(hostKey);
  }

  /**
   * The server cancelled the host's tools/list sent under `key`: the host waits for it still
   * (waitingLists), past the newest MAX_CANCELLED_KEPT no more.
   */
  private listWaits(key: string, hostId: RequestId, space: IdSpace): void {
    this.waitingLists.set(key, { hostKey: looseIdKey(hostId), id: idKey(hostId), space });
    if (this.waitingLists.size <= MAX_CANCELLED_KEPT) return;
    const [oldest, { hostKey: oldestHostKey }] = this.waitingLists.entries().next().value!;
    this.waitingLists.delete(oldest);
    this.listDone(oldestHostKey, oldest);
  }

  /**
   * The host of `space` cancelled a request under `id` (idKey) with nothing of its in flight: the
   * newest list the server cancelled under that id is waited for no more.
   */
  private listGivenUp(id: string, space: IdSpace): void {
    if (this.waitingLists.size === 0) return;
    let given: [string, string] | undefined;
    for (const [key, waiting] of this.waitingLists) if (waiting.id === id && waiting.space === space) given = [key, waiting.hostKey];
    if (given === undefined) return;
    this.waitingLists.delete(given[0]);
    this.listDone(given[1], given[0]);
  }

  /** An answer under `hostKey` went out on `route`: the oldest list the server cancelled there under that id took it, and is waited for no more. */
  private listTaken(hostKey: string, route: Route): void {
    if (this.waitingLists.size === 0) return;
    const keys = this.listsUnder.get(hostKey);
    if (keys === undefined) return;
    for (const [key, listRoute] of keys)
      if (listRoute === route && this.waitingLists.delete(key)) {
        this.listDone(hostKey, key);
        return;
      }
  }

  private serverNotification(received: Received, viaRoute: Route): void {
    const message = received.message as Extract<Received["message"], { kind: "notification" }>;
    let text = received.text;
    let route = viaRoute;
    const subscription = getOwn(getOwn(message.params, "_meta"), SUBSCRIPTION_ID);
    let listenKey = "";
    if (typeof subscription === "string" || typeof subscription === "number") {
      // 2026-07-28: the id of the subscriptions/listen request it belongs to, which the host knows by its own id.
      listenKey = idKey(subscription);
      const listen = this.pending.get(listenKey);
      if (listen?.own && this.listen.owns(listenKey)) return void this.ownListenNotice(listenKey, message);
      if (listen === undefined || listen.own) {
        // No host hears of it, but what the server says of its tools holds whoever it tells: a call
        // after it is checked against a new listing, as after any list_changed.
        if (message.method === "notifications/tools/list_changed") this.toolsChanged();
        // One the host just ended (cancelled, or closed its stream) is a routine race: dropped quietly.
        if (!this.cancelled.has(listenKey))
          this.options.reporter.problem(`the server sent a notification for a subscription the proxy never opened or that has ended (${excerpt(text)}); it was not passed on.`);
        return;
      }
      text = withMetaValue(text, "params", SUBSCRIPTION_ID, listen.hostIdText);
      route = listen.route;
    }
    if (message.method === "notifications/tools/list_changed") {
      // Forwarded only once the proxy has listed the tools itself: from then on a drifted tool is withheld.
      this.toolsChanged();
      this.holdNotice(route, listenKey, text);
      return;
    }
    if (message.method === "notifications/progress") {
      const token = getOwn(message.params, "progressToken");
      const owner = typeof token === "string" || typeof token === "number" ? this.pending.get(idKey(token)) : undefined;
      if (owner?.progress === undefined) {
        if (owner === undefined && (typeof token === "string" || typeof token === "number") && this.cancelled.has(idKey(token))) return;
        this.options.reporter.problem(`the server sent progress under a token the proxy never sent or whose request is answered already (${excerpt(text)}); it was not passed on.`);
        return;
      }
      this.send(withParamsValue(text, "progressToken", owner.progress), owner.route, false);
      return;
    }
    if (message.method === "notifications/cancelled") {
      const requestId = getOwn(message.params, "requestId");
      if (typeof requestId === "string" || typeof requestId === "number") {
        const key = idKey(requestId);
        // 2025 era: the server gave up on a request of its own, under its own id.
        if (this.serverRequests.delete(key)) {
          keepNewest(this.serverCancelled, key);
          return void this.send(text, route, false);
        }
        // 2026-07-28: the server ended a subscription (or other request) of the host's, under the proxy's id for it.
        const pending = this.pending.get(key);
        if (pending === undefined) {
          // One the host cancelled already (a server tears a subscription down with this notice): a routine race.
          if (this.cancelled.has(key)) return;
          this.options.reporter.problem(`the server cancelled a request the proxy never sent or that is answered already (${excerpt(text)}); it was not passed on.`);
          return;
        }
        // A host's tools/list among them is waited for by the host still (listWaits), where an answer
        // can still reach it: on stdio, or in a batch's (its route stays open for the rest of the batch).
        this.settle(key, pending, pending.route === undefined || pending.batch !== undefined);
        if (pending.own) return void pending.own("the server cancelled it");
        // A batch's route stays open for the rest of its answers.
        this.send(withCancelledId(text, pending.hostIdText), pending.route, pending.batch === undefined);
        if (pending.batch) this.unanswered(pending.batch);
        return;
      }
    }
    this.send(text, route, false);
  }

  /** A request of the server's own, passed to the host unless MAX_SERVER_REQUESTS of them wait for its answer already. */
  private serverRequest(text: string, id: RequestId, route: Route): void {
    const key = idKey(id);
    if (this.serverRequests.size >= MAX_SERVER_REQUESTS && !this.serverRequests.has(key)) {
      const problem = `${MAX_SERVER_REQUESTS} requests of the server's wait for the host's answer already`;
      if (!this.serverRequestsFullReported) this.options.reporter.problem(`${problem}; further ones are answered with an error and not passed on until the host answers.`);
      this.serverRequestsFullReported = true;
      this.toServer(errorText(idText(text), INTERNAL_ERROR, `mcp-gen proxy: ${problem}; this one was not passed on.`), { kind: "response", id, ok: false });
      return;
    }
    this.serverRequestsFullReported = false;
    this.serverRequests.add(key);
    // An id reused: the host's answer under it is this request's.
    this.serverCancelled.delete(key);
    this.send(text, route, false);
  }

  /**
   * The host started a 2025-era session (`initialize`: a host that reconnects, a new --listen client):
   * the server may offer it other tools than it offered the session before (it knows the client by
   * its clientInfo now), so no verdict of a listing made before says what a call reaches. As after a
   * list_changed, a call waits for a listing made since (a listing in flight counts no more); unlike
   * then, the proxy does not list at once, before the server has answered the initialize, but when
   * the host lists or a call comes.
   */
  private sessionStarted(): void {
    this.changes++;
    this.listComplete = false;
    this.options.gate.forgetAll();
    if (this.refreshing) this.refreshAgain = true;
  }

  /**
   * The server lost the 2025-era session, and a new one is being started with the host's initialize
   * (http-upstream.ts): a restarted server may list other tools, so, as after the host's own
   * initialize, nothing listed before holds, and a call waits for a listing made on the new session.
   * The proxy lists at once, and the host, which listed the old session's tools, is told to list
   * again (list_changed) once that listing is checked.
   */
  private upstreamSessionLost(): void {
    if (this.over) return;
    this.sessionStarted();
    if (this.era === "legacy") this.holdNotice(undefined, "", LIST_CHANGED);
    this.refresh();
  }

  /**
   * A request of `key` the server did not process (its session was lost): sent again on the new one,
   * unless it is answered or cancelled meanwhile. A tools/call goes again only as a new one would:
   * once a listing made on the new session let its tool through; otherwise it is answered here,
   * refused as any call of a drifted tool (a server that came back with other tools: a rug pull
   * across a restart).
   */
  private async lost(key: string, message: RpcMessage): Promise<Replay> {
    const pending = this.pending.get(key);
    if (pending === undefined || this.over) return NOT_SENT;
    if (pending.method !== "tools/call") return { send: true, tool: undefined };
    if (this.refreshing || !this.listComplete) {
      if (!this.refreshing) this.refresh();
      await new Promise<void>((resolve) => this.listingWaiters.push({ until: this.covering(), resolve }));
    }
    if (this.pending.get(key) !== pending) return NOT_SENT;
    const name = getOwn(message.kind === "request" ? message.params : undefined, "name");
    const verdict = typeof name === "string" ? this.options.gate.checkCall(name) : ({ kind: "unlisted" } as const);
    if (verdict.kind === "allow") return { send: true, tool: this.options.gate.shown(name as string) };
    this.settle(key, pending);
    if (verdict.kind === "refuse") this.refuseCall(pending, pending.hostIdText, name as string, verdict, { answers: pending });
    else {
      const problem = `the server no longer knows the session (HTTP 404: it restarted, or the session expired), and the tools of the new session could not be listed and checked or do not show ${quoteName(String(name))}; the call was not sent again.`;
      this.answer(pending, errorText(pending.hostIdText, INTERNAL_ERROR, `mcp-gen proxy: ${problem}`), { answers: pending });
    }
    return NOT_SENT;
  }

  /** The server said its tools changed: what the proxy listed no longer holds, and it lists them again. */
  private toolsChanged(): void {
    this.changes++;
    this.listComplete = false;
    this.refresh();
  }

  /**
   * Holds a list_changed for `route` and subscription `listenKey` until the listing that covers it,
   * unless one for both waits already: the host re-lists after that one, and sees this change too.
   */
  private holdNotice(route: Route, listenKey: string, text: string): void {
    let notices = this.heldNotices.get(route);
    if (notices === undefined) this.heldNotices.set(route, (notices = new Map()));
    if (!notices.has(listenKey)) notices.set(listenKey, { text, until: this.covering() });
  }

  /** Sends every held list_changed whose listing (numbered up to `done`) is checked, in the order they first came. */
  private releaseNotices(done = Number.POSITIVE_INFINITY): void {
    for (const [route, notices] of [...this.heldNotices]) {
      for (const [key, notice] of [...notices]) {
        if (notice.until > done) continue;
        notices.delete(key);
        this.send(notice.text, route, false);
      }
      if (notices.size === 0) this.heldNotices.delete(route);
    }
  }

  private unreadableFromServer(unreadable: Unreadable): void {
    const problem = `the server sent a message that cannot be passed on: ${unreadable.problem}`;
    // JSON that is no message at all (a JSON logger on stdout) is counted with the lines that are not JSON.
    if (unreadable.shape === "unknown") return void this.options.reporter.noise(problem);
    this.options.reporter.problem(problem);
    if (unreadable.shape === "request") {
      if (unreadable.id !== null)
        this.upstream.send(errorText(unreadable.idText, unreadable.code, `mcp-gen proxy: ${unreadable.problem}`), { message: { kind: "response", id: unreadable.id, ok: false } });
      return;
    }
    if (unreadable.shape !== "response") return;
    const key = unreadable.id === null ? undefined : idKey(unreadable.id);
    const pending = key === undefined ? undefined : this.pending.get(key);
    // An answer nobody can tie to its request leaves that request waiting forever: the session cannot go on.
    if (key === undefined) return void this.fault(`the server sent an answer whose id cannot be read (${unreadable.problem})`);
    if (pending === undefined) {
      if (!this.cancelled.delete(key))
        this.options.reporter.problem(`the server answered an id the proxy never sent or that is answered already (${shortId(unreadable.idText)}); the answer was not passed on.`);
      return;
    }
    this.settle(key, pending);
    if (pending.own) {
      pending.own(`its answer cannot be read: ${unreadable.problem}`);
      return;
    }
    this.answer(pending, errorText(pending.hostIdText, INTERNAL_ERROR, `mcp-gen proxy: the server's answer cannot be passed on: ${unreadable.problem}`), { answers: pending });
  }

  // ── the proxy's own tools/list ───────────────────────────────────────────────────────────────

  /**
   * Lists the tools again (after list_changed, or for a call of a name no list has shown); calls and
   * notices wait for it. One listing at a time: one asked for while another runs starts once that one
   * is done, and covers every request for one made meanwhile, so however many notices come there is
   * one in flight and at most one to come.
   */
  private refresh(): void {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.refreshAgain = false;
    const number = ++this.listingsStarted;
    this.refreshing = this.listAll().finally(() => this.listed(number));
  }

  /**
   * The number of the listing that shows the server's tools as they are now: the one in flight
   * when nothing has changed since it started, else the next. What waits for it waits for no other:
   * a server that never stops sending list_changed delays a call by two listings at most.
   */
  private covering(): number {
    return this.refreshing && !this.refreshAgain ? this.listingsStarted : this.listingsStarted + 1;
  }

  /** The proxy's own listing `number` is checked (or failed): what waited for it goes on, and the next listing starts if one is due. */
  private listed(number: number): void {
    this.refreshing = undefined;
    this.heldFullReported = false;
    this.releaseNotices(number);
    const held = this.held.filter((h) => h.until <= number);
    this.held = this.held.filter((h) => h.until > number);
    for (const h of held) this.hostRequest(h.received, h.route, h.space, h.batch, true);
    for (const h of held) if (h.batch) this.flushBatch(h.batch);
    this.wakeListingWaiters(number);
    if (this.refreshAgain && !this.over) this.refresh();
  }

  /** Lets go on what waits for a listing up to `done` (all of them once the session is over). */
  private wakeListingWaiters(done: number): void {
    if (this.listingWaiters.length === 0) return;
    const woken = this.listingWaiters.filter((w) => w.until <= done);
    this.listingWaiters = this.listingWaiters.filter((w) => w.until > done);
    for (const w of woken) w.resolve();
  }

  private async listAll(): Promise<void> {
    const collector = new ToolsCollector(this.options.maxPages);
    const names = new Set<string>();
    let cursor: string | undefined;
    do {
      const answer = await this.ownRequest("tools/list", this.ownParams(cursor));
      const problem = typeof answer === "string" ? answer : answer.message.kind === "response" && !answer.message.ok ? `it answered with an error: ${excerpt(answer.text)}` : undefined;
      const checked = problem === undefined ? checkListAnswer(answer as Received, this.options.gate, this.options.maxDepth) : { ok: false as const, problem };
      if (!checked.ok) {
        this.listFailed(checked.problem);
        return;
      }
      this.options.reporter.verdicts(checked.page.verdicts, checked.page.tools);
      this.legacyNotices();
      for (const tool of checked.page.tools) names.add(tool.name as string);
      const next = collector.add(checked.page);
      if (!next.ok) {
        this.listFailed(next.problem.message);
        return;
      }
      cursor = next.value;
    } while (cursor !== undefined);
    this.listComplete = true;
    this.options.gate.listed(names);
    this.options.reporter.missing(this.options.gate.missing(names));
  }

  /** The proxy could not check the server's tools: until a list can be, no tool may be called. */
  private listFailed(problem: string): void {
    this.options.gate.forgetAll();
    this.listComplete = false;
    this.options.reporter.problem(`could not list the server's tools to check them (${problem}); every tools/call is refused until a tools/list answer can be checked.`);
  }

  /**
   * The params of the proxy's own tools/list: those of the host's newest tools/list (its _meta, any
   * other member), or before the host has listed, the _meta a 2026-07-28 host sends on every request.
   */
  private ownParams(cursor: string | undefined): JsonObject | undefined {
    const base = this.hostListParams !== undefined ? this.hostListParams.params : this.era === "modern" && this.modernMeta ? { _meta: this.modernMeta } : {};
    return cursor === undefined ? base : { ...base, cursor };
  }

  /** Remembers the params of a host's tools/list for the proxy's own (ownParams). */
  private noteListParams(params: JsonValue | undefined): void {
    if (params !== undefined && !isJsonObject(params)) return;
    if (params === undefined) return void (this.hostListParams = { params });
    // No prototype: a member named __proto__ stays a member.
    const kept: Record<string, JsonValue> = Object.create(null) as Record<string, JsonValue>;
    for (const [name, value] of Object.entries(params)) {
      if (name === "cursor") continue;
      if (name !== "_meta" || !isJsonObject(value) || !Object.hasOwn(value, "progressToken")) kept[name] = value;
      else {
        // The host's progress token names the host's request; the proxy's own asks for no progress.
        const { progressToken: _token, ...meta } = value;
        kept[name] = meta;
      }
    }
    this.hostListParams = { params: kept };
  }

  private ownRequest(method: string, params: JsonObject | undefined): Promise<Received | string> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        const pending = this.pending.get(key);
        if (pending === undefined) return;
        // Given up on as a host gives up on a request (MCP: it says so to the server), so that the
        // server can stop, and an answer that comes after all is dropped without a report.
        this.cancelAtServer(key, pending, `mcp-gen proxy: no answer within ${this.options.ownTimeoutMs} ms.`);
        resolve(`no answer within ${this.options.ownTimeoutMs} ms`);
      }, this.options.ownTimeoutMs);
      timer.unref();
      const key = this.sendOwn(method, params, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
    });
  }

  /** Sends a request of the proxy's own under the next id; `own` gets its answer, or why none will come. The key of its id. */
  private sendOwn(method: string, params: JsonObject | undefined, own: (answer: Received | string) => void): string {
    const id = this.nextUpId++;
    const key = idKey(id);
    const upIdText = String(id);
    this.pending.set(key, {
      route: undefined,
      batch: undefined,
      logWarnings: false,
      method,
      space: undefined,
      streamCancels: false,
      hostId: undefined,
      hostIdText: "null",
      upIdText,
      chain: undefined,
      changes: this.changes,
      progress: undefined,
      own,
    });
    this.upstream.send(requestText(upIdText, method, params), { message: { kind: "request", id, method, params }, key });
    return key;
  }

  // ── the proxy's own subscription (2026-07-28) ─────────────────────────────────────────────────

  /**
   * Opens the proxy's subscriptions/listen for tool list changes alone (basic/patterns/subscriptions.mdx),
   * with the _meta of the host's requests (protocol version, clientInfo, capabilities). It lives
   * until the server ends it or the session does: no timeout, unlike the proxy's tools/list.
   */
  private openListen(): string {
    const params: JsonObject = { _meta: this.modernMeta ?? this.legacyMeta ?? {}, notifications: { toolsListChanged: true } };
    const key = this.sendOwn("subscriptions/listen", params, (answer) => {
      if (typeof answer === "string") return this.listen.ended(key, { kind: "failed", detail: answer });
      const { message } = answer;
      if (message.kind === "response" && !message.ok) return this.listen.ended(key, { kind: "error", detail: `it answered with an error: ${excerpt(answer.text)}` });
      this.listen.ended(key, { kind: "result" });
    });
    return key;
  }

  /** Ends a request of the proxy's own at the server (on stdio notifications/cancelled, over HTTP its stream closed too). */
  private cancelOwn(key: string, reason: string): void {
    const pending = this.pending.get(key);
    if (pending !== undefined) this.cancelAtServer(key, pending, reason);
  }

  /**
   * A notification under the proxy's own subscription: the acknowledgment says whether tool list
   * changes will come; a list_changed makes the proxy list again as one for the host does. Nothing of
   * it goes to the host, which never opened this subscription (a host that opened its own gets its
   * notice there, once).
   */
  private ownListenNotice(key: string, message: Extract<Received["message"], { kind: "notification" }>): void {
    if (message.method === "notifications/subscriptions/acknowledged") {
      this.listen.acknowledged(key, getOwn(getOwn(message.params, "notifications"), "toolsListChanged") === true);
    } else if (message.method === "notifications/tools/list_changed") {
      this.toolsChanged();
      // A 2025-era host the server never tells (no session of its own) hears of it from the proxy,
      // once the proxy has listed and checked the tools, as a list_changed the server sent unasked.
      if (this.era === "legacy" && !this.upstream.tellsSession()) this.holdNotice(undefined, "", LIST_CHANGED);
    }
  }

  /**
   * A 2025-era host's `initialize` was answered. A server that tells that session of changes itself
   * (stdio; an HTTP session with its GET stream) is left to: the proxy asks nothing. One that serves
   * it without a session never will: the proxy asks it with a server/discover of its own, under the
   * _meta built from the host's `initialize` (legacyMeta), whether it speaks 2026-07-28 and tells of
   * tool list changes there; if so it holds its own subscription (own-listen.ts). An error, or no
   * answer, leaves everything as it was.
   */
  private legacySessionOpen(): void {
    if (this.upstream.tellsSession() || !this.listen.legacySession()) return;
    void this.ownRequest("server/discover", { _meta: this.legacyMeta ?? {} }).then((answer) => this.listen.discovered(typeof answer === "string" ? undefined : modernListChangedOf(answer)));
  }

  // ── answers, ends ───────────────────────────────────────────────────────────────────────────

  /**
   * The final answer to a host request: in its batch, or on its route, after the log notices it asked
   * for. `from`: given for a request the proxy sent on (see Outgoing).
   */
  private answer(target: Target, text: string, from?: { readonly answers: Pending; readonly result?: Received | undefined }): void {
    if (target.logWarnings && this.options.reporter.hasHostNotices) {
      for (const notice of this.options.reporter.takeHostNotices()) this.send(notice, target.route, false);
    }
    const outgoing: Outgoing = { text, answers: from?.answers, result: from?.result };
    if (target.batch) {
      target.batch.texts.push(outgoing);
      this.flushBatch(target.batch);
      return;
    }
    this.send(this.delivered(outgoing, target.route), target.route, true);
  }

  /**
   * An answer's text as it goes out on `route`, now, not when it came (a batch holds its answers until
   * the last): one the host can take for the answer to a tools/list it waits for under the same id on
   * that route (sharesListId) is checked as that list's answer. One that answers no tools/list is
   * the answer the host takes for a list the server cancelled under that id, if one waits: that list
   * is waited for no more. (A list's own answer is its own: a host that sent lists under one id
   * several times may wait for one for each.)
   */
  private delivered(outgoing: Outgoing, route: Route): string {
    const { answers, result } = outgoing;
    if (answers?.hostId === undefined || this.listsUnder.size === 0) return outgoing.text;
    const hostKey = looseIdKey(answers.hostId);
    let text = outgoing.text;
    if (result !== undefined && this.sharesListId(hostKey, route)) {
      const checked = this.checkPage(result, answers, true);
      text = checked.ok ? this.hostText(checked.text, result, answers) : checked.text;
    }
    if (answers.method !== "tools/list") this.listTaken(hostKey, route);
    return text;
  }

  /** A request of `batch` ended without an answer: the batch is answered without it. */
  private unanswered(batch: Batch): void {
    batch.unanswered++;
    this.flushBatch(batch);
  }

  private flushBatch(batch: Batch): void {
    if (!batch.sealed || batch.expected <= 0 || batch.texts.length + batch.unanswered < batch.expected) return;
    const texts = batch.texts.splice(0).map((outgoing) => this.delivered(outgoing, batch.route));
    batch.expected = -1;
    // JSON-RPC 2.0 §6: with no answer at all, nothing is sent back (over HTTP the POST is ended).
    if (texts.length > 0) this.send(`[${texts.join(",")}]`, batch.route, true);
    else this.host.end(batch.route);
  }

  /** 2025 era: a host that set a log level at warning or below hears of each drift at once. */
  private legacyNotices(): void {
    if (this.era === "modern" || !wantsWarnings(this.legacyLevel)) return;
    for (const notice of this.options.reporter.takeHostNotices()) this.send(notice, undefined, false);
  }

  private send(text: string, route: Route, final: boolean): void {
    if (this.host.send(text, route, final)) return;
    // Answers to the host's own messages go to the same full output: its input waits too.
    this.hostFull = true;
    this.upstream.pause();
    this.host.pause();
  }

  private failed(key: string, problem: string): void {
    const pending = this.pending.get(key);
    // Answered already (an HTTP response that ended after carrying the answer), or given up on.
    if (pending === undefined) return;
    this.settle(key, pending);
    if (pending.own) {
      pending.own(problem);
      return;
    }
    this.answer(pending, errorText(pending.hostIdText, INTERNAL_ERROR, `mcp-gen proxy: ${problem}`), { answers: pending });
  }

  /** Something no working server sends: every open request gets an error, and the server is ended (exit 1). */
  private async fault(problem: string): Promise<void> {
    if (this.over || this.faulted) return;
    this.faulted = true;
    this.listen.stop();
    this.options.reporter.problem(`${problem}; ending the connection.`);
    this.failAll(`mcp-gen proxy ended the connection: ${problem}.`);
    this.serverEnded(await this.upstream.close());
  }

  private serverEnded(given: ServerEnd): void {
    this.listen.stop();
    // After a fault the proxy ends on its own error, however the server took being stopped.
    const end: ServerEnd = this.faulted ? { code: given.code !== undefined && given.code !== 0 ? given.code : 1 } : given;
    if (!this.over) {
      const how = end.signal !== undefined ? `was ended by ${end.signal}` : `exited with status ${end.code}`;
      this.failAll(end.problem ? `mcp-gen proxy: ${end.problem}` : `mcp-gen proxy: the server ${how} before answering.`);
    }
    this.over = true;
    this.releaseNotices();
    this.wakeListingWaiters(Number.POSITIVE_INFINITY);
    this.finish(end);
  }

  private failAll(message: string): void {
    for (const [key, pending] of [...this.pending]) {
      this.settle(key, pending);
      if (pending.own) pending.own(message);
      else this.answer(pending, errorText(pending.hostIdText, INTERNAL_ERROR, message), { answers: pending });
    }
    const held = this.held.splice(0);
    for (const h of held) this.answer({ route: h.route, batch: h.batch, logWarnings: false }, errorText(idText(h.received.text), INTERNAL_ERROR, message));
  }
}

/** A server/discover answer's capabilities.tools.listChanged: undefined for an error, false when it is not true. */
function listChangedOf(received: Received): boolean | undefined {
  if (received.message.kind !== "response" || !received.message.ok) return undefined;
  return getOwn(getOwn(getOwn(getOwn(received.value, "result"), "capabilities"), "tools"), "listChanged") === true;
}

/**
 * The proxy's own server/discover for a 2025-era host: capabilities.tools.listChanged when the server
 * says it supports SPEC_REVISION, else undefined (as for an error: it speaks the 2025 era only).
 */
function modernListChangedOf(received: Received): boolean | undefined {
  const versions = getOwn(getOwn(received.value, "result"), "supportedVersions");
  if (!Array.isArray(versions) || !versions.includes(SPEC_REVISION)) return undefined;
  return listChangedOf(received);
}

/**
 * The 2026-07-28 _meta for requests the proxy sends on behalf of a 2025-era host (basic/index.mdx §
 * _meta): the version the proxy speaks, and the clientInfo and capabilities of the host's `initialize`
 * (none given: `{}`, which means no optional capabilities).
 */
function metaOfInitialize(params: JsonValue | undefined): JsonObject {
  const meta: Record<string, JsonValue> = { [PROTOCOL_VERSION]: SPEC_REVISION };
  const info = getOwn(params, "clientInfo");
  if (isJsonObject(info)) meta[CLIENT_INFO] = info;
  const capabilities = getOwn(params, "capabilities");
  meta[CLIENT_CAPABILITIES] = isJsonObject(capabilities) ? capabilities : {};
  return meta;
}

/** Whether a request is of the 2026-07-28 era: a protocol version in its _meta. */
function isModern(message: Received["message"]): boolean {
  return message.kind === "request" && typeof getOwn(getOwn(message.params, "_meta"), PROTOCOL_VERSION) === "string";
}

/**
 * An id as a host may read an answer's: the TypeScript SDK looks answers up by Number(id), so to it
 * 1, "1", "1.0" and "0x1" are one id (and "" is 0).
 */
function looseIdKey(id: RequestId): string {
  const number = Number(id);
  return Number.isNaN(number) ? `s${id}` : `n${number}`;
}

/** An id's text as the server wrote it, for a report: at most 40 characters. */
function shortId(text: string): string {
  return cutText(text, 40);
}

/** Adds `key` to `keys`, which keeps the newest MAX_CANCELLED_KEPT it was given (in insertion order). */
function keepNewest(keys: Set<string>, key: string): void {
  keys.add(key);
  if (keys.size > MAX_CANCELLED_KEPT) keys.delete(keys.values().next().value!);
}
