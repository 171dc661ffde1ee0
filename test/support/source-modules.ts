// mcp-gen's own modules (src/**/*.ts) parsed with ts-morph, syntax only (nothing is type-checked),
// for the tests that hold the source tree to its shape: which module imports which, and what each
// declares at module level.
import { readdirSync } from "node:fs";
import { join, posix } from "node:path";
import { Node, Project, SyntaxKind, type SourceFile } from "ts-morph";
import { REPO_ROOT } from "./spec-paths.js";

export interface SourceModule {
  /** Repository-relative, with forward slashes: "src/compile/load-ajv.ts". */
  readonly path: string;
  readonly file: SourceFile;
}

export interface ModuleImport {
  /** As written: "./load-ajv.js", "ajv/dist/2020.js", "node:module". */
  readonly specifier: string;
  /** The repository path it names, for a relative specifier ("src/compile/load-ajv.ts"). */
  readonly target: string | undefined;
  /** Types only: nothing of the module is loaded at run time. */
  readonly typeOnly: boolean;
  readonly line: number;
}

/** Every .ts file under the given folders of the repository (src/ by default), sorted by path. */
export function sourceModules(folders: readonly string[] = ["src"]): SourceModule[] {
  const project = new Project({ useInMemoryFileSystem: false, skipAddingFilesFromTsConfig: true, skipFileDependencyResolution: true });
  return folders.flatMap(listTs).map((path) => ({ path, file: project.addSourceFileAtPath(join(REPO_ROOT, path)) }));
}

function listTs(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(REPO_ROOT, folder), { withFileTypes: true })) {
    const path = posix.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...listTs(path));
    else if (entry.name.endsWith(".ts")) out.push(path);
  }
  return out.sort();
}

/** Every module `module` imports: static imports and re-exports, `require("…")` and `import("…")`. */
export function moduleImports(module: SourceModule): ModuleImport[] {
  const out: ModuleImport[] = [];
  const add = (specifier: string, typeOnly: boolean, node: Node) => out.push({ specifier, target: relativeTarget(module.path, specifier), typeOnly, line: node.getStartLineNumber() });
  for (const declaration of module.file.getImportDeclarations()) {
    const named = declaration.getNamedImports();
    const typeOnly =
      declaration.isTypeOnly() || (declaration.getDefaultImport() === undefined && declaration.getNamespaceImport() === undefined && named.length > 0 && named.every((n) => n.isTypeOnly()));
    add(declaration.getModuleSpecifierValue(), typeOnly, declaration);
  }
  for (const declaration of module.file.getExportDeclarations()) {
    const specifier = declaration.getModuleSpecifierValue();
    const named = declaration.getNamedExports();
    if (specifier !== undefined) add(specifier, declaration.isTypeOnly() || (named.length > 0 && named.every((n) => n.isTypeOnly())), declaration);
  }
  for (const call of module.file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const callee = call.getExpression();
    const [argument] = call.getArguments();
    const loads = (Node.isIdentifier(callee) && callee.getText() === "require") || callee.getKind() === SyntaxKind.ImportKeyword;
    if (loads && argument && Node.isStringLiteral(argument)) add(argument.getLiteralValue(), false, call);
  }
  return out;
}

/** The repository path of the .ts module a relative specifier names from `from`. */
function relativeTarget(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith(".")) return undefined;
  return posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, ".ts");
}
