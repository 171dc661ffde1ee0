// Watches one client connection for tools that differ from the lock. It taps the SDK transport
// (either SDK: it only wraps `send` and `onmessage`), so every tools/list answer is judged from the
// raw JSON the server sent, before the SDK parses it (the SDK drops fields its schemas do not know),
// whoever asked for it: this client's check at connect, `listTools()`, the SDK's own re-fetches.
// Pages are followed by cursor; a complete listing also tells which pinned tools are missing. A
// `notifications/tools/list_changed` (2025-era, or on a 2026-07-28 subscriptions/listen stream) marks
// the list stale and starts a fresh listing; calls wait for it, so a call that races the change is
// judged against the newest list. Every tools/call the client sends passes the tap too: one made on
// the SDK Client itself (client.callTool, client.request) is judged as a typed call is.
import { pinTable, ToolDriftError, judgeTool, type DriftPolicy, type ToolDrift, type ToolPin } from "./tool-pins.js";

export interface PinGuardOptions {
  readonly pins: readonly ToolPin[];
  readonly policy: DriftPolicy;
  /** Fetches every page of tools/list over the connection, bypassing any cache (the tap judges each page). */
  readonly list: () => Promise<unknown>;
  /** The transport the client talks over now (undefined before it connects). */
  readonly transport: () => object | undefined;
  /** Where the differences found by listings nobody waits on go (once per tool and hash). */
  readonly warn: (message: string) => void;
}

/**
 * The most listings a call waits through while list_changed keeps coming, each making the one
 * before stale: then the call is refused (policy "throw") or sent (policy "warn").
 */
export const MAX_WAITED_LISTINGS = 4;

/** What the guard sees of a transport: the two members it wraps. */
interface Tap {
  send: (message: unknown, options?: unknown) => Promise<void>;
  onmessage?: ((message: unknown, extra?: unknown) => void) | undefined;
}

/** One walk through the pages of tools/list. */
interface Walk {
  /** The list_changed count when it started: an older walk does not make the list current. */
  readonly epoch: number;
  /** It started at a cursor this guard did not see handed out, so what is missing cannot be told. */
  readonly partial: boolean;
  readonly seen: Set<string>;
  readonly drift: Map<string, ToolDrift>;
  /** The tools of its newest page, as JSON: a page that repeats them under its own cursor ends the walk. */
  last?: string;
}

/** A tools/list request waiting for its answer: the walk it belongs to, and the cursor it asked with. */
interface Asked {
  readonly walk: Walk;
  readonly cursor: string | undefined;
}

type Message = { readonly [key: string]: unknown };

export class PinGuard {
  readonly #options: PinGuardOptions;
  readonly #pins: ReadonlyMap<string, ToolPin>;
  #attached: object | undefined;
  /** tools/list requests sent and not yet answered, by id as the SDKs match an answer to it (answerKey). */
  #requests = new Map<unknown, Asked>();
  /** Walks waiting for the page a cursor names. */
  #walks = new Map<string, Walk>();
  /** Each tool that differs, as of the newest page seen. */
  #drift = new Map<string, ToolDrift>();
  /** Pages of tools/list judged so far, whoever asked for them (a listing's mark: pagesJudged). */
  #pages = 0;
  /**
   * Each tool that differed on some page, stale or not, with the count of pages judged by then (its
   * newest such page). A stale page is no longer the server's list, but the SDK still hands it to
   * whoever asked, and may keep it in its cache.
   */
  #differed = new Map<string, { readonly page: number; readonly drift: ToolDrift }>();
  #current = false;
  #epoch = 0;
  #completed = 0;
  /** check() calls under way: their listing's drift is for the caller, not for `warn`. */
  #waiting = 0;
  #refresh: { readonly epoch: number; readonly done: Promise<void> } | undefined;
  readonly #reported = new Set<string>();
  /** tools/call requests held back until admitted, by answerKey: a cancelled one is never sent. */
  readonly #held = new Map<unknown, { cancelled: boolean }>();

  constructor(options: PinGuardOptions) {
    this.#options = options;
    this.#pins = pinTable(options.pins);
    this.#sync();
  }

  /** How the server's tools differ from the lock, as of the newest listing (empty when they match). */
  get drift(): readonly ToolDrift[] {
    return [...this.#drift.values()];
  }

  /** A complete listing has been judged since the connection opened and since the last list_changed (always, when nothing is compared). */
  get current(): boolean {
    if (this.#options.policy === "ignore") return true;
    this.#sync();
    return this.#current;
  }

  /** Lists the tools now and returns how they differ from the lock (the caller decides what to do with it). */
  async check(): Promise<readonly ToolDrift[]> {
    this.#waiting++;
    try {
      await this.#list();
      // A list_changed came while it walked the pages: the listing it started answers instead.
      await this.#settled();
      return this.drift;
    } finally {
      this.#waiting--;
    }
  }

  async #list(): Promise<readonly ToolDrift[]> {
    if (this.#options.policy === "ignore") return [];
    this.#sync();
    const before = this.#completed;
    await this.#options.list();
    // Nothing came over the wire (an SDK lists nothing from a server without the tools capability).
    if (this.#completed === before) this.#finish({ epoch: this.#epoch, partial: false, seen: new Set(), drift: new Map() });
    return this.drift;
  }

  /** Throws ToolDriftError (policy "throw") when any tool differs from the lock. */
  assertUnchanged(): void {
    if (this.#options.policy === "throw" && this.#drift.size > 0) throw new ToolDriftError(this.drift);
  }

  /** How many pages of tools/list were judged so far: the mark for assertListed. */
  get pagesJudged(): number {
    return this.#pages;
  }

  /** Whether any page judged on this guard held a tool that differs: a cached listing may be that page. */
  get sawDrift(): boolean {
    return this.#differed.size > 0;
  }

  /**
   * Throws ToolDriftError (policy "throw") when one of the tools `names` differed on a page judged
   * after `mark` (pagesJudged before the listing began), whichever listing that page answered. A page
   * answering a listing that began before the newest list_changed does not change what the guard
   * holds current, but its tools are what that listing returns.
   */
  assertListed(names: Iterable<string>, mark: number): void {
    if (this.#options.policy !== "throw") return;
    const drift: ToolDrift[] = [];
    for (const name of new Set(names)) {
      const found = this.#differed.get(name);
      if (found !== undefined && found.page > mark) drift.push(found.drift);
    }
    if (drift.length > 0) throw new ToolDriftError(drift, "The server's tools/list answer holds tools that differ from the lock this client was generated from");
  }

  /**
   * Before a typed call to `name`: waits for a current listing (at the first call, or after
   * list_changed), then refuses a tool that changed or is missing (policy "throw"), before anything
   * is sent.
   */
  async admit(name: string): Promise<void> {
    if (this.#options.policy === "ignore") return;
    const settled = await this.#settled();
    if (this.#options.policy !== "throw") return;
    const refused = `The call to ${JSON.stringify(name)} was not sent`;
    if (!settled) throw new ToolDriftError(this.drift, `${refused}: the server's tools changed again while each of ${MAX_WAITED_LISTINGS} listings was under way`);
    const drift = this.#refusal(name);
    if (drift !== undefined) throw new ToolDriftError([drift], `${refused}: the server's tool differs from the lock this client was generated from`);
  }

  /** Why a call to `name` is refused now (policy "throw"): its tool changed, is missing, or is not in the lock. */
  #refusal(name: string): ToolDrift | undefined {
    return this.#drift.get(name) ?? (this.#pins.has(name) ? undefined : { name, kind: "unpinned", sha256: "" });
  }

  /** Whether a call to `name` may be sent at once: nothing to wait for, nothing to refuse. */
  #mayCallNow(name: string): boolean {
    return this.#current && (this.#options.policy !== "throw" || this.#refusal(name) === undefined);
  }

  /**
   * What a message the client sends waits for: undefined when it may go at once (anything but a
   * tools/call, or a call with nothing to wait for), else a promise that settles when it may go and
   * rejects when it is refused. A tools/call whose name is not a string is refused (policy "throw"):
   * it goes out as its JSON, which need not be the text it is judged by.
   */
  admitCall(message: unknown): Promise<void> | undefined {
    const called = toolCalled(message);
    if (called === NOT_A_CALL || this.#options.policy === "ignore") return undefined;
    if (typeof called !== "string") return this.#options.policy === "throw" ? Promise.reject(new TypeError("The call was not sent: a tool name must be a string.")) : undefined;
    return this.#mayCallNow(called) ? undefined : this.admit(called);
  }

  /**
   * Holds back the tools/call requests sent on `transport` while the client connects on it, until
   * the returned function is called (once the guard has tapped it): an SDK may send a request as
   * soon as it has the transport, before connect() resolves.
   */
  holdCalls(transport: object): () => void {
    const tap = transport as Tap;
    const send = tap.send.bind(transport);
    let isReleased = false;
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => {
      release = () => {
        isReleased = true;
        resolve();
      };
    });
    tap.send = (message, options) => {
      // Released, with the guard's tap on this transport (attach() puts it in front of this function
      // before the release): the tap has judged the message already, and a call is judged once.
      if (isReleased && this.#attached === transport) return send(message, options);
      this.#noteCancel(message);
      if (toolCalled(message) === NOT_A_CALL) return send(message, options);
      return this.#hold(
        message,
        options,
        released.then(() => this.admitCall(message)),
        send,
      );
    };
    return release;
  }

  /** A notifications/cancelled for a request held back: it is never sent. */
  #noteCancel(message: unknown): void {
    const cancelled = cancelledRequest(message);
    if (cancelled === undefined) return;
    const held = this.#held.get(answerKey(cancelled));
    if (held) held.cancelled = true;
  }

  /** Sends `message` once `admitted` settles, unless its request was cancelled or its signal aborted meanwhile. */
  #hold(message: unknown, options: unknown, admitted: Promise<void>, send: Tap["send"]): Promise<void> {
    const key = answerKey((message as Message)["id"]);
    const held = { cancelled: false };
    this.#held.set(key, held);
    const signal = (options as { requestSignal?: AbortSignal } | undefined)?.requestSignal;
    return admitted
      .then(() => (held.cancelled || signal?.aborted === true ? undefined : send(message, options)))
      .finally(() => {
        if (this.#held.get(key) === held) this.#held.delete(key);
      });
  }

  /** Waits until a complete listing is current, through at most MAX_WAITED_LISTINGS listings made stale; false when none was. */
  async #settled(): Promise<boolean> {
    for (let waited = 0; !this.current; waited++) {
      if (waited === MAX_WAITED_LISTINGS) return false;
      await this.#refreshed();
    }
    return true;
  }

  /** Taps the client's transport now: after a (re)connect, before any call is made on it. */
  attach(): void {
    this.#sync();
  }

  /** One fresh listing per list_changed, shared by everyone who waits for it; what it finds goes to `warn`. */
  #refreshed(): Promise<void> {
    const running = this.#refresh;
    if (running !== undefined && running.epoch === this.#epoch) return running.done;
    const refresh = { epoch: this.#epoch, done: this.#list().then(() => undefined) };
    this.#refresh = refresh;
    const forget = () => {
      if (this.#refresh === refresh) this.#refresh = undefined;
    };
    refresh.done.then(forget, forget);
    return refresh.done;
  }

  /** Taps the client's transport (again after a reconnect, which starts over). */
  #sync(): void {
    if (this.#options.policy === "ignore") return;
    const transport = this.#options.transport();
    if (transport === undefined || transport === this.#attached) return;
    this.#attached = transport;
    this.#requests = new Map();
    this.#walks = new Map();
    this.#drift = new Map();
    this.#current = false;
    const tap = transport as Tap;
    const send = tap.send.bind(transport);
    tap.send = (message, options) => {
      // A call the SDK gave up on (its caller's timeout or signal) while it was held is never sent.
      this.#noteCancel(message);
      // A tools/call however it was made (client.callTool, client.request, a typed call) waits for its admission.
      const admitted = this.admitCall(message);
      if (admitted === undefined) {
        this.#sent(message);
        return send(message, options);
      }
      return this.#hold(message, options, admitted, send);
    };
    const receive = tap.onmessage;
    tap.onmessage = (message, extra) => {
      // Judged before the SDK sees it: by the time a listing resolves, its tools are judged.
      if (this.#attached === transport) this.#received(message);
      receive?.call(transport, message, extra);
    };
  }

  #sent(message: unknown): void {
    if (!isMessage(message) || message["method"] !== "tools/list" || message["id"] === undefined) return;
    const params = message["params"];
    const cursor = isMessage(params) ? params["cursor"] : undefined;
    const fresh = (partial: boolean): Walk => ({ epoch: this.#epoch, partial, seen: new Set(), drift: new Map() });
    const walk = typeof cursor !== "string" ? fresh(false) : (this.#walks.get(cursor) ?? fresh(true));
    this.#requests.set(answerKey(message["id"]), { walk, cursor: typeof cursor === "string" ? cursor : undefined });
  }

  #received(message: unknown): void {
    if (!isMessage(message)) return;
    if (message["method"] === "notifications/tools/list_changed") {
      this.#epoch++;
      this.#current = false;
      // Fetched now, not at the next call, so `warn` hears of a change as soon as it happens; after the
      // SDK has handled the notification (a listing that began before it does not count).
      Promise.resolve()
        .then(() => this.#refreshed())
        .catch(() => undefined);
      return;
    }
    if (!("id" in message) || "method" in message) return;
    // The SDK takes an answer under "1" or "1.0" for request 1: so does the guard.
    const key = answerKey(message["id"]);
    const asked = this.#requests.get(key);
    if (asked === undefined) return;
    this.#requests.delete(key);
    const result = message["result"];
    if (isMessage(result) && Array.isArray(result["tools"])) this.#page(asked, result);
  }

  /**
   * One page of a walk. The walk ends where the client's ends: at a page without nextCursor (an
   * empty string is a cursor too, which both SDKs follow), or at a page that repeats the page before
   * under the cursor it was asked with, which SDK v2's Client takes for the end of the list.
   */
  #page({ walk, cursor }: Asked, result: Message): void {
    const next = result["nextCursor"];
    const tools = JSON.stringify(result["tools"]);
    if (cursor !== undefined && next === cursor && tools === walk.last) {
      if (!walk.partial) this.#finish(walk);
      return;
    }
    walk.last = tools;
    const page = ++this.#pages;
    // A walk asked for before the newest list_changed shows tools the server no longer offers: what it
    // finds is its own, and never undoes what a fresher listing found.
    const fresh = walk.epoch === this.#epoch;
    for (const tool of result["tools"] as unknown[]) {
      // Not a tool at all: the SDK refuses the page, so the call that asked for it fails.
      if (!isMessage(tool) || typeof tool["name"] !== "string") continue;
      const name = tool["name"];
      walk.seen.add(name);
      const drift = judgeTool(this.#pins, name, tool) ?? walk.drift.get(name);
      if (drift === undefined) {
        if (fresh) this.#drift.delete(name);
        continue;
      }
      walk.drift.set(name, drift);
      this.#differed.set(name, { page, drift });
      if (fresh) this.#drift.set(name, drift);
    }
    if (typeof next === "string") this.#walks.set(next, walk);
    else if (!walk.partial) this.#finish(walk);
  }

  /** A complete listing: it is what the server offers now. */
  #finish(walk: Walk): void {
    for (const name of this.#pins.keys()) if (!walk.seen.has(name)) walk.drift.set(name, { name, kind: "missing" });
    this.#completed++;
    if (walk.epoch === this.#epoch) {
      this.#drift = new Map(walk.drift);
      this.#current = true;
    }
    if (this.#options.policy === "throw" && this.#waiting > 0) return;
    const fresh = [...walk.drift.values()].filter((drift) => {
      const key = `${drift.name}\u0000${drift.kind}\u0000${drift.kind === "missing" ? "" : drift.sha256}`;
      if (this.#reported.has(key)) return false;
      this.#reported.add(key);
      return true;
    });
    if (fresh.length === 0) return;
    const consequence = this.#options.policy === "throw" ? "; calls to a changed or missing tool are refused" : "";
    this.#options.warn(`[mcp-gen] ${new ToolDriftError(fresh, `The server's tools changed since this client was generated${consequence}`).message}`);
  }
}

/**
 * A request id as both SDKs match an answer to a request: by Number(id), so 1, "1", "1.0" and "0x1"
 * are one id. Other values (an SDK refuses them as ids) stay as they are.
 */
function answerKey(id: unknown): unknown {
  if (typeof id !== "string" && typeof id !== "number") return id;
  const number = Number(id);
  return Number.isNaN(number) ? `s${id}` : number;
}

const NOT_A_CALL = Symbol("not a tools/call");

/** The requestId a notifications/cancelled names, if the message is one. */
function cancelledRequest(message: unknown): unknown {
  if (!isMessage(message) || message["method"] !== "notifications/cancelled") return undefined;
  const params = message["params"];
  return isMessage(params) ? params["requestId"] : undefined;
}

/** The tool name of a tools/call request (as sent: maybe not a string), or NOT_A_CALL. */
function toolCalled(message: unknown): unknown {
  if (!isMessage(message) || message["method"] !== "tools/call" || message["id"] === undefined) return NOT_A_CALL;
  const params = message["params"];
  return isMessage(params) ? params["name"] : undefined;
}

function isMessage(value: unknown): value is Message {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * Has `guard` tap every transport `client` connects on from now on, as soon as the connection is
 * made: a call made on the SDK Client itself after a reconnect is judged too.
 */
export function reattachOnConnect(client: { connect: (...args: never[]) => Promise<void> }, guard: PinGuard): void {
  const connect = client.connect.bind(client) as (...args: unknown[]) => Promise<void>;
  (client as { connect: (...args: unknown[]) => Promise<void> }).connect = async (...args: unknown[]) => {
    const transport = args[0];
    const release = typeof transport === "object" && transport !== null && typeof (transport as Tap).send === "function" ? guard.holdCalls(transport) : () => undefined;
    try {
      await connect(...args);
    } finally {
      guard.attach();
      release();
    }
  };
}

/**
 * The check of a new connection: lists the tools and, when they differ from the lock and the policy
 * is "throw", closes the connection and throws ToolDriftError.
 */
export async function checkNewConnection(guard: PinGuard, close: () => Promise<void>): Promise<void> {
  try {
    await guard.check();
    guard.assertUnchanged();
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
