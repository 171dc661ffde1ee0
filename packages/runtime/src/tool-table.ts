// The table generated code builds once at module load: every tool's wire descriptor, its compiled
// validators and its mirrored header parameters, the name → entry map, and the tools/list pages with
// their opaque cursors. Shared by the generated server and client of every target; dependency-free.
import type { HeaderParam } from "./header-annotations.js";
import type { InputRequestForms } from "./tool-context.js";
import type { CompiledValidator } from "./validation-messages.js";

/** An MCP Tool as tools/list returns it (MCP 2026-07-28 schema.json #/$defs/Tool). */
export interface ToolDescriptor {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: { readonly type: "object"; readonly [keyword: string]: unknown };
  readonly outputSchema?: { readonly [keyword: string]: unknown };
  readonly annotations?: { readonly [hint: string]: unknown };
  readonly icons?: readonly { readonly src: string; readonly [field: string]: unknown }[];
  readonly _meta?: { readonly [key: string]: unknown };
  readonly [field: string]: unknown;
}

/** One tool: the exact wire descriptor, its compiled validators and the forms its handler may ask for. */
export interface ToolEntry {
  readonly name: string;
  readonly descriptor: ToolDescriptor;
  readonly validateInput: CompiledValidator;
  readonly validateOutput: CompiledValidator | undefined;
  /** Parameters mirrored into Mcp-Param-* headers (x-mcp-header). */
  readonly headers: readonly HeaderParam[];
  /** The forms of `x-mcp-gen.inputRequests`, by key, with compiled validators ({} when none). */
  readonly inputRequests: InputRequestForms;
}

export interface ToolListPage {
  readonly tools: readonly ToolDescriptor[];
  readonly nextCursor?: string;
}

export interface ToolTable {
  readonly entries: readonly ToolEntry[];
  readonly byName: ReadonlyMap<string, ToolEntry>;
  readonly pages: readonly ToolListPage[];
  readonly cursors: ReadonlyMap<string, number>;
}

/**
 * Builds the table. `version` identifies the descriptor set (a hash), so a cursor from another build
 * of the server is refused rather than paging through a different list. `pageSize` 0 is one page.
 */
export function buildToolTable(entries: readonly ToolEntry[], pageSize: number, version: string): ToolTable {
  const byName = new Map(entries.map((e) => [e.name, e]));
  const size = pageSize > 0 ? pageSize : Math.max(1, entries.length);
  const pageCount = Math.max(1, Math.ceil(entries.length / size));
  const pages: ToolListPage[] = [];
  const cursors = new Map<string, number>();
  for (let page = 0; page < pageCount; page++) {
    const tools = Object.freeze(entries.slice(page * size, (page + 1) * size).map((e) => e.descriptor));
    const next = page + 1 < pageCount ? opaqueCursor(version, page + 1) : undefined;
    if (next !== undefined) cursors.set(next, page + 1);
    pages.push(Object.freeze(next === undefined ? { tools } : { tools, nextCursor: next }));
  }
  return { entries, byName, pages, cursors };
}

function opaqueCursor(version: string, page: number): string {
  return btoa(`${version}:${page}`).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}
