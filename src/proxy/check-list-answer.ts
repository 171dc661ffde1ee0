// One tools/list answer, exactly as the server sent it → what the host gets: the same text when every
// tool passes the gate, or the same text with the withheld tools taken out of `result.tools` (every
// other byte kept: nextCursor, ttlMs, _meta, the tools that pass), plus each tool's verdict. An
// answer that cannot be read as a tools/list result (no tools array, a tool that is no object or has
// no name, one nested past the limit) is refused whole: no tool gets through a list the proxy could
// not check. Pure.
import { readToolsPage } from "../live/read-tools-page.js";
import { getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import { quoteName } from "./drift-notice.js";
import { arrayElements, memberSpan, skipSpace, spliceSpan } from "./json-spans.js";
import type { Received } from "./read-message.js";
import type { ToolGate, ToolVerdict } from "./tool-gate.js";

export interface CheckedPage {
  /** The answer as the host gets it. */
  readonly text: string;
  /** Every tool on the page, as sent, with its verdict at the same index. */
  readonly tools: readonly JsonObject[];
  readonly verdicts: readonly ToolVerdict[];
  /** The cursor of the next page, exactly as sent (undefined on the last page). */
  readonly nextCursor: string | undefined;
}

export type PageCheck = { readonly ok: true; readonly page: CheckedPage } | { readonly ok: false; readonly problem: string };

/**
 * `record`: whether the gate takes the page's verdicts as the newest on those names (false for a page
 * of a listing older than the gate's).
 * @example checkListAnswer(received, gate, 1000).page?.text
 */
export function checkListAnswer(received: Received, gate: ToolGate, maxDepth: number, record = true): PageCheck {
  const result = getOwn(received.value, "result");
  const read = readToolsPage(result, 1, maxDepth);
  if (!read.ok) return { ok: false, problem: read.problem.message.replace(/^Page 1 of tools\/list/, "The tools/list answer").replace(/ on page 1 of tools\/list/, "") };
  const tools = read.value.tools;
  const problem = twiceListed(tools) ?? unhashable(received.text, tools);
  if (problem !== undefined) return { ok: false, problem };
  const text = received.text;
  const list = memberSpan(text, memberSpan(text, skipSpace(text, 0), "result")!.start, "tools")!;
  const elements = arrayElements(text, list.start).map((span) => text.slice(span.start, span.end));
  const verdicts = gate.checkTools(tools, elements, record);
  const cursor = getOwn(result, "nextCursor");
  const nextCursor = typeof cursor === "string" ? cursor : undefined;
  if (verdicts.every((verdict) => verdict.forwarded)) return { ok: true, page: { text, tools, verdicts, nextCursor } };
  // The withheld tools are left out of result.tools; every other byte is the server's.
  const kept = elements.filter((_, i) => verdicts[i]!.forwarded);
  return { ok: true, page: { text: spliceSpan(text, list, `[${kept.join(",")}]`), tools, verdicts, nextCursor } };
}

/**
 * A page that lists one name twice is refused, as the proxy's own listing refuses it: the host would
 * take one of the two definitions, the gate another's verdict, and which one the server runs when
 * the name is called is not for the proxy to guess.
 */
function twiceListed(tools: readonly JsonObject[]): string | undefined {
  const seen = new Set<string>();
  for (const tool of tools) {
    const name = tool.name as string;
    if (seen.has(name)) return `The tools/list answer lists the tool ${quoteName(name)} twice; tool names must be unique, so which definition the server runs cannot be checked.`;
    seen.add(name);
  }
  return undefined;
}

/**
 * A tool holding a number JSON.parse read as Infinity (1e400) has no RFC 8785 text, so no hash: the
 * answer is refused. Only a number of 10^308 or more can be one: d integer digits and an exponent e
 * with d - 1 + e ≥ 308, so an exponent of three digits or more, or (e ≤ 99) at least 210 digits in a row.
 */
function unhashable(text: string, tools: readonly JsonObject[]): string | undefined {
  if (!/\d[eE]\+?\d{3}|\d{200}/.test(text)) return undefined;
  for (const tool of tools) {
    const stack: JsonValue[] = [tool];
    for (let value = stack.pop(); value !== undefined; value = stack.pop()) {
      if (typeof value === "number" && !Number.isFinite(value))
        return `The tool ${typeof tool.name === "string" ? quoteName(tool.name) : "without a name"} holds a number too large for JSON to represent, so it has no hash to compare.`;
      if (value !== null && typeof value === "object") for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push(child);
    }
  }
  return undefined;
}
