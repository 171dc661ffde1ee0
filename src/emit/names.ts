// Tool names → the identifiers and file names generated code uses. Readable first (`repos.get` →
// `reposGet` / `ReposGet`, `get_weather.ts`), and collision-free across a project: when two names
// would map to the same identifier or (case-insensitively) the same file, each gets a short suffix
// derived from its exact name, so the result never depends on load order. A name that would take
// one the generated code declares itself (declared-names.ts) gets a `_`: `then` → `then_`.
import { createHash } from "node:crypto";
import { joinPath } from "../model/join-path.js";
import { memoSlot, type RunMemo } from "../model/run-memo.js";
import { DECLARED_NAMES, OBJECT_PROTOCOL, RESERVED_WORDS } from "./declared-names.js";

/** Windows device names: a file called CON.ts (any case, any extension) cannot be created there. */
const DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;

function words(name: string): string[] {
  return name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
}

function capitalize(word: string): string {
  const normalized = word.length > 1 && word === word.toUpperCase() && /[A-Z]/.test(word) ? word.toLowerCase() : word;
  return normalized.charAt(0).toUpperCase() + normalized.slice(1);
}

const names = (...lists: readonly (readonly string[])[]): ReadonlySet<string> => new Set(lists.flat());
const { client, clientMembers, handlerStub, handlers, index, server, toolModule, tools } = DECLARED_NAMES;

/** Each of a tool's type names, `${pascal}${suffix}`, with the names already declared where it goes. */
const TYPE_NAMES: readonly (readonly [suffix: string, taken: ReadonlySet<string>])[] = [
  ["Types", names(server, index, toolModule)],
  ["Arguments", names(client, index, toolModule)],
  ["Result", names(client, index, toolModule)],
  ["Inputs", names(index, toolModule)],
];

/** What a tool's camelCase name cannot be: a ToolsClient method, and a binding in handlers.ts and its handler stub. */
const CAMEL_TAKEN = names(RESERVED_WORDS, OBJECT_PROTOCOL, clientMembers, handlers, handlerStub);

/** What a tool's descriptor constant cannot be: tools.ts imports it, its module declares it. */
const DESCRIPTOR_TAKEN = names(tools, toolModule);

/** `repos.get` → `ReposGet`; `2fa_reset` → `T2faReset`; `tool` (`ToolTypes` is taken) or a name without letters (`--`) → `Tool_`. */
export function pascalName(name: string): string {
  const joined = words(name).map(capitalize).join("");
  if (joined === "") return "Tool_";
  const pascal = /^[0-9]/.test(joined) ? `T${joined}` : joined;
  return TYPE_NAMES.some(([suffix, taken]) => taken.has(`${pascal}${suffix}`)) ? `${pascal}_` : pascal;
}

/** `repos.get` → `reposGet`; `class` → `class_`; `then` → `then_`; `2fa_reset` → `t2faReset`. */
export function camelName(name: string): string {
  return camelOf(pascalName(name));
}

function camelOf(pascal: string): string {
  const camel = pascal.charAt(0).toLowerCase() + pascal.slice(1);
  return CAMEL_TAKEN.has(camel) || DESCRIPTOR_TAKEN.has(`${camel}Tool`) ? `${camel}_` : camel;
}

/** The descriptor constant of a tool whose camelCase name is `camel`: `getUserTool`, and `classTool` for `class_`. */
function descriptorName(camel: string): string {
  const plain = `${camel.replace(/_$/, "")}Tool`;
  return DESCRIPTOR_TAKEN.has(plain) ? `${camel}Tool` : plain;
}

/**
 * A file name stem that is safe on every file system: no separators, no leading dot, no device name,
 * no `d` between dots: TypeScript takes `x.d.ts` and `x.d.<anything>.ts` for declaration files,
 * which it never compiles to JavaScript (a tool named `.d` would otherwise have no module at run time),
 * and no `.test` or `.spec` at the end: vitest would run the handler `x.test.ts` as a test file.
 */
export function fileStem(name: string): string {
  return fileStemOf(name).stem;
}

/** Why a file name stem differs from its tool name: one entry per step of fileStem that changed it. */
export type FileStemChange = "characters" | "dots-only" | "leading-dot" | "device" | "length" | "declaration" | "test-suffix";

/**
 * fileStem's result, and the steps that changed the name on the way, in order.
 * @example fileStemOf("report.test") // { stem: "report.test_", changes: ["test-suffix"] }
 */
export function fileStemOf(name: string): { readonly stem: string; readonly changes: readonly FileStemChange[] } {
  const changes: FileStemChange[] = [];
  const step = (change: FileStemChange, before: string, after: string): string => {
    if (after !== before) changes.push(change);
    return after;
  };
  let stem = step("characters", name, name.replace(/[^A-Za-z0-9_.-]/g, "_"));
  if (stem === "" || /^\.+$/.test(stem)) stem = step("dots-only", stem, `_${stem.replace(/\./g, "_")}`);
  if (stem.startsWith(".")) stem = step("leading-dot", stem, `_${stem}`);
  if (DEVICE.test(stem.split(".")[0]!)) stem = step("device", stem, `_${stem}`);
  stem = step("length", stem, stem.slice(0, 100));
  stem = step(
    "declaration",
    stem,
    stem.replace(/\.d(?=\.|$)/gi, (dotD) => `${dotD}_`),
  );
  stem = step(
    "test-suffix",
    stem,
    stem.replace(/\.(test|spec)$/i, (suffix) => `${suffix}_`),
  );
  return { stem, changes };
}

export interface ToolNames {
  /** The tool name exactly as on the wire. */
  readonly name: string;
  /** PascalCase, for types: `${pascal}Arguments`. */
  readonly pascal: string;
  /** camelCase, for client methods and variables. */
  readonly camel: string;
  /** Its descriptor constant: `getUserTool`, and `classTool` for `class_`. */
  readonly descriptor: string;
  /** File name stem, unique case-insensitively within the project. */
  readonly file: string;
  /** True when the readable form collided with another tool's and a suffix was added. */
  readonly disambiguated: boolean;
}

function digest(name: string): string {
  return createHash("sha256").update(name).digest("hex");
}

function suffix(name: string): string {
  return digest(name).slice(0, 6);
}

interface AssignedNames {
  readonly sorted: readonly string[];
  readonly byName: ReadonlyMap<string, ToolNames>;
}

/**
 * The names a run assigned last, by the sorted set of tool names they were assigned for: a build
 * asks for the same project's names four times (the rules in file order, the emitter sorted).
 */
const LAST_ASSIGNED = memoSlot<{ last?: AssignedNames }>("the tool names assigned last", () => ({}));

/**
 * Names for every tool of a project, in the order given; distinct inputs always get distinct
 * outputs, and file stems that differ in more than case. A name's forms depend on the set of names
 * only, not on their order. With `memo`, the run's last answer for the same set is reused.
 * @example assignToolNames(["repos.get", "get-user"])[0]!.camel === "reposGet"
 */
export function assignToolNames(names: readonly string[], memo?: RunMemo): ToolNames[] {
  const sorted = [...new Set(names)].sort();
  const remembered = memo?.get(LAST_ASSIGNED) ?? {};
  const last = remembered.last;
  const assigned =
    last && last.sorted.length === sorted.length && last.sorted.every((name, i) => name === sorted[i])
      ? last
      : (remembered.last = { sorted, byName: new Map(computeToolNames(sorted).map((forms) => [forms.name, forms])) });
  return names.map((name) => assigned.byName.get(name)!);
}

/**
 * A folder name per server name (import --client-config's mcp-servers/<folder>): safe on every file
 * system, distinct up to case, and the same whatever other names the config holds, so that adding a
 * server never moves another's pin (verify would then find it unpinned, and an import --update would
 * pin another server's tools in its folder). A name that is already a safe folder name is its own
 * folder; any other takes fileStem's form and a suffix from its hash ("a b" → "a_b-c8687a"), which
 * the plain name "a_b" can then never take from it. Only names equal up to case (both take a suffix)
 * depend on each other.
 * @example serverFolderNames(["a_b", "a b"]).get("a b") // "a_b-" and six hex digits
 */
export function serverFolderNames(names: readonly string[]): Map<string, string> {
  const sorted = [...new Set(names)].sort();
  const ownCount = countBy(
    sorted.filter((name) => fileStem(name) === name),
    (name) => name.toLowerCase(),
  );
  const keeps = (name: string) => fileStem(name) === name && ownCount.get(name.toLowerCase()) === 1;
  const suffixed = suffixedStems(
    sorted.filter((name) => !keeps(name)),
    sorted.filter(keeps),
    fileStem,
  );
  return new Map(sorted.map((name) => [name, suffixed.get(name) ?? fileStem(name)]));
}

/** `names`: distinct and sorted. */
function computeToolNames(names: readonly string[]): ToolNames[] {
  // Each name's readable forms, computed once (a project has thousands of names).
  const forms = new Map<string, { pascal: string; camel: string; stem: string }>();
  for (const name of names) {
    const pascal = pascalName(name);
    forms.set(name, { pascal, camel: camelOf(pascal), stem: fileStem(name) });
  }
  const form = (name: string) => forms.get(name)!;
  const pascalCount = countBy(names, (n) => form(n).pascal.toLowerCase());
  const fileCount = countBy(names, (n) => form(n).stem.toLowerCase());
  // In a clash, a name already written as its own identifier (getUser) keeps it, so adding get-user
  // later does not rename the existing tool's code.
  // Only one can keep it: getUser and GetUser are both written as identifiers, and both get a suffix.
  const canonical = new Set(names.filter((n) => form(n).camel === n || form(n).pascal === n));
  const canonicalCount = countBy([...canonical], (n) => form(n).pascal.toLowerCase());
  const clashFile = (name: string) => (fileCount.get(form(name).stem.toLowerCase()) ?? 0) > 1 && !(canonical.has(name) && form(name).stem === name && !isCaseClash(names, name));
  const files = suffixedStems(
    names.filter(clashFile),
    names.filter((name) => !clashFile(name)),
    (name) => form(name).stem,
  );
  return names.map((name) => {
    const { pascal: plainPascal, camel: plainCamel, stem } = form(name);
    const key = plainPascal.toLowerCase();
    const clashPascal = (pascalCount.get(key) ?? 0) > 1 && !(canonical.has(name) && canonicalCount.get(key) === 1);
    const pascal = typeName(clashPascal ? `${plainPascal}_${suffix(name)}` : plainPascal);
    const camel = clashPascal ? `${plainCamel.replace(/_$/, "")}_${suffix(name)}` : plainCamel;
    const file = files.get(name) ?? stem;
    return { name, pascal, camel, descriptor: descriptorName(camel), file, disambiguated: clashPascal || files.has(name) };
  });
}

/**
 * A file stem for each name in `clashing` (sorted) that differs, in more than case, from the plain
 * stems the names in `keeping` keep and from every stem given before it: the plain stem with the
 * first 6 hex digits of the name's SHA-256 (`a-ca9781`), or more of them when another tool has that
 * stem already (a tool named `a-ca9781`), and in the end a number after all 64.
 */
function suffixedStems(clashing: readonly string[], keeping: readonly string[], stemOf: (name: string) => string): Map<string, string> {
  const taken = new Set(keeping.map((name) => stemOf(name).toLowerCase()));
  const out = new Map<string, string>();
  for (const name of clashing) {
    const hex = digest(name);
    const candidates = function* () {
      for (let length = 6; length <= hex.length; length += 2) yield `${stemOf(name)}-${hex.slice(0, length)}`;
      for (let n = 2; ; n++) yield `${stemOf(name)}-${hex}-${n}`;
    };
    for (const stem of candidates()) {
      if (taken.has(stem.toLowerCase())) continue;
      taken.add(stem.toLowerCase());
      out.set(name, stem);
      break;
    }
  }
  return out;
}

/**
 * json-schema-to-typescript rewrites each title it turns into a type name (its toSafeString): a
 * letter after a digit becomes upper case, and `_x` loses its underscore. A name already in the form
 * it keeps (`T2FaReset`, `GetUser_5D95C2`) is declared exactly as the other modules import it.
 */
function typeName(pascal: string): string {
  return pascal.replace(/([0-9_])([a-z])/g, (_, before: string, letter: string) => before + letter.toUpperCase());
}

function countBy(names: readonly string[], key: (name: string) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of new Set(names)) {
    const k = key(name);
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** True when another name has the same file stem up to case (only one can keep the plain stem). */
function isCaseClash(names: readonly string[], name: string): boolean {
  return names.some((other) => other !== name && fileStem(other).toLowerCase() === fileStem(name).toLowerCase() && fileStem(other) !== fileStem(name));
}

/**
 * The project paths of a tool's scaffolds, by its file stem: its handler stub and its test.
 * @example scaffoldPaths("src/handlers", "test/tools", "get-user") // ["src/handlers/get-user.ts", "test/tools/get-user.test.ts"]
 */
export function scaffoldPaths(handlers: string, tests: string, file: string): readonly [stub: string, test: string] {
  return [joinPath(handlers, `${file}.ts`), joinPath(tests, `${file}.test.ts`)];
}
