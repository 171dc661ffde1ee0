// One raw tools/list result (as the server sent it) → its tool objects and next cursor, and the
// checks across pages: every tool is an object with a string name, no name twice, no cursor twice,
// a bounded number of pages, no tool nested deeper than mcp-gen reads a descriptor. Pure. Tool objects are kept exactly as received, every field included:
// they are what gets hashed.
import { isJsonObject, nestsDeeperThan, type JsonObject, type JsonValue } from "../model/json.js";
import { liveProblem, type LiveResult } from "./live-problem.js";

export interface ToolsPage {
  readonly tools: readonly JsonObject[];
  /** undefined on the last page. */
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
  // An empty cursor ends the list, as in the SDK's own pagination.
  return { ok: true, value: { tools: tools as JsonObject[], nextCursor: typeof cursor === "string" && cursor !== "" ? cursor : undefined } };
}

/** Accumulates pages in order; refuses duplicates, repeated cursors and lists longer than `maxPages`. */
export class ToolsCollector {
  readonly tools: JsonObject[] = [];
  private readonly where = new Map<string, string>();
  private readonly cursors = new Set<string>();
  pages = 0;

  constructor(private readonly maxPages: number) {}

  /** Adds one page; on success, the cursor to ask for next (undefined: done). */
  add(page: ToolsPage): LiveResult<string | undefined> {
    this.pages++;
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
    if (this.cursors.has(next)) return liveProblem("cursor-loop", `The server sent the nextCursor ${short(next)} twice; its tools/list would never end.`);
    if (this.pages >= this.maxPages) return liveProblem("too-many-pages", `The server's tools/list did not end within ${this.maxPages} pages.`);
    this.cursors.add(next);
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
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}
