// Where the proxy says what it did: each drift once per tool and hash (a block on stderr, which hosts
// keep in their MCP log; a JSON line in --log; a notifications/message at level warning for a host
// that asked for log messages), each pinned tool a complete list left out once while it stays away (reported, not an
// error: a list may vary with the authorization presented), and each refused call.
import { visibleLine } from "../diff/visible-text.js";
import type { JsonObject } from "../model/json.js";
import { driftNotice, HOST_HINT, shownName, noticeJson, noticeText, quoteName, type DriftContext, type DriftNotice } from "./drift-notice.js";
import { notificationText } from "./rpc-text.js";
import type { ToolVerdict } from "./tool-gate.js";

export interface ReportSink {
  stderr(text: string): void;
  /** Appends one JSON line to the --log file; does nothing without --log. */
  log(line: string): void;
  /** The time for a log line, ISO 8601. */
  now(): string;
}

/** The MCP log levels in order of severity; a host that asked for one of the first four sees warnings. */
const LEVELS = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"] as const;

/** Whether a host that asked for log messages at `level` (a logging/setLevel or a request's logLevel) wants warnings. */
export function wantsWarnings(level: unknown): boolean {
  const at = LEVELS.indexOf(level as (typeof LEVELS)[number]);
  return at !== -1 && at <= LEVELS.indexOf("warning");
}

/** Most notices kept for a host that has not asked for them yet: the newest (each at most about 1 KB: no diff, the name cut short). */
const MAX_HOST_NOTICES = 64;
/** Most tool hashes remembered as reported (64 characters each); past it the oldest is forgotten (and reported again should it come back). */
const MAX_REPORTED = 4096;
/** Lines the server sent that are no message reported one by one; past them only the 2×, 4×, 8×, … such line is. */
const NOISE_REPORTED = 10;

export class DriftReporter {
  /** The hashes of the tools reported: a tool's hash covers its name, so the hash alone says which tool (the name may be megabytes long). */
  private readonly reported = new Set<string>();
  private readonly absent = new Set<string>();
  /** How many lines of the server's were skipped as no message (noise). */
  private noiseCount = 0;
  /**
   * The notifications/message texts of the notices the host has not been sent yet, in the order
   * found (the newest MAX_HOST_NOTICES): made at once, so that neither the diff nor the tool is kept.
   */
  private forHost: string[] = [];

  constructor(
    private readonly context: DriftContext,
    private readonly sink: ReportSink,
  ) {}

  /** Reports each verdict that is not a match, unless this tool was reported with this hash before. */
  verdicts(verdicts: readonly ToolVerdict[], tools: readonly JsonObject[]): void {
    verdicts.forEach((verdict, i) => {
      if (verdict.status === "match") return;
      if (this.reported.has(verdict.sha256)) return;
      // A server can list another drifted text each time (and have the proxy list again with list_changed).
      if (this.reported.size >= MAX_REPORTED) this.reported.delete(this.reported.values().next().value!);
      this.reported.add(verdict.sha256);
      const notice = driftNotice(verdict, tools[i]!, this.context);
      this.sink.stderr(noticeText(notice));
      this.sink.log(noticeJson(notice, this.sink.now()));
      this.forHost.push(hostNotice(notice));
      if (this.forHost.length > MAX_HOST_NOTICES) this.forHost.shift();
    });
  }

  /**
   * Reports the pinned tools a complete list did not show (`names`: every one it left out), each once
   * while it stays away: one that a later complete list shows again is reported again when it next goes.
   */
  missing(names: readonly string[]): void {
    const away = new Set(names);
    for (const name of this.absent) if (!away.has(name)) this.absent.delete(name);
    for (const name of names) {
      if (this.absent.has(name)) continue;
      this.absent.add(name);
      const message = `the server did not list the tool ${quoteName(name)}, which ${this.context.lockPath} pins (not an error: a list may vary with the authorization presented).`;
      this.sink.stderr(`mcp-gen proxy: ${visibleLine(message)}\n`);
      this.sink.log(`${JSON.stringify({ time: this.sink.now(), event: "missing", tool: name, message })}\n`);
    }
  }

  /** Reports a tools/call the proxy answered itself. */
  refused(name: string, message: string): void {
    this.sink.stderr(`mcp-gen proxy: refused a tools/call of ${quoteName(name)}: ${visibleLine(message)}\n`);
    this.sink.log(`${JSON.stringify({ time: this.sink.now(), event: "refused", tool: name, message })}\n`);
  }

  /**
   * Anything else worth a line: a problem with a message, the server's end. A message may quote what
   * the server or the host sent: on stderr it stays one line, whatever it holds.
   */
  problem(message: string): void {
    this.sink.stderr(`mcp-gen proxy: ${visibleLine(message)}\n`);
    this.sink.log(`${JSON.stringify({ time: this.sink.now(), event: "problem", message })}\n`);
  }

  /**
   * A line the server sent that is no JSON-RPC message (a log line on stdout: `[dotenv@17.2.1]
   * injecting env`), skipped. The first NOISE_REPORTED are reported each; after them only the 20th,
   * 40th, 80th, …, with the count, so a server that logs to stdout grows stderr by a line per doubling.
   */
  noise(message: string): void {
    const count = ++this.noiseCount;
    const rounds = count / NOISE_REPORTED;
    if (count > NOISE_REPORTED && !(Number.isInteger(rounds) && (rounds & (rounds - 1)) === 0)) return;
    const note =
      count < NOISE_REPORTED
        ? ""
        : count === NOISE_REPORTED
          ? ` (${count} such lines so far; from now on only the ${2 * count}th, ${4 * count}th, ${8 * count}th, … are reported)`
          : ` (${count} such lines so far)`;
    this.problem(`${message}${note}`);
  }

  /** The notifications/message texts for every notice the host has not had yet; they count as sent. */
  takeHostNotices(): string[] {
    const notices = this.forHost;
    this.forHost = [];
    return notices;
  }

  get hasHostNotices(): boolean {
    return this.forHost.length > 0;
  }
}

/** A notice as the host gets it: a notifications/message at level warning. */
function hostNotice(notice: DriftNotice): string {
  return notificationText("notifications/message", {
    level: "warning",
    logger: "mcp-gen proxy",
    // Neither the diff (the server's new text) nor the commands (the server's address and
    // arguments): a host may hand its log to the model.
    data: {
      message: `mcp-gen proxy ${notice.headline}`,
      tool: shownName(notice.tool),
      status: notice.status,
      action: notice.action,
      parts: [...notice.parts],
      sha256: notice.sha256,
      hint: HOST_HINT,
    },
  });
}
