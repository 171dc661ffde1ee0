// What a first build's worker thread does before its first run. It starts when the descriptors are
// listed, and the main thread sends it schemas only once it has read and resolved every descriptor:
// 250-450 ms later in a project of a thousand tools. Meanwhile the worker reads the JSON
// descriptors itself and checks and compiles the schemas it finds there, file by file. Each answer
// goes to the main thread on a port of its own, under the key precompile gives a request (checkKey:
// the dialect and the schema's JSON text).
//
// An answer is a function of that key alone (checkItem on JSON.parse of the text), so the main
// thread may take it for any request with the same key, whatever file or reading gave the text: a
// schema that resolving changed (a `$ref` to another file bundled in) has another text, and is
// compiled as before. The reading here is therefore the least that finds the texts, not the main
// thread's (no positions, no diagnostics), and leaves out whatever the main thread would refuse or
// treat with care: a link or a file in a linked folder (the main thread refuses one that leaves the
// root), a file that is no regular file or is larger than the load limit, text that is not UTF-8,
// JSON that the main thread's fast reading leaves to its full parse (deeper or larger than the
// limits, a key written twice, a number JavaScript does not hold as written), and YAML (its reading
// costs the worker as much as the main thread, so the worker would be done only as the run comes).
// The early answers are only for builds whose patterns need no verdicts of the ReDoS checker (a
// CheckItem without `patterns`).
import { lstatSync, realpathSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Dialect } from "../model/dialect.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import type { LoadLimits } from "../load/limits.js";
import { isJsonPath } from "../load/load-document.js";
import { parseCleanJson } from "../load/fast-json.js";
import { readWithStat } from "../files/read-with-stat.js";
import { isTooLargeToCompile } from "../compile/schema-compiler.js";
import { toolSchemas } from "../validate/walk.js";
import type { ResolvedTool } from "../model/source.js";

/** The descriptors a first build's worker reads before its first run (build-threads.ts sends it). */
export interface EarlyChecksRequest {
  readonly kind: "early";
  /** The project's real root. */
  readonly root: string;
  /** Project paths of the descriptors this worker reads (its share of them). */
  readonly paths: readonly string[];
  readonly limits: LoadLimits;
  /** Work out scaffold samples for each inputSchema (the project creates scaffolds). */
  readonly samples: boolean;
  /** Int32Array over a SharedArrayBuffer: the worker sets it to 1 (and notifies) when it has stopped checking early. */
  readonly done: Int32Array;
}

/** A schema found in a descriptor file, to check as precompile would check a request with its key. */
export interface EarlyItem {
  readonly key: string;
  readonly text: string;
  readonly dialect: Dialect;
  readonly samples: boolean;
}

/**
 * The key of a schema check: its dialect and its JSON text. precompile sends each key once, and an
 * early answer stands for every request with its key.
 * @example checkKey("2020-12", '{"type":"object"}')
 */
export function checkKey(dialect: Dialect, text: string): string {
  return `${dialect}\u0000${text}`;
}

/**
 * The schemas of the descriptor at project path `path` (see the top of this file for what is left
 * out), each as an EarlyItem; none for a file that cannot be read or parsed. `plainFolders`: which
 * folders have no link on the way from the root, as found so far.
 * @example earlyItemsOf(request, "tools/get_weather.json")
 */
export function earlyItemsOf(request: EarlyChecksRequest, path: string, plainFolders = new Map<string, boolean>()): EarlyItem[] {
  if (!isJsonPath(path)) return [];
  const absolute = resolve(request.root, ...path.split("/"));
  if (lstatSync(absolute, { throwIfNoEntry: false })?.isSymbolicLink() !== false || !isPlainFolder(dirname(absolute), request.root, plainFolders)) return [];
  const text = readSmallFile(absolute, request.limits.maxFileBytes);
  // Only JSON the main thread reads natively too: within the depth and node limits, no key written
  // twice, every number as written (parseCleanJson); anything else it parses in full, for its reports.
  const value = text === undefined ? undefined : parseCleanJson(text, request.limits);
  if (!isJsonObject(value)) return [];
  const items: EarlyItem[] = [];
  // The tool's schemas and their dialects as the rules find them (toolSchemas reads only `wire`).
  for (const { key, schema, dialect } of toolSchemas({ wire: value } as unknown as ResolvedTool)) {
    if (dialect === undefined || isTooLargeToCompile(schema)) continue;
    const schemaText = JSON.stringify(schema);
    items.push({ key: checkKey(dialect, schemaText), text: schemaText, dialect, samples: request.samples && key === "inputSchema" });
  }
  return items;
}

/** Whether `folder` is `root` or below it with no link on the way (its real path is itself; `root` is real). */
function isPlainFolder(folder: string, root: string, known: Map<string, boolean>): boolean {
  let plain = known.get(folder);
  if (plain === undefined) {
    try {
      plain = (folder === root || folder.startsWith(`${root}/`) || folder.startsWith(`${root}\\`)) && realpathSync.native(folder) === folder;
    } catch {
      plain = false;
    }
    known.set(folder, plain);
  }
  return plain;
}

/** The UTF-8 text of the regular file at `absolute` (opened without waiting), if it has at most `maxBytes`. */
function readSmallFile(absolute: string, maxBytes: number): string | undefined {
  const read = readWithStat(absolute, Date.now(), maxBytes);
  if (!read) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(read.bytes);
  } catch {
    return undefined;
  }
}

/** Resolves on the next turn of the event loop, after the messages that came in meanwhile. */
export function nextTurn(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}

/** The parsed schema of an early item: JSON.parse of its text, as a worker parses every CheckItem. */
export function earlySchema(item: EarlyItem): JsonValue {
  return JSON.parse(item.text) as JsonValue;
}
