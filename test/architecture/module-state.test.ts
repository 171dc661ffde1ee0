// No module-level mutable state in src/ (STYLE: a cache lives inside one call and is passed down as
// an argument; a run's memos live in a RunMemo). A module's top level, and the blocks directly in it,
// may declare constants: a `let` or `var` there, a Map or Set that is not typed read-only (a
// constant table is `ReadonlyMap`/`ReadonlySet`, so the compiler refuses a write to it), any
// WeakMap or WeakSet (only a cache needs one), an empty array or object that is not typed read-only
// (it exists to be filled), or a static class field that is not readonly, is state that outlives the
// call that made it and leaks into the next build of the same process (watch, the library API).
// The few that must stay are listed below, each with its reason; the list holds nothing that is gone.
import { describe, expect, it } from "vitest";
import { Node, SyntaxKind, type Statement, type VariableDeclaration } from "ts-morph";
import { sourceModules, type SourceModule } from "../support/source-modules.js";

/** The runtime's text is copied into every generated project: typing a table read-only there would change their bytes. */
const RUNTIME_TABLE = "a constant table of the runtime, whose text every generated project holds byte for byte";

/** `path#name` → why the state is there and may stay. */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  [
    "packages/runtime/src/client-runtime.ts#sdkDefinitions",
    "the generated client's runtime: the SDK form of each entry of the generated tool table, which lives as long as the process, worked out once per entry from that entry alone",
  ],
  ["packages/runtime/src/find-annotation-sites.ts#DATA_KEYWORDS", RUNTIME_TABLE],
  ["packages/runtime/src/find-annotation-sites.ts#MAP_KEYWORDS", RUNTIME_TABLE],
  ["packages/runtime/src/find-annotation-sites.ts#DEFS_KEYWORDS", RUNTIME_TABLE],
  ["packages/runtime/src/v1/legacy-projection.ts#DATA_KEYWORDS", RUNTIME_TABLE],
  ["packages/runtime/src/v1/legacy-projection.ts#NAME_MAPS", RUNTIME_TABLE],
  ["packages/runtime/src/v1/legacy-projection.ts#DRAFT_2019_09", RUNTIME_TABLE],
  ["src/incremental/build-worker.ts#folders", "a worker thread's entry point: the thread serves one build and ends with it"],
  ["src/incremental/build-worker.ts#queue", "a worker thread's entry point: the thread serves one build and ends with it"],
  ["src/incremental/build-worker.ts#early", "a worker thread's entry point: the thread serves one build and ends with it"],
  ["src/incremental/build-worker.ts#runs", "a worker thread's entry point: the thread serves one build and ends with it"],
]);

interface Finding {
  readonly key: string;
  readonly where: string;
  readonly what: string;
}

/** The statements that run once, when the module loads: the top level and the blocks in it, not functions. */
function moduleLevelStatements(statements: readonly Statement[]): Statement[] {
  const out: Statement[] = [];
  for (const statement of statements) {
    out.push(statement);
    if (Node.isFunctionDeclaration(statement) || Node.isClassDeclaration(statement)) continue;
    for (const child of statement.getChildrenOfKind(SyntaxKind.Block)) out.push(...moduleLevelStatements(child.getStatements()));
    if (Node.isIfStatement(statement)) {
      for (const branch of [statement.getThenStatement(), statement.getElseStatement()]) {
        if (branch && Node.isBlock(branch)) out.push(...moduleLevelStatements(branch.getStatements()));
      }
    }
  }
  return out;
}

function declarationProblem(module: SourceModule, kind: string, declaration: VariableDeclaration): string | undefined {
  if (kind !== "const") return `a module-level ${kind}`;
  const initializer = declaration.getInitializer();
  const written = declaration.getTypeNode()?.getText() ?? "";
  // A type alias of the same module (`type CharSet = readonly [number, number][]`) stands for its text.
  const type = module.file.getTypeAlias(written)?.getTypeNode()?.getText() ?? written;
  const readonlyType = /^(?:Readonly(?:Map|Set|Array)?<|readonly )/.test(type);
  if (initializer && Node.isNewExpression(initializer)) {
    const made = initializer.getExpression().getText();
    if (made === "WeakMap" || made === "WeakSet") return `a module-level ${made}`;
    if ((made === "Map" || made === "Set") && !readonlyType) return `a module-level ${made} not typed Readonly${made}`;
  }
  const empty =
    initializer &&
    ((Node.isArrayLiteralExpression(initializer) && initializer.getElements().length === 0) || (Node.isObjectLiteralExpression(initializer) && initializer.getProperties().length === 0));
  if (empty && !readonlyType) return "an empty module-level container";
  return undefined;
}

function findings(module: SourceModule): Finding[] {
  const out: Finding[] = [];
  const add = (name: string, node: Node, what: string) => out.push({ key: `${module.path}#${name}`, where: `${module.path}:${node.getStartLineNumber()}`, what });
  for (const statement of moduleLevelStatements(module.file.getStatements())) {
    if (Node.isVariableStatement(statement)) {
      const kind = statement.getDeclarationKind();
      for (const declaration of statement.getDeclarations()) {
        const problem = declarationProblem(module, kind, declaration);
        if (problem) add(declaration.getName(), declaration, problem);
      }
    }
    if (Node.isClassDeclaration(statement)) {
      for (const property of statement.getProperties()) {
        if (property.isStatic() && !property.isReadonly()) add(`${statement.getName()}.${property.getName()}`, property, "a static class field that is not readonly");
      }
    }
  }
  return out;
}

describe("module-level state in src/ and the runtime package", () => {
  // The runtime package too: generated servers and clients run it for as long as they live.
  const all = sourceModules(["src", "packages/runtime/src"]).flatMap(findings);

  it("is only what the allow-list names, with its reason", () => {
    const unlisted = all.filter((finding) => !ALLOWED.has(finding.key)).map((finding) => `${finding.where}: ${finding.what} (${finding.key})`);
    expect(unlisted, "pass a cache down as an argument (a RunMemo slot for a run's memo), type a constant table read-only, or add the name to ALLOWED with its reason").toEqual([]);
  });

  it("has an allow-list that names only what is there", () => {
    const found = new Set(all.map((finding) => finding.key));
    expect(
      [...ALLOWED.keys()].filter((key) => !found.has(key)),
      "remove these from ALLOWED",
    ).toEqual([]);
  });
});
