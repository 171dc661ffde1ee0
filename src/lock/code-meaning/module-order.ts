// The top-level statements of a module → the same with its import and re-export declarations in
// one canonical order, as import organizers leave them (Biome's organizeImports, which `biome check
// --write` applies by default; prettier-plugin-organize-imports; the sort-imports plugins): the
// names inside one `import {…}` or `export {…}` sorted, and the declarations that load a module
// sorted, wherever they stood. What code-meaning.ts compares after settling each statement's end.
//
// Why that is the same code: an ES module's import and re-export declarations are linked before any
// of its statements runs (ECMA-262, 16.2.1.5.3, InnerModuleEvaluation), so where one stands among
// the other statements means nothing, and neither does the order of the names in one of them. What
// their order can change is the order in which the modules they name are first evaluated. A
// declaration that loads a module for its side effects alone (`import "./setup.js"`) says that
// order matters: organizers never move a declaration across one, and neither does this. `import
// type` and `export type … from` are erased, and a local `export {…}` names what the module's own
// declarations bind: these load nothing, and their order means nothing (TypeScript's
// organizeImports, which prettier-plugin-organize-imports runs, moves an `export {…}` up among the
// re-exports).
// Among the other declarations, order is set aside: a generated module imports mcp-gen's runtime,
// its sibling generated modules and the project's handlers, none of which the generated code asks
// to run in any order, and every import organizer treats that order as free. A hand edit that only
// reorders them is then worded as reformatting, which only changes the wording of a finding that is
// reported either way.
import { type CodeItem, isBracketGroup, isGroup, isToken } from "./code-groups.js";
import { codeToken } from "./scan-code.js";

const SEMICOLON = codeToken("punct", ";", false);
const COMMA = codeToken("punct", ",", false);

/** What a top-level statement is to the module's loading: `loads-nothing` for `import type`, `export type … from` and a local `export {…}`. */
type ModuleRole = "loads-nothing" | "side-effect" | "loads" | "other";

/**
 * @param key the comparison's key for a list of items, to sort by
 * @example sortModuleDeclarations(items, flatten) // `import { b, a } from "y"; import "z"` → `import { a, b } from "y"; import "z"`
 */
export function sortModuleDeclarations(items: readonly CodeItem[], key: (items: readonly CodeItem[]) => string): readonly CodeItem[] {
  if (!items.some((item) => isToken(item, "import") || isToken(item, "export"))) return items;
  const statements = splitStatements(items).map((statement) => sortSpecifiers(statement, key));
  const loadsNothing: CodeItem[][] = [];
  const loading: CodeItem[][][] = [[]];
  const others: CodeItem[][] = [];
  for (const statement of statements) {
    const role = moduleRole(statement);
    if (role === "loads-nothing") loadsNothing.push(statement);
    else if (role === "side-effect") loading.push([statement], []);
    else if (role === "loads") loading.at(-1)!.push(statement);
    else others.push(statement);
  }
  const byKey = (run: CodeItem[][]) => run.map((statement) => ({ statement, key: key(statement) })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const ordered = [...byKey(loadsNothing), ...loading.flatMap(byKey)].map(({ statement }) => statement);
  return joinStatements([...ordered, ...others]);
}

/** The statements of a settled level (each ended by one `;`, the last by the level's end), empty ones kept. */
function splitStatements(items: readonly CodeItem[]): CodeItem[][] {
  const statements: CodeItem[][] = [[]];
  for (const item of items) {
    if (isToken(item, ";")) statements.push([]);
    else statements.at(-1)!.push(item);
  }
  return statements;
}

function joinStatements(statements: readonly (readonly CodeItem[])[]): CodeItem[] {
  return statements.flatMap((statement, i) => (i === 0 ? [...statement] : [SEMICOLON, ...statement]));
}

/**
 * `import … from "m"`, `import "m"`, `export * from "m"`, `export {…} from "m"`, `export {…}`, and
 * which of them load nothing. Not `import x = require(…)`, `import(…)`, `import.meta`, or a declaration with
 * import attributes (`with {…}`): those stay where they are.
 */
function moduleRole(statement: readonly CodeItem[]): ModuleRole {
  const [first, second, third] = statement;
  const last = statement.at(-1);
  const fromString = last !== undefined && !isGroup(last) && last.kind === "string" && isToken(statement.at(-2), "from");
  if (isToken(first, "import")) {
    if (statement.length === 2 && !isGroup(second) && second?.kind === "string") return "side-effect";
    if (!fromString) return "other";
  } else if (!isToken(first, "export")) return "other";
  else if (!fromString) {
    const list = isToken(second, "type") ? third : second;
    return isBracketGroup(list, "{") && statement.at(-1) === list ? "loads-nothing" : "other";
  }
  // `import type from "m"` and `import type, {…} from "m"` import a default named type.
  return isToken(second, "type") && !isToken(third, "from") && !isToken(third, ",") ? "loads-nothing" : "loads";
}

/** An import's or export's `{…}` list of names, sorted; any other statement as it is. */
function sortSpecifiers(statement: CodeItem[], key: (items: readonly CodeItem[]) => string): CodeItem[] {
  if (!isToken(statement[0], "import") && !isToken(statement[0], "export")) return statement;
  return statement.map((item, i) => {
    // The list comes after `import`, `export`, `type` or a default import's `,`; an `export {` that is not followed by `from` or the end is not a list.
    if (!isBracketGroup(item, "{") || i > 3 || !(isToken(statement[i - 1], "import") || isToken(statement[i - 1], "export") || isToken(statement[i - 1], "type") || isToken(statement[i - 1], ",")))
      return item;
    if (!(i === statement.length - 1 || isToken(statement[i + 1], "from"))) return item;
    const names = splitAtCommas(item.items)
      .map((name) => ({ name, key: key(name) }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { ...item, items: names.flatMap(({ name }, j) => (j === 0 ? name : [COMMA, ...name])) };
  });
}

function splitAtCommas(items: readonly CodeItem[]): CodeItem[][] {
  const parts: CodeItem[][] = [[]];
  for (const item of items) {
    if (isToken(item, ",")) parts.push([]);
    else parts.at(-1)!.push(item);
  }
  return parts.filter((part) => part.length > 0);
}
