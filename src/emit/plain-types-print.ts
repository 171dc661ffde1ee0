// The types plain-types.ts reads from a wrapper → the text json-schema-to-typescript 16.0.0 writes
// for them with `format: false`: its optimizer's union rules and its generator (dist/src/optimizer.js,
// generator.js), kept to the node kinds the plain subset produces. Every quirk is the library's and is
// kept on purpose (unions always in parentheses, no indentation, a type alias never marked
// @deprecated): test/emit/plain-types.test.ts holds the two to the same bytes.

/** A type without members. `name` is its declaration's name (the library's standaloneName). */
export interface PlainLeaf {
  /** CUSTOM_NEVER: the subset's one tsType, `never` (a CUSTOM_TYPE the library prints as written). */
  readonly type: "STRING" | "NUMBER" | "BOOLEAN" | "NULL" | "UNKNOWN" | "CUSTOM_NEVER";
  readonly name?: string | undefined;
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

/** One enum or const value, printed as JSON. */
export interface PlainLiteral {
  readonly type: "LITERAL";
  readonly value: string | number | boolean | null;
  readonly name?: undefined;
  readonly comment?: undefined;
  readonly deprecated?: undefined;
}

export interface PlainArray {
  readonly type: "ARRAY";
  item: PlainAst;
  readonly name?: string | undefined;
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

/**
 * A union, or an intersection (of the kinds of type the library reads one schema as); the optimizer
 * may shorten `params` (and so changes it in place, as the library does).
 */
export interface PlainUnion {
  readonly type: "UNION" | "INTERSECTION";
  params: PlainAst[];
  readonly name?: string | undefined;
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

/** A property, or the index signature (`[k: string]`) of an object open to other properties. */
export interface PlainMember {
  readonly key: string;
  ast: PlainAst;
  readonly isRequired: boolean;
  readonly isIndexSignature: boolean;
}

export interface PlainInterface {
  readonly type: "INTERFACE";
  readonly members: readonly PlainMember[];
  readonly name?: string | undefined;
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

export type PlainAst = PlainLeaf | PlainLiteral | PlainArray | PlainUnion | PlainInterface;

/** The library's T_UNKNOWN: what a union with an `unknown` member becomes. */
const UNKNOWN: PlainLeaf = { type: "UNKNOWN" };

/** The library's generateType memo, one per wrapper: a node prints the same wherever it is met. */
export type PrintCache = Map<PlainAst, string>;

/** The library's output for a root interface: its named types, then its interfaces (generate). */
export function printPlainTypes(root: PlainInterface, safeName: (name: string) => string): string {
  const cache: PrintCache = new Map();
  const optimized = optimize(root, cache, safeName) as PlainInterface;
  const parts = [declareNamedTypes(optimized, new Set(), cache, safeName), declareNamedInterfaces(optimized, new Set(), cache, safeName)];
  return `${parts.filter(Boolean).join("\n\n")}\n`;
}

/** optimizer.js, leaves first: each union's members are final before the union is looked at. */
function optimize(ast: PlainAst, cache: PrintCache, safeName: (name: string) => string): PlainAst {
  if (ast.type === "ARRAY") ast.item = optimize(ast.item, cache, safeName);
  else if (ast.type === "INTERFACE") for (const member of ast.members) member.ast = optimize(member.ast, cache, safeName);
  else if (ast.type === "UNION" || ast.type === "INTERSECTION") return optimizeUnion(ast, cache, safeName);
  return ast;
}

function optimizeUnion(union: PlainUnion, cache: PrintCache, safeName: (name: string) => string): PlainAst {
  union.params = union.params.map((param) => optimize(param, cache, safeName));
  // [A & B & Unknown] → [A & B]: a member that takes anything narrows nothing.
  if (union.type === "INTERSECTION") {
    const constrained = union.params.filter((param) => param.type !== "UNKNOWN");
    if (constrained.length > 0 && constrained.length < union.params.length) union.params = constrained;
  }
  // [A, B, Unknown] → Unknown, name and comment included.
  if (union.params.some((param) => param.type === "UNKNOWN")) return UNKNOWN;
  // [A (named), A] → [A (named)]: members that all print alike, some under a name, keep the named ones.
  const first = union.params.length === 0 ? undefined : printBody(union.params[0]!, cache, safeName);
  if (first !== undefined && union.params.every((param) => printBody(param, cache, safeName) === first) && union.params.some((param) => param.name !== undefined)) {
    union.params = union.params.filter((param) => param.name !== undefined);
  }
  // [A, B, B] → [A, B], by printed text, first one kept (lodash uniqBy).
  const seen = new Set<string>();
  union.params = union.params.filter((param) => {
    const text = print(param, cache, safeName);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
  return union;
}

/** generateType: a named node prints as its name; memoized per node. */
function print(ast: PlainAst, cache: PrintCache, safeName: (name: string) => string): string {
  let text = cache.get(ast);
  if (text === undefined) {
    text = hasName(ast) ? safeName(ast.name!) : printBody(ast, cache, safeName);
    cache.set(ast, text);
  }
  return text;
}

/** generateRawType of the node without its name (the library's omitStandaloneName copy). */
function printBody(ast: PlainAst, cache: PrintCache, safeName: (name: string) => string): string {
  switch (ast.type) {
    case "STRING":
      return "string";
    case "NUMBER":
      return "number";
    case "BOOLEAN":
      return "boolean";
    case "NULL":
      return "null";
    case "UNKNOWN":
      return "unknown";
    case "CUSTOM_NEVER":
      return "never";
    case "LITERAL":
      return JSON.stringify(ast.value);
    case "ARRAY": {
      const item = print(ast.item, cache, safeName);
      return item.endsWith('"') ? `(${item})[]` : `${item}[]`;
    }
    case "UNION":
    case "INTERSECTION": {
      const members = ast.params.map((param) => print(param, cache, safeName));
      // An intersection of nothing constrains nothing: the library's vacuous interface.
      if (members.length === 0) return ast.type === "UNION" ? "never" : "{\n[k: string]: unknown | undefined\n}";
      return members.length === 1 ? members[0]! : `(${members.join(ast.type === "UNION" ? " | " : " & ")})`;
    }
    case "INTERFACE":
      return printInterface(ast, cache, safeName);
  }
}

/** generateInterface, with strictIndexSignatures. */
function printInterface(ast: PlainInterface, cache: PrintCache, safeName: (name: string) => string): string {
  const lines = ast.members.map((member) => {
    const widened = member.isIndexSignature ? printIndexSignatureType(member, ast.members, cache, safeName) : undefined;
    const type = widened ?? print(member.ast, cache, safeName) + (member.isIndexSignature ? " | undefined" : "");
    const commented = withItemsComment(member.ast);
    const comment = hasComment(commented) && !hasName(member.ast) ? `${printComment(commented.comment, commented.deprecated)}\n` : "";
    return `${comment}${member.isIndexSignature ? member.key : escapeKeyName(member.key)}${member.isRequired ? "" : "?"}: ${type}`;
  });
  return `{\n${lines.join("\n")}\n}`;
}

/** Types that print without other types in them (generator.js LEAF_TYPES, as far as the subset has them). */
const LEAF_TYPES: ReadonlySet<string> = new Set(["BOOLEAN", "CUSTOM_NEVER", "LITERAL", "NULL", "NUMBER", "STRING"]);

/**
 * generateIndexSignatureType: an index signature that is not `unknown` is widened to the union of its
 * type and every property's (TypeScript checks each property against it), members of unnamed unions
 * taken one by one, each printed type once, and `undefined`; undefined when it is `unknown`.
 */
function printIndexSignatureType(index: PlainMember, members: readonly PlainMember[], cache: PrintCache, safeName: (name: string) => string): string | undefined {
  if (index.ast.type === "UNKNOWN") return undefined;
  const asts: PlainAst[] = [];
  const add = (ast: PlainAst) => {
    if (ast.type === "UNION" && !hasName(ast)) ast.params.forEach(add);
    else asts.push(ast);
  };
  add(index.ast);
  for (const member of members) if (member !== index) add(member.ast);
  if (asts.some((ast) => ast.type === "UNKNOWN")) return "unknown | undefined";
  // Every index signature is strict here, so `undefined` always joins: a lone member is widened too.
  if (asts.length === 0) return undefined;
  const seen = new Set<string>();
  const types: string[] = [];
  for (const ast of asts) {
    const type = print(ast, cache, safeName);
    // A named leaf type also stands for the type it names (`type Foo = string` covers `string`).
    const underlying = hasName(ast) && LEAF_TYPES.has(ast.type) ? printBody(ast, cache, safeName) : type;
    if (seen.has(type) || seen.has(underlying)) continue;
    seen.add(type);
    seen.add(underlying);
    types.push(type);
  }
  if (!seen.has("undefined")) types.push("undefined");
  return types.join(" | ");
}

interface Commented {
  readonly comment?: string | undefined;
  readonly deprecated?: boolean | undefined;
}

/** hasComment: a non-empty comment, or @deprecated. */
function hasComment(ast: Commented): boolean {
  return (ast.comment !== undefined && ast.comment !== "") || ast.deprecated === true;
}

function hasName(ast: PlainAst): boolean {
  return ast.name !== undefined && ast.name !== "";
}

/** withItemsComment: an array's comment, followed by its unnamed item's as "Items: …" (no block tag in it). */
function withItemsComment(ast: PlainAst): Commented {
  if (ast.type !== "ARRAY") return ast;
  const item = ast.item;
  const comment = hasName(item) || item.type === "ARRAY" ? undefined : item.comment;
  if (comment === undefined || comment === "" || /(^|\s)@\w/.test(comment)) return ast;
  const items = `Items: ${comment}`;
  return { comment: ast.comment ? `${ast.comment}\n\n${items}` : items, deprecated: ast.deprecated };
}

function printComment(comment: string | undefined, deprecated: boolean | undefined): string {
  const lines = ["/**"];
  if (deprecated) lines.push(" * @deprecated");
  if (comment !== undefined) lines.push(...comment.split("\n").map((line) => ` * ${line}`));
  lines.push(" */");
  return lines.join("\n");
}

/** escapeKeyName: identifiers as they are, anything else as a JSON string. */
function escapeKeyName(key: string): string {
  return key.length > 0 && /[A-Za-z_$]/.test(key.charAt(0)) && /^[\w$]+$/.test(key) ? key : JSON.stringify(key);
}

/** declareNamedTypes: `export type` for every named node that is not an interface, in the library's walk order. */
function declareNamedTypes(ast: PlainAst, done: Set<PlainAst>, cache: PrintCache, safeName: (name: string) => string): string {
  if (done.has(ast)) return "";
  done.add(ast);
  const own = () => (hasName(ast) ? printAlias(ast, cache, safeName) : undefined);
  switch (ast.type) {
    case "ARRAY":
      return [declareNamedTypes(ast.item, done, cache, safeName), own()].filter(Boolean).join("\n");
    case "INTERFACE":
      return ast.members
        .map((member) => declareNamedTypes(member.ast, done, cache, safeName))
        .filter(Boolean)
        .join("\n");
    case "UNION":
    case "INTERSECTION":
      return [
        own(),
        ast.params
          .map((param) => declareNamedTypes(param, done, cache, safeName))
          .filter(Boolean)
          .join("\n"),
      ]
        .filter(Boolean)
        .join("\n");
    default:
      return own() ?? "";
  }
}

/** generateStandaloneType: its comment never says @deprecated, though @deprecated alone makes one. */
function printAlias(ast: PlainAst, cache: PrintCache, safeName: (name: string) => string): string {
  const commented = withItemsComment(ast);
  const comment = hasComment(commented) ? `${printComment(commented.comment, undefined)}\n` : "";
  return `${comment}export type ${safeName(ast.name!)} = ${printBody(ast, cache, safeName)}`;
}

/** declareNamedInterfaces: `export interface` for every named interface, parents before children. */
function declareNamedInterfaces(ast: PlainAst, done: Set<PlainAst>, cache: PrintCache, safeName: (name: string) => string): string {
  if (done.has(ast)) return "";
  done.add(ast);
  switch (ast.type) {
    case "ARRAY":
      return declareNamedInterfaces(ast.item, done, cache, safeName);
    case "INTERFACE": {
      const own = hasName(ast) ? printNamedInterface(ast, cache, safeName) : "";
      const nested = ast.members
        .map((member) => declareNamedInterfaces(member.ast, done, cache, safeName))
        .filter(Boolean)
        .join("\n");
      return [own, nested].filter(Boolean).join("\n");
    }
    case "UNION":
    case "INTERSECTION":
      return ast.params
        .map((param) => declareNamedInterfaces(param, done, cache, safeName))
        .filter(Boolean)
        .join("\n");
    default:
      return "";
  }
}

function printNamedInterface(ast: PlainInterface, cache: PrintCache, safeName: (name: string) => string): string {
  const comment = hasComment(ast) ? `${printComment(ast.comment, ast.deprecated)}\n` : "";
  return `${comment}export interface ${safeName(ast.name!)} ${printInterface(ast, cache, safeName)}`;
}
