// One raw tools/list result (as the server sent it) → its tool objects and next cursor, and the
// checks across pages: every tool is an object with a string name, no name twice, no cursor going
// round, a bounded number of pages, no tool nested deeper than mcp-gen reads a descriptor. A listing
// ends where SDK v2's Client ends its walk (endsWalk), so verify, import, the proxy and the generated
// client's pin guard see the same tools. Pure. Tool objects are kept exactly as received, every field included:
// they are what gets hashed.
import { isJsonObject, nestsDeeperThan, type JsonObject, type JsonValue } from "../model/json.js";
import { liveProblem, type LiveResult } from "./live-problem.js";
import { cutText } from "../diff/cut-text.js";

export interface ToolsPage {
  readonly tools: readonly JsonObject[];
  /** undefined on the last page; an empty string is a cursor like any other. */
  readonly nextCursor: string | undefined;
}

/**
 * @example readToolsPage({ tools: [{ name: "echo", inputSchema: { type: "object" } }] }, 1, 256)
 */
export function readToolsPage(result: JsonValue | undefined, page: number, maxDepth: number): LiveResult<ToolsPage> {
  if (!isJsonObject(result)) return liveProblem("bad-response", `Page ${page} of tools/list has no result object.`);
  const tools = Object.hasOwn(result, "tools") ? result.tools : undefined;
  if (!Array.isArray(tools)) return liveProblem("bad-response", `Page ${page} of tools/list has ${tools === undefined ? "no" : "a non-array"} "tools" member.`);
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i];
    if (!isJsonObject(tool)) return liveProblem("bad-tool", `Tool ${i} on page ${page} of tools/list is ${describe(tool)}, not an object.`);
    const name = Object.hasOwn(tool, "name") ? tool.name : undefined;
    if (typeof name !== "string") return liveProblem("bad-tool", `Tool ${i} on page ${page} of tools/list has ${name === undefined ? "no name" : `the name ${describe(name)}, not a string`}.`);
    // Hashing, comparing and writing a tool all walk it; a descriptor file may nest no deeper either.
    if (nestsDeeperThan(tool, maxDepth)) {
      return liveProblem(
        "bad-tool",
        `The tool ${short(name)} on page ${page} of tools/list nests objects and arrays more than ${maxDepth} levels deep, deeper than mcp-gen reads a tool (load.maxDepth, at most 1000).`,
      );
    }
  }
  const cursor = Object.hasOwn(result, "nextCursor") ? result.nextCursor : undefined;
  if (cursor !== undefined && cursor !== null && typeof cursor !== "string") {
    return liveProblem("bad-response", `Page ${page} of tools/list has a nextCursor that is ${describe(cursor)}, not a string.`);
  }
  // An empty cursor is followed, as SDK v2's Client follows it (only an absent one ends its walk).
  return { ok: true, value: { tools: tools as JsonObject[], nextCursor: typeof cursor === "string" ? cursor : undefined } };
}

/**
 * Whether `page`, asked for with the cursor `asked` (undefined: the first page), ends the listing
 * without adding to it: it repeats the page before (`previous`, its tools) under the cursor it was
 * asked with. SDK v2's Client ends its walk there (and drops that page), so a server whose last
 * page names its own cursor again lists what the SDK lists.
 *
 * @example endsWalk("p2", { tools: [], nextCursor: "p2" }, []) // true
 */
export function endsWalk(asked: string | undefined, page: ToolsPage, previous: readonly JsonValue[] | undefined): boolean {
  return asked !== undefined && page.nextCursor === asked && previous !== undefined && JSON.stringify(page.tools) === JSON.stringify(previous);
}

/**
 * Accumulates pages in order, asking for the next page where SDK v2's Client would: it ends at a
 * page without nextCursor or at one that repeats the page before under its own cursor (endsWalk).
 * Refuses duplicate names, a cursor that comes round again after other pages (a loop; the same
 * cursor twice in a row is asked again, as the SDK does, and then ends or reaches the cap) and lists
 * longer than `maxPages`.
 */
export class ToolsCollector {
  readonly tools: JsonObject[] = [];
  private readonly where = new Map<string, string>();
  /** Each cursor sent, and the page that first sent it. */
  private readonly cursors = new Map<string, number>();
  /** The cursor the next page is asked with (undefined before the first). */
  private asked: string | undefined;
  /** The tools of the newest page added. */
  private previous: readonly JsonObject[] | undefined;
  /** Pages of the list: a page that only ends it (endsWalk) is not one. */
  pages = 0;

  constructor(private readonly maxPages: number) {}

  /** Adds one page; on success, the cursor to ask for next (undefined: done). */
  add(page: ToolsPage): LiveResult<string | undefined> {
    if (endsWalk(this.asked, page, this.previous)) return { ok: true, value: undefined };
    this.pages++;
    this.previous = page.tools;
    for (let i = 0; i < page.tools.length; i++) {
      const tool = page.tools[i]!;
      const name = tool.name as string;
      const here = `page ${this.pages}, item ${i}`;
      const before = this.where.get(name);
      if (before !== undefined) return liveProblem("duplicate-name", `The server listed the tool ${JSON.stringify(name)} twice (${before} and ${here}); tool names must be unique.`);
      this.where.set(name, here);
      this.tools.push(tool);
    }
    const next = page.nextCursor;
    if (next === undefined) return { ok: true, value: undefined };
    const first = this.cursors.get(next);
    if (first !== undefined && next !== this.asked) {
      return liveProblem("cursor-loop", `The server sent the nextCursor ${short(next)} on page ${first} and again on page ${this.pages}, after other pages; its tools/list would go round forever.`);
    }
    if (this.pages >= this.maxPages) return liveProblem("too-many-pages", `The server's tools/list did not end within ${this.maxPages} pages.`);
    if (first === undefined) this.cursors.set(next, this.pages);
    this.asked = next;
    return { ok: true, value: next };
  }
}

function describe(value: JsonValue | undefined): string {
  if (value === undefined) return "missing";
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return `the string ${short(value)}`;
  return typeof value === "object" ? "an object" : `the ${typeof value} ${String(value)}`;
}

function short(text: string): string {
  return JSON.stringify(cutText(text, 40));
}
