// Whether tsc can compile the generated code the way the project is set up, said by `build` before
// tsc says it in dozens of errors. The generated code is ES modules (`import`, `export`), as are its
// runtime and the MCP SDK. Under a Node "module" mode (node16 to nodenext) tsc compiles a .ts file
// as CommonJS when the nearest package.json has no "type": "module", and with
// "verbatimModuleSyntax": true it then refuses every import and export (TS1295, TS1287): `npm init
// -y` (CommonJS) with the tsconfig.json of `tsc --init` (TypeScript 5.9) is that setup. Without
// verbatimModuleSyntax tsc writes the same code as CommonJS and Node 20.19 or later loads it, ES
// module dependencies included, so there is nothing to say.
import { statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import type { Node, ParseError } from "jsonc-parser";
import { diagnosticAt } from "../load/diagnostic-at.js";
import { computeLineStarts } from "../load/line-index.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { readFileNow } from "../files/read-now.js";

export const MODULE_FORMAT_ID = "module-format-commonjs";

/** The Node module modes, where package.json's "type" decides a .ts file's format. */
const NODE_MODES: ReadonlySet<string> = new Set(["node16", "node18", "node20", "nodenext"]);

/** At most this many tsconfig files in an `extends` chain are read (tsc itself stops at cycles). */
const MAX_CHAIN = 16;

const require = createRequire(import.meta.url);
const jsonc = () => require("jsonc-parser") as typeof import("jsonc-parser");

/** One tsconfig file of the chain, leaf (the project's tsconfig.json) first. */
export interface TsconfigFile {
  /** From the project root, forward slashes; undefined outside it (a package's base config). */
  readonly path: string | undefined;
  /** How the file it extends names it, for messages: "./tsconfig.base.json", "@tsconfig/node20". */
  readonly name: string;
  readonly text: string;
}

export interface ModuleFormatInput {
  /** The project's package.json, when it has one. */
  readonly packageText: string | undefined;
  /** tsconfig.json and the files it extends, leaf first; empty without a tsconfig.json. */
  readonly tsconfigs: readonly TsconfigFile[];
}

/**
 * The warning for a project whose tsc would compile the generated code as CommonJS under
 * verbatimModuleSyntax, at the option (or at the `extends` that brings it in); none otherwise.
 * @example moduleFormatFindings({ packageText: '{ "type": "commonjs" }', tsconfigs: [{ path: "tsconfig.json", name: "tsconfig.json", text: '{ "compilerOptions": { "module": "nodenext", "verbatimModuleSyntax": true } }' }] })[0]?.ruleId // "module-format-commonjs"
 */
export function moduleFormatFindings(input: ModuleFormatInput): Diagnostic[] {
  const [leaf] = input.tsconfigs;
  if (leaf === undefined || leaf.path === undefined) return [];
  // Most projects never name the option: their files are not parsed at all (nor the parser loaded).
  if (!input.tsconfigs.some((file) => mayName(file.text, "verbatimModuleSyntax"))) return [];
  const verbatim = effectiveOption(input.tsconfigs, "verbatimModuleSyntax");
  const module = effectiveOption(input.tsconfigs, "module");
  if (verbatim?.value !== true || typeof module?.value !== "string" || !NODE_MODES.has(module.value.toLowerCase())) return [];
  const type = packageType(input.packageText);
  if (type === "module") return [];
  const inherited = verbatim.file !== leaf;
  const at = inherited ? nodeAt(leaf.text, ["extends"]) : verbatim.node;
  const where = inherited ? `${leaf.path}, through the ${verbatim.file.name} it extends, sets` : `${leaf.path} sets`;
  const packageSays = input.packageText === undefined ? "the project has no package.json" : type === undefined ? 'package.json has no "type"' : `package.json has "type": ${JSON.stringify(type)}`;
  const lineStarts = computeLineStarts(leaf.text);
  const range = at === undefined ? { start: 0, end: 0 } : { start: at.offset, end: at.offset + at.length };
  return [
    diagnosticAt(leaf.path, lineStarts, range, {
      ruleId: MODULE_FORMAT_ID,
      severity: "warning",
      message:
        `${where} "verbatimModuleSyntax": true with "module": ${JSON.stringify(module.value)}, and ${packageSays}: tsc compiles the generated code ` +
        "as CommonJS there, and refuses each of its import and export statements (TS1295, TS1287), because the generated code is written as ES modules.",
      hint: 'Add "type": "module" to package.json (the generated code, its runtime and the MCP SDK are ES modules), or set "verbatimModuleSyntax": false to keep the project CommonJS.',
    }),
  ];
}

/** The value a tsc compiler option has along the chain (the leaf-most file that sets it wins), with where it is set. */
export function effectiveOption(chain: readonly TsconfigFile[], option: string): { value: unknown; node: Node; file: TsconfigFile } | undefined {
  for (const file of chain) {
    const node = nodeAt(file.text, ["compilerOptions", option]);
    if (node !== undefined) return { value: jsonc().getNodeValue(node), node: node.parent?.children?.[0] ?? node, file };
  }
  return undefined;
}

/** Whether a JSON-with-comments text may have a member named `name`: it holds the name, or an escape that could spell it. */
function mayName(text: string, name: string): boolean {
  return text.includes(name) || text.includes("\\u");
}

/** The value node at `path` of a JSON-with-comments text, or undefined (also when the text does not parse). */
function nodeAt(text: string, path: readonly string[]): Node | undefined {
  const errors: ParseError[] = [];
  const tree = jsonc().parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  return tree === undefined ? undefined : jsonc().findNodeAtLocation(tree, [...path]);
}

/** package.json's "type", when it is a string. */
function packageType(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const value = nodeAt(text, ["type"]);
  const type = value === undefined ? undefined : jsonc().getNodeValue(value);
  return typeof type === "string" ? type : undefined;
}

/**
 * The project's tsconfig.json and the files it extends, leaf first: relative paths from the file
 * that names them, and packages from the project's node_modules (`@tsconfig/node20`, or a path inside a
 * package). Stops at a file it cannot find or read, at a cycle, and after MAX_CHAIN files.
 */
export function readTsconfigChain(root: string): TsconfigFile[] {
  const chain: TsconfigFile[] = [];
  const seen = new Set<string>();
  let next: { absolute: string; name: string } | undefined = { absolute: join(root, "tsconfig.json"), name: "tsconfig.json" };
  while (next !== undefined && chain.length < MAX_CHAIN && !seen.has(next.absolute)) {
    seen.add(next.absolute);
    let text: string;
    try {
      text = readFileNow(next.absolute, "utf8");
    } catch {
      break;
    }
    const inside = relative(root, next.absolute);
    chain.push({ path: inside.startsWith("..") ? undefined : inside.split(sep).join("/"), name: next.name, text });
    const extended = mayName(text, "extends") ? nodeAt(text, ["extends"]) : undefined;
    const value = extended === undefined ? undefined : jsonc().getNodeValue(extended);
    // An array extends every file in order, the last one winning: its last entry is the nearest base.
    const name = Array.isArray(value) ? value.at(-1) : value;
    next = typeof name === "string" ? resolveExtends(root, dirname(next.absolute), name) : undefined;
  }
  return chain;
}

/** Where an `extends` entry points, as tsc finds it, or undefined. */
function resolveExtends(root: string, from: string, name: string): { absolute: string; name: string } | undefined {
  const bases = name.startsWith(".") || name.startsWith("/") ? [join(from, name)] : [join(root, "node_modules", name)];
  const candidates = bases.flatMap((base) => [base, `${base}.json`, join(base, "tsconfig.json")]);
  const found = candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isFile() === true);
  return found === undefined ? undefined : { absolute: found, name };
}

/**
 * moduleFormatFindings for the project at `root`, as it is on disk; the tsconfig.json it reads joins
 * `sources`, for the finding's code frame.
 */
export function projectModuleFormat(root: string, sources: Map<string, string>): Diagnostic[] {
  const tsconfigs = readTsconfigChain(root);
  let packageText: string | undefined;
  try {
    packageText = readFileNow(join(root, "package.json"), "utf8");
  } catch {
    packageText = undefined;
  }
  const found = moduleFormatFindings({ packageText, tsconfigs });
  for (const file of tsconfigs) if (file.path !== undefined && found.some((d) => d.file === file.path)) sources.set(file.path, file.text);
  return found;
}
