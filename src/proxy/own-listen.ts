// The proxy's own subscription to tool list changes (2026-07-28): a server tells of a change only on a
// `subscriptions/listen` stream a client opened (server/tools.mdx § List Changed Notification), so a
// host that opens none would leave the proxy checking calls against a list that no longer holds. This
// decides when the subscription is opened, kept, reopened and given up on; the session does the wire
// work (ListenWire) and never shows the host anything of it. A 2025-era host's requests open nothing,
// since its server sends list_changed unasked; but a server that serves that host without a session
// (the SDK v2's createMcpHandler, over HTTP) never does, so then the proxy asks the server whether it
// speaks 2026-07-28 (a server/discover of its own) and, if it tells of changes there, holds one anyway.
import { setTimeout as delay } from "node:timers/promises";

/** What the subscription asks of the session. */
export interface ListenWire {
  /** Sends subscriptions/listen (toolsListChanged) under a new id of the proxy's; the key of that id. */
  open(): string;
  /** Ends the subscription sent under `key` at the server (it gets no answer any more). */
  cancel(key: string): void;
  /** A subscription is open again after a time without one: a change told meanwhile was lost. */
  missed(): void;
  /** One line for the operator (stderr, --log). */
  note(text: string): void;
}

/** How an end of the subscription request came: an answer (error or result), or a failure of the transport or the session. */
export type ListenEnd = { readonly kind: "error"; readonly detail: string } | { readonly kind: "result" } | { readonly kind: "failed"; readonly detail: string };

export interface ListenTiming {
  /** How long to wait before opening it again once it ended. */
  readonly retryMs: number;
  /** How often in a row it may end within `retryMs` of its opening before the proxy stops reopening it. */
  readonly retries: number;
}

/** Like the 2025-era GET stream's (http-upstream.ts): a second between tries, three quick ends in a row at most. */
export const LISTEN_TIMING: ListenTiming = { retryMs: 1000, retries: 3 };

type State =
  /** Not opened yet, nor decided against. */
  | "idle"
  /**
   * A server/discover (the host's, or the proxy's own for a 2025-era host) is in flight: its
   * capabilities say whether the server tells of changes.
   */
  | "deferred"
  /** Sent; not acknowledged yet. */
  | "opening"
  | "open"
  /** Ended; opened again after `retryMs`. */
  | "waiting"
  /** Given up on, not supported, or the session is over: never opened again. */
  | "off";

export class OwnListen {
  private state: State = "idle";
  /** The key of the subscription request in flight (opening or open). */
  private key: string | undefined;
  /** Whether the server ever acknowledged one with tool list changes: until then an end means it does not offer them. */
  private everOpen = false;
  /** When the one in flight was sent, and how many in a row ended within retryMs. */
  private sentAt = 0;
  private quickEnds = 0;
  /** Whether the proxy asked the server with a server/discover of its own already (legacySession): it asks once. */
  private probed = false;
  private readonly stopped = new AbortController();

  private readonly timing: ListenTiming;

  /** `timing` false: never opened (the session's ownListen option). */
  constructor(
    private readonly wire: ListenWire,
    timing: ListenTiming | false = LISTEN_TIMING,
  ) {
    this.timing = timing === false ? LISTEN_TIMING : timing;
    if (timing === false) this.state = "off";
  }

  /** Whether `key` is the id of the proxy's subscription in flight. */
  owns(key: string): boolean {
    return this.key === key;
  }

  /**
   * The host sent a 2026-07-28 request. Its first opens the subscription, unless it is server/discover,
   * whose answer says first whether the server offers list changes at all. A 2025-era request opens
   * nothing (list_changed comes unasked), nor stops a later 2026-07-28 one from opening it.
   */
  modernRequest(isDiscover: boolean): void {
    if (this.state !== "idle" && this.state !== "deferred") return;
    if (isDiscover) this.state = "deferred";
    else this.open();
  }

  /**
   * A 2025-era host's `initialize` was answered by a server that has no way of its own to tell that
   * session of a change (UpstreamPort.tellsSession). Whether the proxy is to send a server/discover
   * of its own (2026-07-28) to learn if the server tells of changes on a subscription instead: only
   * while nothing is open nor decided, and once per run. Its answer goes to `discovered`.
   */
  legacySession(): boolean {
    if (this.state !== "idle" || this.probed) return false;
    this.probed = true;
    this.state = "deferred";
    return true;
  }

  /**
   * A server/discover was answered (the host's, or the proxy's own): `listChanged` is its
   * capabilities.tools.listChanged, or undefined for an error (the server may speak the 2025 era
   * only: the host's next 2026-07-28 request, if any, decides).
   */
  discovered(listChanged: boolean | undefined): void {
    if (listChanged === undefined) {
      if (this.state === "deferred") this.state = "idle";
      return;
    }
    if (!listChanged) {
      // A server that does not say it tells of changes has none to tell: nothing to hold open.
      this.turnOff();
      return;
    }
    if (this.state === "idle" || this.state === "deferred") this.open();
  }

  /** The server acknowledged the subscription under `key`; `tools`: with toolsListChanged in its filter. */
  acknowledged(key: string, tools: boolean): void {
    if (!this.owns(key) || this.state !== "opening") return;
    if (!tools) {
      // T-NOTIF-3: the filter acknowledged is what the server will send; without tools, nothing of use.
      this.turnOff();
      return;
    }
    this.state = "open";
    const reopened = this.everOpen;
    this.everOpen = true;
    if (reopened) this.wire.missed();
  }

  /** The subscription request under `key` ended: it is opened again, or given up on with one line. */
  ended(key: string, end: ListenEnd): void {
    if (!this.owns(key)) return;
    this.key = undefined;
    if (this.state === "off") return;
    if (end.kind === "error" || !this.everOpen) {
      this.state = "off";
      const why = end.kind === "result" ? "it ended the subscription before acknowledging it" : end.detail;
      this.wire.note(`the server did not keep a subscription to tool list changes open for the proxy (${why}); the proxy checks the tools whenever the host lists them.`);
      return;
    }
    this.quickEnds = Date.now() - this.sentAt < this.timing.retryMs ? this.quickEnds + 1 : 0;
    if (this.quickEnds > this.timing.retries) {
      this.state = "off";
      this.wire.note(
        `the server ended the proxy's subscription to tool list changes ${this.quickEnds} times in a row within ${this.timing.retryMs} ms; it is not opened again, and the proxy checks the tools whenever the host lists them.`,
      );
      return;
    }
    this.state = "waiting";
    void delay(this.timing.retryMs, undefined, { signal: this.stopped.signal, ref: false }).then(
      () => {
        if (this.state === "waiting") this.open();
      },
      () => undefined,
    );
  }

  /** The session is over: nothing is opened again, and no end is reported. */
  stop(): void {
    this.state = "off";
    this.key = undefined;
    this.stopped.abort();
  }

  private open(): void {
    this.state = "opening";
    this.sentAt = Date.now();
    this.key = this.wire.open();
  }

  private turnOff(): void {
    const key = this.key;
    this.state = "off";
    this.key = undefined;
    if (key !== undefined) this.wire.cancel(key);
  }
}
