// A tool removed (or renamed) since the last build leaves its handler stub and test scaffold behind.
// They are the user's, so build never deletes them; but nothing imports the handler any more, and
// both are typed against a tool the generated code no longer has (`ToolHandlers["old"]`, the
// client's `old()`), so the project's own `tsc` and vitest fail on them while `mcp-gen check` is
// green. build names them, as a warning, in the build that drops the tool: the one run that still
// knows from the lock on disk which tool they were made for.
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import { compareText, type Diagnostic } from "../model/diagnostic.js";
import type { HandlerPlaces } from "./moved-handlers.js";
import { assignToolNames, scaffoldPaths } from "../emit/names.js";

export const SCAFFOLD_LEFTOVER = "scaffold-leftover";

/** What leftoverScaffolds needs of the project: what movedHandlers reads, less the handlers' texts. */
export type ScaffoldPlaces = Omit<HandlerPlaces, "read">;

/**
 * A scaffold-leftover warning for each tool of the last build that this one drops, whose handler stub
 * or test scaffold is still there (and is no tool's of this build), at the handler when it is there.
 * @example leftoverScaffolds({ previous: ["a", "b"], current: ["a"], files: new Set(["src/handlers/b.ts"]), handlers: "src/handlers", tests: "test/tools" }) // [src/handlers/b.ts:1:1 scaffold-leftover]
 */
export function leftoverScaffolds(places: ScaffoldPlaces): Diagnostic[] {
  const { previous, current, files, handlers, tests } = places;
  if (previous === undefined) return [];
  const now = new Set(current);
  const dropped = previous.filter((name) => !now.has(name)).sort(compareText);
  if (dropped.length === 0) return [];
  // Paths follow the whole set of names (a clash gives a suffix): the old ones from the old set.
  const before = new Map(assignToolNames([...previous].sort(compareText), places.memo).map((forms) => [forms.name, forms.file]));
  // Compared without case: on macOS and Windows, List_Users.ts is the file list_users.ts, which a tool renamed so owns now.
  const taken = new Set(assignToolNames([...current].sort(compareText), places.memo).flatMap((forms) => scaffoldPaths(handlers, tests, forms.file).map(lower)));
  const found: Diagnostic[] = [];
  for (const name of dropped) {
    const [stub, test] = scaffoldPaths(handlers, tests, before.get(name)!).map((path) => (files.has(path) && !taken.has(lower(path)) ? path : undefined));
    if (stub === undefined && test === undefined) continue;
    const gone = `the tool ${JSON.stringify(name)}, which no descriptor defines any more`;
    const itsTest = test === undefined ? "" : `, nor the client method its test ${test} calls`;
    found.push(
      diagnosticAtFileStart(stub ?? test!, {
        ruleId: SCAFFOLD_LEFTOVER,
        severity: "warning",
        message:
          stub === undefined
            ? `${test} was created as the test of ${gone}: the generated client no longer has the method it calls.`
            : `${stub} was created as the handler of ${gone}: nothing imports it now, and the generated code no longer has the tool's types${itsTest}.`,
        hint: `Delete ${[stub, test].filter((path) => path !== undefined).join(" and ")} (a build never deletes your files), or move the code into the tool that replaces it.`,
      }),
    );
  }
  return found;
}

function lower(path: string): string {
  return path.toLowerCase();
}
