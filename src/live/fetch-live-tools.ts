// A running server → every tool its tools/list returns, each exactly as sent, following nextCursor
// to the end within one overall time budget and a page limit. The entry point of live/ for verify
// and import; the process it starts is always ended before this returns.
import type { JsonObject } from "../model/json.js";
import { LiveConnection, type Deadline, type LiveTarget, type ServerInfo } from "./live-connection.js";
import type { LiveOptions } from "./live-options.js";
import type { LiveResult } from "./live-problem.js";
import { readToolsPage, ToolsCollector } from "./read-tools-page.js";

export interface LiveTools {
  readonly server: ServerInfo;
  /** In the order the server listed them, each object exactly as received. */
  readonly tools: readonly JsonObject[];
  readonly pages: number;
}

/**
 * @example await fetchLiveTools({ kind: "http", url: new URL("http://127.0.0.1:3000/mcp"), headers: {} }, { timeoutMs: 30000, maxPages: 100, clientInfo: { name: "mcp-gen", version: "0.1.0" }, maxDepth: 256 })
 */
export async function fetchLiveTools(target: LiveTarget, options: LiveOptions): Promise<LiveResult<LiveTools>> {
  const controller = new AbortController();
  const deadline: Deadline = { at: Date.now() + options.timeoutMs, timeoutMs: options.timeoutMs, signal: controller.signal };
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    const opened = await LiveConnection.open(target, deadline, options);
    if (!opened.ok) return opened;
    const connection = opened.value;
    try {
      return await collect(connection, deadline, options);
    } finally {
      await connection.close();
    }
  } finally {
    clearTimeout(timer);
  }
}

async function collect(connection: LiveConnection, deadline: Deadline, options: LiveOptions): Promise<LiveResult<LiveTools>> {
  const collector = new ToolsCollector(options.maxPages);
  let cursor: string | undefined;
  do {
    const answer = await connection.listToolsPage(cursor, deadline);
    if (!answer.ok) return answer;
    const page = readToolsPage(answer.value, collector.pages + 1, options.maxDepth);
    if (!page.ok) return page;
    const next = collector.add(page.value);
    if (!next.ok) return next;
    cursor = next.value;
  } while (cursor !== undefined);
  return { ok: true, value: { server: connection.server, tools: collector.tools, pages: collector.pages } };
}
