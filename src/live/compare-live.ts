// A lock + every tool a live server listed → what `mcp-gen verify` reports, as plain data for its
// printers: the tools that match, and one finding per tool added, removed or changed, with its
// classified changes, its description before and now, and what the description rules say about the
// server's text (prompt injection, hidden instructions, shadowing, invisible characters). Pure.
import type { ToolDiffChange } from "../diff/change.js";
import { diffTools } from "../diff/diff-tools.js";
import { hashTool } from "../lock/hash-tool.js";
import { compareText, type Severity } from "../model/diagnostic.js";
import { getOwn, isJsonObject, type JsonObject } from "../model/json.js";
import { TOOL_PARTS, type LockedTool, type LockFile, type ToolPart } from "../model/lock.js";
import { legacyDescriptor } from "@mcp-gen/runtime/v1/legacy-projection";
import type { ResolvedTool } from "../model/source.js";
import type { AnyRule } from "../validate/define-rule.js";
import { runRulesByTool, type RuleSettings } from "../validate/run-rules.js";

/** What a rule says about a tool's text as the server sends it. */
export interface TextWarning {
  readonly ruleId: string;
  readonly severity: Severity;
  readonly message: string;
  readonly hint?: string;
  /** JSON Pointer into the server's descriptor. */
  readonly pointer: string;
}

export interface VerifyFinding {
  readonly tool: string;
  readonly status: "added" | "removed" | "changed";
  /** The descriptor file the lock records for the tool (none for a tool the lock does not know). */
  readonly file: string | undefined;
  /** Parts whose hash changed; empty for a tool added or removed. */
  readonly parts: readonly ToolPart[];
  readonly sha256: { readonly lock: string | undefined; readonly server: string | undefined };
  /** Classified changes, as `mcp-gen diff` reports them; an added tool's description shows as added text. */
  readonly changes: readonly ToolDiffChange[];
  /** The description in the lock and on the server, when the tool is new or its description changed. */
  readonly description: { readonly lock: string | undefined; readonly server: string | undefined } | undefined;
  /** The description rules on the server's descriptor, for a tool added or changed. */
  readonly warnings: readonly TextWarning[];
}

export interface LiveComparison {
  /** Every live tool by name, as sent. */
  readonly byName: ReadonlyMap<string, JsonObject>;
  readonly matched: readonly string[];
  /** Sorted by tool name. */
  readonly findings: readonly VerifyFinding[];
}

/** The rules verify runs on a new or changed tool's text: the ones that look for poisoning. */
export const TEXT_RULE_IDS: ReadonlySet<string> = new Set(["description-hidden-instructions", "description-invisible-characters", "description-prompt-injection", "description-tool-shadowing"]);

export interface TextRules {
  readonly rules: readonly AnyRule[];
  /** The project's settings: a rule turned off there stays off. */
  readonly settings: RuleSettings;
}

/**
 * @example compareLive(lock, live.tools, { rules: ALL_RULES, settings: config.rules })
 */
export function compareLive(lock: LockFile, tools: readonly JsonObject[], text: TextRules, listing: Listing = {}): LiveComparison {
  const byName = new Map(tools.map((tool) => [tool.name as string, tool]));
  // What the server should list of each pinned tool: in a 2025-era listing, an outputSchema whose
  // root is not an object is wrapped as { result } (SEP-2106; docs/non-object-results.md).
  const views = listing.era === "legacy" ? legacyViews(lock) : new Map<string, LockedTool>();
  const expected = (name: string): LockedTool | undefined => views.get(name) ?? (Object.hasOwn(lock.tools, name) ? lock.tools[name]! : undefined);
  const pinned = new Map(Object.keys(lock.tools).map((name) => [name, expected(name)!.descriptor]));
  const diff = diffTools(pinned, byName);
  const hashes = new Map([...byName].map(([name, tool]) => [name, hashTool(tool)]));
  const fresh = new Set([...hashes].filter(([name, hash]) => expected(name)?.sha256 !== hash.sha256).map(([name]) => name));
  const warnings = textWarnings(tools, fresh, lock, text);
  const matched: string[] = [];
  const findings: VerifyFinding[] = [];
  for (const name of [...new Set([...pinned.keys(), ...byName.keys()])].sort(compareText)) {
    const recorded = Object.hasOwn(lock.tools, name) ? lock.tools[name]! : undefined;
    const entry = expected(name);
    const live = byName.get(name);
    const now = hashes.get(name);
    if (entry !== undefined && now !== undefined && now.sha256 === entry.sha256) {
      matched.push(name);
      continue;
    }
    const status = entry === undefined ? "added" : live === undefined ? "removed" : "changed";
    const parts = entry && now ? TOOL_PARTS.filter((part) => now.parts[part] !== (Object.hasOwn(entry.parts, part) ? entry.parts[part] : undefined)) : [];
    const before = description(entry?.descriptor);
    const after = description(live);
    // A new tool's description is shown whole, as text added to the description.
    const changes = diff.changes
      .filter((change) => change.tool === name)
      .map((change) => (change.kind === "tool-added" && after !== undefined ? { ...change, part: "description" as const, pointer: "/description", text: { before: "", after } } : change));
    findings.push({
      tool: name,
      status,
      file: recorded?.file,
      parts,
      sha256: { lock: recorded?.sha256, server: now?.sha256 },
      changes,
      description: status === "added" || (status === "changed" && before !== after) ? { lock: before, server: after } : undefined,
      warnings: warnings.get(name) ?? [],
    });
  }
  return { byName, matched, findings };
}

/** How the server listed the tools: `era` as the connection negotiated it ("modern", "legacy"), when known. */
export interface Listing {
  readonly era?: string | undefined;
}

/** Each pinned tool whose 2025-era listing differs from the lock's, as that listing shows it, hashed. */
function legacyViews(lock: LockFile): Map<string, LockedTool> {
  const views = new Map<string, LockedTool>();
  for (const [name, entry] of Object.entries(lock.tools)) {
    if (!isJsonObject(getOwn(entry.descriptor, "outputSchema"))) continue;
    const view = legacyDescriptor(entry.descriptor as Parameters<typeof legacyDescriptor>[0]) as JsonObject;
    if (view !== entry.descriptor) views.set(name, { ...entry, ...hashTool(view), descriptor: view });
  }
  return views;
}

function description(descriptor: JsonObject | undefined): string | undefined {
  const value = getOwn(descriptor, "description");
  return typeof value === "string" ? value : undefined;
}

/** The text rules on every added or changed tool, with all the server's tools as the project (for shadowing). */
function textWarnings(tools: readonly JsonObject[], names: ReadonlySet<string>, lock: LockFile, text: TextRules): Map<string, TextWarning[]> {
  const out = new Map<string, TextWarning[]>();
  if (names.size === 0) return out;
  const file = (name: string) => (Object.hasOwn(lock.tools, name) ? lock.tools[name]!.file : "server");
  const resolved = tools.map((wire): ResolvedTool => ({ file: file(wire.name as string), wire, authoring: undefined, mounts: [] }));
  const fresh = new Set(resolved.filter((tool) => names.has(tool.wire.name as string)));
  const rules = text.rules.filter((rule) => TEXT_RULE_IDS.has(rule.id));
  const found = runRulesByTool({ tools: resolved, rules, settings: text.settings, docs: new Map(), checkTools: fresh, checkInProjectTools: fresh });
  for (const tool of fresh) {
    const diagnostics = [...(found.byTool.get(tool) ?? []), ...(found.inProject.get(tool) ?? [])];
    out.set(
      tool.wire.name as string,
      diagnostics.map((d) => ({ ruleId: d.ruleId, severity: d.severity, message: d.message, ...(d.hint !== undefined ? { hint: d.hint } : {}), pointer: d.pointer })),
    );
  }
  return out;
}
