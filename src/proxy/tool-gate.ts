// The lock as a gate: each tool a server lists → forwarded or withheld, and each tools/call → let
// through or refused, on the same hashes `verify` compares (hashTool over the tool exactly as sent).
// The newest list the proxy has seen decides: a tool listed with its pinned hash may be called; one
// listed with another hash, or not pinned at all, is withheld (mode `block`) or let through with a
// warning (`warn`); a name no list has shown yet cannot be called until one does. Pure: it holds the
// state of one proxy run and changes only when told what a server listed.
import { hashJson, hashTool } from "../lock/hash-tool.js";
import type { JsonObject } from "../model/json.js";
import { TOOL_PARTS, type LockFile, type ToolPart } from "../model/lock.js";

export type DriftMode = "block" | "warn";

/** What the gate made of one listed tool. */
export interface ToolVerdict {
  readonly name: string;
  readonly sha256: string;
  /** "match": its hash is the pinned one; "changed": pinned with another hash; "added": not pinned. */
  readonly status: "match" | "changed" | "added";
  /** For "changed": the parts whose hash differs, in TOOL_PARTS order. */
  readonly parts: readonly ToolPart[];
  /** Whether the host gets it: always for "match"; for the others only in mode `warn`. */
  readonly forwarded: boolean;
}

export type CallVerdict =
  | { readonly kind: "allow" }
  | { readonly kind: "refuse"; readonly verdict: ToolVerdict }
  /** No list has shown the name yet (or the last attempt to list failed). */
  | { readonly kind: "unlisted" };

export class ToolGate {
  /** The newest verdict for every name a list has shown. */
  private readonly latest = new Map<string, ToolVerdict>();
  private readonly tools = new Map<string, JsonObject>();
  /** The text each name was last sent as, with the verdict on it. */
  private readonly texts = new Map<string, { readonly text: string; readonly verdict: ToolVerdict }>();

  constructor(
    private readonly lock: LockFile,
    readonly mode: DriftMode,
  ) {}

  /**
   * Hashes one page of tools as received, records each verdict, and returns them in order. `texts`,
   * when given, are the tools' texts as sent: a tool sent as the very same text as last time has the
   * same hash, so a host that lists again and again costs a string comparison per tool.
   */
  checkTools(tools: readonly JsonObject[], texts?: readonly string[]): ToolVerdict[] {
    return tools.map((tool, i) => {
      const text = texts?.[i];
      const name = tool.name as string;
      const seen = text === undefined ? undefined : this.texts.get(name);
      const verdict = seen !== undefined && seen.text === text ? seen.verdict : this.judge(tool);
      if (text !== undefined) this.texts.set(name, { text, verdict });
      this.latest.set(name, verdict);
      this.tools.set(name, tool);
      return verdict;
    });
  }

  /** Whether a tools/call of `name` may reach the server now. */
  checkCall(name: string): CallVerdict {
    const verdict = this.latest.get(name);
    if (verdict === undefined) return { kind: "unlisted" };
    return verdict.forwarded ? { kind: "allow" } : { kind: "refuse", verdict };
  }

  /**
   * A list the proxy asked for itself could not be read: nothing it showed before counts now, so
   * every call waits for (or is refused until) a list that can be checked.
   */
  forgetAll(): void {
    this.latest.clear();
    this.tools.clear();
  }

  /** The pinned tools none of `names` is, sorted: what a complete list did not show. */
  missing(names: ReadonlySet<string>): string[] {
    return Object.keys(this.lock.tools)
      .filter((name) => !names.has(name))
      .sort();
  }

  /** The pinned descriptor of `name`, if the lock has one. */
  pinned(name: string): JsonObject | undefined {
    return Object.hasOwn(this.lock.tools, name) ? this.lock.tools[name]!.descriptor : undefined;
  }

  /** The tool as the newest list showed it, when the host may call it (its inputSchema names Mcp-Param-* headers). */
  shown(name: string): JsonObject | undefined {
    return this.latest.get(name)?.forwarded ? this.tools.get(name) : undefined;
  }

  private judge(tool: JsonObject): ToolVerdict {
    const name = tool.name as string;
    // The whole tool's hash decides; the part hashes are only needed to name what changed.
    const sha256 = hashJson(tool);
    const entry = Object.hasOwn(this.lock.tools, name) ? this.lock.tools[name]! : undefined;
    if (entry === undefined) return { name, sha256, status: "added", parts: [], forwarded: this.mode === "warn" };
    if (entry.sha256 === sha256) return { name, sha256, status: "match", parts: [], forwarded: true };
    const hash = hashTool(tool);
    const parts = TOOL_PARTS.filter((part) => hash.parts[part] !== (Object.hasOwn(entry.parts, part) ? entry.parts[part] : undefined));
    return { name, sha256, status: "changed", parts, forwarded: this.mode === "warn" };
  }
}
