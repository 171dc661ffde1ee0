// The names generated modules declare, read from the code with ts-morph: for each file, what its
// module scope holds (imports and declarations) and what it exports (`export *` resolved), and the
// members of the classes it declares. Used to check names.ts's reserved names against the templates
// and to draw hostile tool names from the generated code itself.
import { Node, Project, SyntaxKind } from "ts-morph";
import { readRuntimeSources, readTemplates } from "../../src/cli/package-files.js";
import type { Target } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load-config.js";
import { emitProject } from "../../src/emit/emit-project.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { analyzeTools } from "./project-from-tools.js";

/** Every name the sentinel project's tools give generated code contains this; nothing else does. */
export const SENTINEL = /zqx/i;

/** Tools that reach every branch of the templates: with and without outputSchema, with input requests. */
export const SENTINEL_TOOLS = [
  { name: "zqx_result", description: "A tool.", inputSchema: { type: "object", properties: { id: { type: "string" } } }, outputSchema: { type: "object", properties: { ok: { type: "boolean" } } } },
  { name: "zqx_content", description: "A tool.", inputSchema: { type: "object", additionalProperties: false } },
  {
    name: "zqx_asks",
    description: "A tool.",
    inputSchema: { type: "object", additionalProperties: false },
    "x-mcp-gen": { inputRequests: { zqxConfirm: { message: "Sure?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } } },
  },
];

/** The declared names of every file a build of SENTINEL_TOOLS writes (generated files and scaffolds), by project path. */
export async function sentinelProjectNames(target: Target = "sdk-v2"): Promise<Map<string, DeclaredNames>> {
  const { analysis } = analyzeTools(SENTINEL_TOOLS);
  if (analysis.diagnostics.some((d) => d.severity === "error")) throw new Error(`The sentinel tools do not validate: ${JSON.stringify(analysis.diagnostics)}`);
  const config = { ...loadConfig(undefined, ALL_RULES, {}).value!, target };
  const output = await emitProject({ tools: analysis.tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas });
  return declaredNames([...output.generated, ...output.scaffolds]);
}

/**
 * Every name the templates declare anywhere (module scopes, exports, class members), the tools' own
 * and `#private` ones left out; not the runtime's or the validators' (copied code, not templates).
 */
export function templateNames(files: ReadonlyMap<string, DeclaredNames>): string[] {
  const rendered = [...files].filter(([path]) => !/^src\/generated\/(?:runtime|validators)\//.test(path)).map(([, names]) => names);
  const all = rendered.flatMap((names) => [...names.module, ...names.exports, ...[...names.classMembers.values()].flat()]);
  return [...new Set(all)].filter((name) => !SENTINEL.test(name) && !name.startsWith("#")).sort();
}

export interface DeclaredNames {
  /** Imports and top-level declarations. */
  readonly module: readonly string[];
  /** Export names, through `export *` and `export { … } from` too. */
  readonly exports: readonly string[];
  /** Members of each class the file declares (parameter properties, statics and `constructor` included), by class name. */
  readonly classMembers: ReadonlyMap<string, readonly string[]>;
}

/** The declared names of every `.ts` file of `files` (project paths), read as one program. */
export function declaredNames(files: readonly { readonly path: string; readonly contents: string }[]): Map<string, DeclaredNames> {
  const project = new Project({
    useInMemoryFileSystem: true,
    compilerOptions: { module: 100 /* NodeNext */, moduleResolution: 99 /* NodeNext */, target: 9 /* ES2022 */, noLib: true },
  });
  for (const file of files) if (file.path.endsWith(".ts")) project.createSourceFile(`/project/${file.path}`, file.contents);
  const out = new Map<string, DeclaredNames>();
  for (const source of project.getSourceFiles()) {
    const module = new Set<string>();
    for (const statement of source.getStatements()) {
      if (Node.isImportDeclaration(statement)) {
        const namespace = statement.getNamespaceImport();
        if (namespace) module.add(namespace.getText());
        const defaultImport = statement.getDefaultImport();
        if (defaultImport) module.add(defaultImport.getText());
        for (const named of statement.getNamedImports()) module.add((named.getAliasNode() ?? named.getNameNode()).getText());
      } else if (Node.isVariableStatement(statement)) {
        for (const declaration of statement.getDeclarations()) module.add(declaration.getName());
      } else if (
        Node.isFunctionDeclaration(statement) ||
        Node.isClassDeclaration(statement) ||
        Node.isInterfaceDeclaration(statement) ||
        Node.isTypeAliasDeclaration(statement) ||
        Node.isEnumDeclaration(statement) ||
        Node.isModuleDeclaration(statement)
      ) {
        const name = statement.getName();
        if (name !== undefined) module.add(name);
      }
    }
    const classMembers = new Map<string, string[]>();
    for (const declaration of source.getClasses()) {
      const members = new Set<string>();
      for (const member of declaration.getMembers()) {
        if (Node.isConstructorDeclaration(member)) {
          members.add("constructor");
          for (const parameter of member.getParameters()) if (parameter.isParameterProperty()) members.add(parameter.getName());
        } else if (member.getKind() !== SyntaxKind.ClassStaticBlockDeclaration && "getName" in member) {
          members.add((member as { getName(): string }).getName());
        }
      }
      classMembers.set(declaration.getName() ?? "", [...members].sort());
    }
    const exports = source.getExportSymbols().map((symbol) => symbol.getName());
    out.set(source.getFilePath().slice("/project/".length), { module: [...module].sort(), exports: [...new Set(exports)].sort(), classMembers });
  }
  return out;
}
