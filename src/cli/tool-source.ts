// Where `import` and `verify` take a server's tools from: a running server (--command, --url, or a
// client config's entry) or a saved tools/list answer (--file) → every tool exactly as sent, who the
// server says it is, how messages name it and what the lock records of it; or why not: a live
// server's problem (one sentence), or a bad file's diagnostics (file, line, column). The SDK loads
// only for a live server.
import { readFile } from "node:fs/promises";
import type { LiveTools } from "../live/fetch-live-tools.js";
import type { LiveTarget } from "../live/live-connection.js";
import type { LiveOptions } from "../live/live-options.js";
import type { LiveProblem } from "../live/live-problem.js";
import { readSavedAnswer } from "../live/read-saved-answer.js";
import type { PinSource } from "../live/server-record.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { UsageError } from "./args.js";
import { describeProblem, describeServer, loadLive, type FileSource } from "./live-args.js";
import { visibleLine } from "../diff/visible-text.js";

/** `fromClientConfig`: the target is an entry of a client config (its variables are set there, not with --env). */
export type ToolSource = { readonly kind: "live"; readonly target: LiveTarget; readonly fromClientConfig?: boolean } | FileSource;

/** The problem of a failed fetch as one message: what went wrong, the server's stderr, how to pass what it lacks. */
export function describeFailure(failed: { readonly problem: LiveProblem; readonly hint?: string }): string {
  return failed.hint === undefined ? describeProblem(failed.problem) : `${describeProblem(failed.problem)}\n${failed.hint}`;
}

export type FetchedTools =
  | { readonly ok: true; readonly tools: LiveTools; readonly describe: string; readonly pin: PinSource }
  /** `hint`: how to pass the environment variables a failed stdio server names (names only). */
  | { readonly ok: false; readonly problem: LiveProblem; readonly hint?: string }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[]; readonly sources: ReadonlyMap<string, string> };

/**
 * Throws UsageError when a --file cannot be read at all.
 * @example await fetchTools({ kind: "file", path: "/p/tools.json", display: "tools.json", record: "tools.json" }, options, io.env)
 */
export async function fetchTools(source: ToolSource, options: LiveOptions, env: Readonly<Record<string, string | undefined>>): Promise<FetchedTools> {
  if (source.kind === "live") {
    const live = await (await loadLive()).fetchLiveTools(source.target, options);
    if (live.ok) return { ok: true, tools: live.value, describe: describeServer(live.value), pin: source.target };
    if (source.target.kind !== "stdio" || live.problem.stderr === undefined) return { ok: false, problem: live.problem };
    const { envHint } = await import("../live/env-hint.js");
    const hint = envHint(live.problem.stderr, source.target, env, source.fromClientConfig ? "client-config" : "option");
    return { ok: false, problem: live.problem, ...(hint ? { hint } : {}) };
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(source.path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(`--file ${JSON.stringify(source.display)}: ${code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder" : `cannot read it (${code ?? "unreadable"})`}.`);
  }
  const saved = readSavedAnswer(source.display, bytes, { maxDepth: options.maxDepth, maxPages: options.maxPages });
  if (!saved.value) return { ok: false, diagnostics: saved.diagnostics, sources: new Map([[source.display, bytes.toString("utf8")]]) };
  const tools: LiveTools = { server: saved.value.server, tools: saved.value.tools, pages: saved.value.pages };
  const named = saved.value.server.name !== undefined ? `${describeServer(tools)}, saved in ${source.display}` : `The answer saved in ${source.display}`;
  return { ok: true, tools, describe: visibleLine(named), pin: { kind: "file", display: source.record } };
}
