// The hashes a generated client carries from mcp-tools.lock.json, and what a server's listing is
// judged against them: each listed tool matches its pin, changed (naming the parts), or is one the
// lock does not record; a pinned tool the complete listing lacks is missing. The typed error that
// names them. Pure and dependency-free. Messages name tools and parts, never a tool's changed text:
// applications pass errors on to models, and that text is what the check keeps away from them.
import { hashTool, hashWholeTool, TOOL_PARTS, type ToolHashes, type ToolPart } from "./tool-hash.js";

export type { ToolPart } from "./tool-hash.js";

/** One tool's hashes as the lock records them, built into the generated client. */
export interface ToolPin extends ToolHashes {
  readonly name: string;
  /**
   * For a tool whose outputSchema root is not an object: its hashes as a 2025-era server lists it,
   * with outputSchema wrapped in `{ result }` (MCP 2025-11-25 requires an object root; SEP-2106). The
   * same reviewed tool, so either form matches.
   */
  readonly legacy?: { readonly sha256: string; readonly outputSchema: string };
}

/**
 * What the generated client does when the server's tools differ from the lock: "throw" (the
 * default) raises ToolDriftError at connect and on every listing, and refuses calls to a changed or
 * missing tool before they are sent; "warn" reports each difference once and lets everything
 * through; "ignore" does not look.
 */
export type DriftPolicy = "throw" | "warn" | "ignore";

/** How one tool differs from the lock. */
export type ToolDrift =
  /** Listed with other hashes: `parts` names what changed (added or removed parts included). */
  | { readonly name: string; readonly kind: "changed"; readonly parts: readonly ToolPart[]; readonly sha256: string }
  /** Pinned, but not in the server's complete listing. */
  | { readonly name: string; readonly kind: "missing" }
  /** Listed, but not in the lock. */
  | { readonly name: string; readonly kind: "unpinned"; readonly sha256: string };

/** The server's tools differ from the lock the client was generated from. */
export class ToolDriftError extends Error {
  override readonly name = "ToolDriftError";
  readonly drift: readonly ToolDrift[];

  constructor(drift: readonly ToolDrift[], context = "The server's tools differ from the lock this client was generated from") {
    super(`${context}${drift.length > 0 ? `: ${drift.map(describeDrift).join("; ")}` : ""}. Review the change with \`mcp-gen verify\`, take it with \`mcp-gen import --update\`, then build again.`);
    this.drift = drift;
  }
}

/** `"echo" changed (description, inputSchema)`: names only, quoted and kept to printable ASCII. */
export function describeDrift(drift: ToolDrift): string {
  const name = quoteName(drift.name);
  if (drift.kind === "missing") return `${name} is missing`;
  if (drift.kind === "unpinned") return `${name} is not in the lock`;
  return `${name} changed (${drift.parts.join(", ")})`;
}

/**
 * A tool name as a JSON string of printable ASCII: a server's names are its own text. A name of more
 * than 64 UTF-16 units is cut before its 64th, never between the two halves of an emoji.
 */
function quoteName(name: string): string {
  const end = name.length > 64 && isHighSurrogate(name.charCodeAt(62)) ? 62 : 63;
  const short = name.length > 64 ? `${name.slice(0, end)}…` : name;
  return JSON.stringify(short).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The pins by name. */
export function pinTable(pins: readonly ToolPin[]): ReadonlyMap<string, ToolPin> {
  return new Map(pins.map((pin) => [pin.name, pin]));
}

/**
 * How one listed tool (exactly as received) differs from the lock, or undefined when it matches.
 * The parts are hashed only when the whole tool does not match.
 */
export function judgeTool(pins: ReadonlyMap<string, ToolPin>, name: string, tool: Readonly<Record<string, unknown>>): ToolDrift | undefined {
  const pin = pins.get(name);
  const sha256 = hashWholeTool(tool);
  if (pin === undefined) return { name, kind: "unpinned", sha256 };
  if (pin.sha256 === sha256 || pin.legacy?.sha256 === sha256) return undefined;
  const live = hashTool(tool).parts;
  const parts = TOOL_PARTS.filter((part) => live[part] !== pin.parts[part] && !(part === "outputSchema" && live[part] === pin.legacy?.outputSchema));
  // Equal parts with a different whole: only `name` can differ, and it is the key; say so plainly.
  return { name, kind: "changed", parts: parts.length > 0 ? parts : ["other"], sha256 };
}
