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
  /** The files in the handlers and tests folders (project paths). */
  readonly files: ReadonlySet<string>;
  /** The handlers folder (config.handlers). */
  readonly handlers: string;
  /** The tests folder (config.tests). */
  readonly tests: string;
  /** A handler file's text, or undefined when it cannot be read. */
  readonly read: (path: string) => string | undefined;
  readonly memo?: RunMemo;
}

/**
 * A handler-moved error for each tool of both the last build and this one whose handler stub path or
 * export name changed, while the file at the old path holds the handler (and, for a changed export
 * only, does not name the new one yet).
 * @example movedHandlers({ previous: ["Get_User"], current: ["Get_User", "get_user"], files: new Set(["src/handlers/Get_User.ts"]), handlers: "src/handlers", tests: "test/tools", read }) // [src/handlers/Get_User.ts:1:1 handler-moved]
 */
export function movedHandlers(places: HandlerPlaces): Diagnostic[] {
  const { previous, current, files, handlers, tests } = places;
  // Names depend on the set of names only: the same set moves nothing.
  if (previous === undefined || sameSet(previous, current)) return [];
  const before = namesOf(previous);
  const now = namesOf(current, places.memo);
  const added = current.filter((name) => !before.has(name));
  const removed = previous.filter((name) => !now.has(name));
  const found: Diagnostic[] = [];
  for (const [name, names] of [...now].sort(([a], [b]) => compareText(a, b))) {
    const old = before.get(name);
    if (old === undefined || (old.file === names.file && old.camel === names.camel)) continue;
    const [oldStub, oldTest] = scaffoldPaths(handlers, tests, old.file);
    const [newStub, newTest] = scaffoldPaths(handlers, tests, names.file);
    if (!files.has(oldStub)) continue;
    const cause = clashCause(name, added, removed);
    // Renaming a tool undoes a clash that an added tool made; one that a removal undid needs nothing of the kind.
    const orRename = cause.added ? ", or rename one of the tools so that their names no longer clash" : "";
    const renameExport = old.camel === names.camel ? "" : ` and rename its export ${old.camel} to ${names.camel}`;
    if (oldStub !== newStub) {
      if (files.has(newStub)) continue;
      // The test scaffold follows the handler; the user's test there calls the client method by the old name.
      const test = oldTest !== newTest && files.has(oldTest) && !files.has(newTest) ? ` Its test ${oldTest} goes to ${newTest}, calling the client's ${names.camel}().` : "";
      found.push(
        diagnosticAtFileStart(oldStub, {
          ruleId: HANDLER_MOVED,
          severity: "error",
          message: `${oldStub} holds the handler of the tool ${JSON.stringify(name)}, whose handler now goes in ${newStub}, exported as ${names.camel}${cause.text}. Building would create a new stub there and leave this handler unused.${test}`,
          hint: `Move the file to ${newStub}${renameExport}${test === "" ? "" : `, and its test to ${newTest}`}${orRename}.`,
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
        message: `${oldStub} exports the handler of the tool ${JSON.stringify(name)} as ${old.camel}, which the generated code now imports as ${names.camel}${cause.text}.`,
        hint: `Rename the export ${old.camel} to ${names.camel}${orRename}.`,
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

/** Why the tool's names moved: the tools added or removed whose names map to the same identifier or file, in words. */
function clashCause(name: string, added: readonly string[], removed: readonly string[]): { readonly text: string; readonly added: boolean } {
  const identifier = pascalName(name).toLowerCase();
  const file = fileStem(name).toLowerCase();
  const clashes = (other: string) => pascalName(other).toLowerCase() === identifier || fileStem(other).toLowerCase() === file;
  const list = (names: readonly string[]) => `${names.length === 1 ? "the tool" : "the tools"} ${names.map((other) => JSON.stringify(other)).join(", ")} ${names.length === 1 ? "was" : "were"}`;
  const newcomers = added.filter(clashes);
  const gone = removed.filter(clashes);
  const parts = [...(newcomers.length > 0 ? [`${list(newcomers)} added`] : []), ...(gone.length > 0 ? [`${list(gone)} removed`] : [])];
  return { text: parts.length === 0 ? "" : `, since ${parts.join(" and ")}`, added: newcomers.length > 0 };
}
