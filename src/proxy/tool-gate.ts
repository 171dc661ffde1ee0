// The lock as a gate: each tool a server lists → forwarded or withheld, and each tools/call → let
// through or refused, on the same hashes `verify` compares (hashTool over the tool exactly as sent).
// The newest list the proxy has seen decides: a tool listed with its pinned hash may be called; one
// listed with another hash, or not pinned at all, is withheld (mode `block`) or let through with a
// warning (`warn`); a name no list has shown yet cannot be called until one does. A name the newest
// complete listing left out keeps its last verdict while it is among the newest MAX_REMOVED_NAMES
// left out (a call to a tool that just went away gets the answer it got before), then is forgotten:
// a call to it is refused as one to a name never listed. What it keeps of a name is the verdict (the
// name, the hash, the parts that changed) and a digest of the text it was sent as, never the tool or
// its page (bar the tools `warn` lets through unmatched, for their headers, up to a bound): a server
// that lists ever new megabyte-sized tools grows it by neither. A pinned tool whose outputSchema is
// not an object matches in two forms: as pinned, and as a 2025-era server lists it to a 2025-era
// host, its outputSchema wrapped in `{ result }` (MCP 2025-11-25 requires an object root; SEP-2106),
// as `verify` and the generated client take it. Pure: it holds the state of one proxy run and changes
// only when told what a server listed.
import { legacyDescriptor } from "@mcp-gen/runtime/v1/legacy-projection";
import { hashJson, hashTool, type ToolHash } from "../lock/hash-tool.js";
import { sha256Hex } from "../lock/sha256.js";
import { getOwn, isJsonObject, type JsonObject } from "../model/json.js";
import { TOOL_PARTS, type LockedTool, type LockFile, type ToolPart } from "../model/lock.js";

export type DriftMode = "block" | "warn";

/** Most names kept that the newest complete listing left out: a server that renames its tools at every listing grows nothing past it. */
export const MAX_REMOVED_NAMES = 4096;
/**
 * The longest name kept once left out (MCP tool names have at most 128 characters): a longer one is
 * forgotten at once, so the names left out hold at most MAX_REMOVED_NAMES × this many characters.
 */
export const MAX_REMOVED_NAME_LENGTH = 1024;
/**
 * Most names kept that pages have shown since the newest complete listing, with the names it showed:
 * past it the name shown longest ago counts as left out. Only a server that shows ever new names on
 * pages of a listing that never completes reaches it.
 */
export const MAX_SHOWN_NAMES = 65_536;
/** Most characters of those names together (a name is the server's text, up to a message long): past it, the same. */
export const MAX_SHOWN_NAME_CHARS = 16 * 1024 * 1024;
/**
 * Most characters (of their text as sent) of the tools kept for their Mcp-Param headers: those let
 * through without matching the lock (mode `warn`; a match has the pinned descriptor's). Past it the
 * one kept longest ago goes, and a call of it is sent without Mcp-Param headers.
 */
export const MAX_KEPT_TOOL_CHARS = 8 * 1024 * 1024;

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
  /** No list has shown the name yet, or not among the names kept (or the last attempt to list failed). */
  | { readonly kind: "unlisted" };

/**
 * The newest verdict on a shown name, and the SHA-256 of the text its tool was sent as (undefined: not
 * given). A digest, not the text: the text is a slice of its whole page, which it would keep alive.
 */
interface Known {
  readonly verdict: ToolVerdict;
  readonly textHash: string | undefined;
}

export class ToolGate {
  /** The names the newest complete listing showed, and those pages have shown since: the one shown longest ago first. */
  private shownNames = new Map<string, Known>();
  /** The characters of the names in shownNames; at most MAX_SHOWN_NAME_CHARS. */
  private shownChars = 0;
  /** The names the newest complete listing left out, with their last verdict, the one left out longest ago first; at most MAX_REMOVED_NAMES. */
  private readonly removedNames = new Map<string, ToolVerdict>();
  /** Shown names let through without a match (mode `warn`) → the tool as listed, and its size: the one kept longest ago first. */
  private readonly keptTools = new Map<string, { readonly tool: JsonObject; readonly chars: number }>();
  /** The characters of the tools in keptTools; at most MAX_KEPT_TOOL_CHARS. */
  private keptChars = 0;
  /** Each pinned tool's 2025-era form, hashed once it is needed (undefined: it has none). */
  private readonly legacyForms = new Map<string, ToolHash | undefined>();

  constructor(
    private readonly lock: LockFile,
    readonly mode: DriftMode,
  ) {}

  /** How many names the gate holds a verdict for. */
  get size(): number {
    return this.shownNames.size + this.removedNames.size;
  }

  /**
   * Hashes one page of tools as received, records each verdict, and returns them in order. `texts`,
   * when given, are the tools' texts as sent: a tool sent as the very same text as last time has the
   * same hash, so a host that lists again and again costs a SHA-256 of each tool's text (a fraction
   * of its RFC 8785 hash), not the text kept with its page. With
   * `record` false, the verdicts are only returned.
   */
  checkTools(tools: readonly JsonObject[], texts?: readonly string[], record = true): ToolVerdict[] {
    return tools.map((tool, i) => {
      const text = texts?.[i];
      const name = tool.name as string;
      const textHash = text === undefined ? undefined : sha256Hex(text);
      const seen = this.shownNames.get(name);
      const verdict = seen !== undefined && textHash !== undefined && seen.textHash === textHash ? seen.verdict : this.judge(tool);
      // A page older than what the gate knows is judged, never recorded: it must not set a name back.
      if (!record) return verdict;
      this.removedNames.delete(name);
      // Shown now: the newest of the names shown.
      this.dropShown(name);
      this.shownNames.set(name, { verdict, textHash });
      this.shownChars += name.length;
      if (verdict.forwarded && verdict.status !== "match") this.keepTool(name, tool, text);
      while (this.shownNames.size > MAX_SHOWN_NAMES || this.shownChars > MAX_SHOWN_NAME_CHARS) {
        const [oldest, known] = this.shownNames.entries().next().value!;
        this.dropShown(oldest);
        this.remove(oldest, known.verdict);
      }
      return verdict;
    });
  }

  /**
   * A complete listing showed exactly `names`: a name it left out counts as removed (kept among the
   * newest MAX_REMOVED_NAMES removed, with its last verdict), one it showed as shown.
   */
  listed(names: ReadonlySet<string>): void {
    const shown = new Map<string, Known>();
    let chars = 0;
    for (const [name, known] of this.shownNames) {
      if (names.has(name)) {
        shown.set(name, known);
        chars += name.length;
      } else {
        this.forgetTool(name);
        this.remove(name, known.verdict);
      }
    }
    for (const name of names) {
      const verdict = shown.has(name) ? undefined : this.removedNames.get(name);
      if (verdict === undefined) continue;
      this.removedNames.delete(name);
      shown.set(name, { verdict, textHash: undefined });
      chars += name.length;
    }
    this.shownNames = shown;
    this.shownChars = chars;
  }

  /** Whether a tools/call of `name` may reach the server now. */
  checkCall(name: string): CallVerdict {
    const verdict = this.verdictOf(name);
    if (verdict === undefined) return { kind: "unlisted" };
    return verdict.forwarded ? { kind: "allow" } : { kind: "refuse", verdict };
  }

  /**
   * A list the proxy asked for itself could not be read: nothing it showed before counts now, so
   * every call waits for (or is refused until) a list that can be checked.
   */
  forgetAll(): void {
    this.shownNames.clear();
    this.shownChars = 0;
    this.removedNames.clear();
    this.keptTools.clear();
    this.keptChars = 0;
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

  /**
   * The tool the host may call as `name`, for the Mcp-Param-* headers its inputSchema names: for a
   * match the pinned descriptor (the tool as listed is the same, but for a 2025-era outputSchema
   * wrap); for one let through without a match (mode `warn`), the tool as the newest list showed it,
   * while it is shown and among those kept (MAX_KEPT_TOOL_CHARS); else undefined.
   */
  shown(name: string): JsonObject | undefined {
    const verdict = this.verdictOf(name);
    if (!verdict?.forwarded) return undefined;
    return verdict.status === "match" ? this.pinned(name) : this.keptTools.get(name)?.tool;
  }

  private verdictOf(name: string): ToolVerdict | undefined {
    return this.shownNames.get(name)?.verdict ?? this.removedNames.get(name);
  }

  /** Takes `name` out of the shown names (and the tools kept), if it is there. */
  private dropShown(name: string): void {
    if (!this.shownNames.delete(name)) return;
    this.shownChars -= name.length;
    this.forgetTool(name);
  }

  /** Keeps a tool let through without a match for its headers, the newest so; the one kept longest ago goes past MAX_KEPT_TOOL_CHARS. */
  private keepTool(name: string, tool: JsonObject, text: string | undefined): void {
    const chars = text?.length ?? JSON.stringify(tool).length;
    this.keptTools.set(name, { tool, chars });
    this.keptChars += chars;
    while (this.keptChars > MAX_KEPT_TOOL_CHARS) this.forgetTool(this.keptTools.keys().next().value!);
  }

  private forgetTool(name: string): void {
    const kept = this.keptTools.get(name);
    if (kept === undefined) return;
    this.keptTools.delete(name);
    this.keptChars -= kept.chars;
  }

  /**
   * Keeps `name` as removed, with its verdict alone, the newest so; the one removed longest ago goes
   * past MAX_REMOVED_NAMES, and a name longer than MAX_REMOVED_NAME_LENGTH is not kept at all.
   */
  private remove(name: string, verdict: ToolVerdict): void {
    this.removedNames.delete(name);
    if (name.length > MAX_REMOVED_NAME_LENGTH) return;
    this.removedNames.set(name, verdict);
    if (this.removedNames.size > MAX_REMOVED_NAMES) this.removedNames.delete(this.removedNames.keys().next().value!);
  }

  private judge(tool: JsonObject): ToolVerdict {
    const name = tool.name as string;
    // The whole tool's hash decides; the part hashes are only needed to name what changed.
    const sha256 = hashJson(tool);
    const entry = Object.hasOwn(this.lock.tools, name) ? this.lock.tools[name]! : undefined;
    if (entry === undefined) return { name, sha256, status: "added", parts: [], forwarded: this.mode === "warn" };
    if (entry.sha256 === sha256) return { name, sha256, status: "match", parts: [], forwarded: true };
    const legacy = this.legacyForm(name, entry);
    if (legacy?.sha256 === sha256) return { name, sha256, status: "match", parts: [], forwarded: true };
    const hash = hashTool(tool);
    const parts = TOOL_PARTS.filter(
      (part) => hash.parts[part] !== (Object.hasOwn(entry.parts, part) ? entry.parts[part] : undefined) && !(part === "outputSchema" && hash.parts[part] === legacy?.parts.outputSchema),
    );
    return { name, sha256, status: "changed", parts, forwarded: this.mode === "warn" };
  }

  /** The pinned tool `name` as a 2025-era server lists it, when that differs from the pinned form. */
  private legacyForm(name: string, entry: LockedTool): ToolHash | undefined {
    if (!this.legacyForms.has(name)) {
      const outputSchema = getOwn(entry.descriptor, "outputSchema");
      const view = isJsonObject(outputSchema) ? (legacyDescriptor(entry.descriptor as Parameters<typeof legacyDescriptor>[0]) as JsonObject) : entry.descriptor;
      this.legacyForms.set(name, view === entry.descriptor ? undefined : hashTool(view));
    }
    return this.legacyForms.get(name);
  }
}
