// A tool's handler stub and the export the generated handlers.ts imports from it follow the tool's
// generated names, and those depend on the whole set of tool names: a tool added whose name maps to
// the same identifier or file (get-user beside get_user, Get_User beside get_user) can give an older
// tool a suffixed name. The handler someone wrote at the old path, or under the old export, would
// then serve nothing: the build would create a new stub elsewhere that throws "not implemented", or
// handlers.ts would import an export the file lacks. build stops on it before it writes, naming where
// the handler goes now (check needs no such finding: the lock does not pin the added tool yet).
import { assignToolNames, fileStem, pascalName, scaffoldPaths, type ToolNames } from "../emit/names.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import { compareText, type Diagnostic } from "../model/diagnostic.js";
import type { RunMemo } from "../model/run-memo.js";

export const HANDLER_MOVED = "handler-moved";

/** What movedHandlers needs of the project. */
export interface HandlerPlaces {
  /** The tool names the last build generated for (the lock on disk), or undefined when none is known. */
  readonly previous: readonly string[] | undefined;
  /** The tool names of this build. */
  readonly current: readonly string[];
  /** The files in the handlers folder (project paths). */
  readonly files: ReadonlySet<string>;
  /** The handlers folder (config.handlers). */
  readonly handlers: string;
  /** A handler file's text, or undefined when it cannot be read. */
  readonly read: (path: string) => string | undefined;
  readonly memo?: RunMemo;
}

/**
 * A handler-moved error for each tool of both the last build and this one whose handler stub path or
 * export name changed, while the file at the old path holds the handler (and, for a changed export
 * only, does not name the new one yet).
 * @example movedHandlers({ previous: ["Get_User"], current: ["Get_User", "get_user"], files: new Set(["src/handlers/Get_User.ts"]), handlers: "src/handlers", read }) // [src/handlers/Get_User.ts:1:1 handler-moved]
 */
export function movedHandlers(places: HandlerPlaces): Diagnostic[] {
  const { previous, current, files, handlers } = places;
  // Names depend on the set of names only: the same set moves nothing.
  if (previous === undefined || sameSet(previous, current)) return [];
  const before = namesOf(previous);
  const now = namesOf(current, places.memo);
  const added = current.filter((name) => !before.has(name));
  const found: Diagnostic[] = [];
  for (const [name, names] of [...now].sort(([a], [b]) => compareText(a, b))) {
    const old = before.get(name);
    if (old === undefined || (old.file === names.file && old.camel === names.camel)) continue;
    const [oldStub] = scaffoldPaths(handlers, "", old.file);
    const [newStub] = scaffoldPaths(handlers, "", names.file);
    if (!files.has(oldStub)) continue;
    const cause = clashCause(name, added);
    if (oldStub !== newStub) {
      if (files.has(newStub)) continue;
      found.push(
        diagnosticAtFileStart(oldStub, {
          ruleId: HANDLER_MOVED,
          severity: "error",
          message: `${oldStub} holds the handler of the tool ${JSON.stringify(name)}, whose handler now goes in ${newStub}, exported as ${names.camel}${cause}. Building would create a new stub there and leave this handler unused.`,
          hint: `Move the file to ${newStub} and rename its export ${old.camel} to ${names.camel}, or rename one of the tools so that their names no longer clash.`,
        }),
      );
      continue;
    }
    const text = places.read(oldStub);
    if (text === undefined || mentions(text, names.camel) || !mentions(text, old.camel)) continue;
    found.push(
      diagnosticAtFileStart(oldStub, {
        ruleId: HANDLER_MOVED,
        severity: "error",
        message: `${oldStub} exports the handler of the tool ${JSON.stringify(name)} as ${old.camel}, which the generated code now imports as ${names.camel}${cause}.`,
        hint: `Rename the export ${old.camel} to ${names.camel}, or rename one of the tools so that their names no longer clash.`,
      }),
    );
  }
  return found;
}

/** Whether `text` holds `identifier` as a whole word (an identifier may hold `$`). */
function mentions(text: string, identifier: string): boolean {
  return new RegExp(`(?<![\\w$])${identifier.replace(/\$/g, "\\$")}(?![\\w$])`).test(text);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const inB = new Set(b);
  return a.length === inB.size && a.every((name) => inB.has(name));
}

function namesOf(names: readonly string[], memo?: RunMemo): Map<string, ToolNames> {
  return new Map(assignToolNames([...names].sort(compareText), memo).map((forms) => [forms.name, forms]));
}

/** ", since the tool "x" was added": the added tools whose names map to the same identifier or file. */
function clashCause(name: string, added: readonly string[]): string {
  const identifier = pascalName(name).toLowerCase();
  const file = fileStem(name).toLowerCase();
  const clashing = added.filter((other) => pascalName(other).toLowerCase() === identifier || fileStem(other).toLowerCase() === file);
  if (clashing.length === 0) return "";
  return `, since ${clashing.length === 1 ? "the tool" : "the tools"} ${clashing.map((other) => JSON.stringify(other)).join(", ")} ${clashing.length === 1 ? "was" : "were"} added`;
}
