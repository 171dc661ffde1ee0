// A plain schema → the standalone chunk a build would get from ajv (createStandaloneEngine, then
// rewriteStandalone and linearPatternCode), written without running ajv. ajv compiles a schema by
// walking it through its keyword contexts, building a code tree, optimizing that tree once and
// evaluating the result with `new Function`; for the schemas most tools have that was the largest
// share of a cold build's CPU, and all of it ends in text that depends on the schema (and the
// pattern plan) alone. For the plain subset (isPlainValidatorSchema: type, enum, properties,
// required, items, numeric, length, item and property-count bounds, pattern, format,
// additionalProperties true or false, allOf, anyOf and oneOf, and `x-` extension keywords, which ajv
// ignores) this module follows the steps ajv 8.20's code takes for those keywords
// (read from its lib/: compile/validate/index.ts, dataType.ts, subschema.ts, errors.ts, util.ts,
// codegen/, and the vocabularies' code), builds the same tree with the same names, and runs a port
// of ajv's one optimization pass over it (optimizeNodes, then optimizeNames: empty branches dropped,
// unused declarations removed, single-use data names inlined). Nothing here evaluates schema text:
// property names, enum members, formats, patterns and numbers are written as JSON literals (ajv's
// safeStringify), exactly where ajv writes them. Any keyword, value or name outside the subset, a
// pattern the engine refuses, or code that would nest near ajv's bound answers undefined, and ajv
// compiles the schema as before. test/compile/plain-validator-code.test.ts holds every answer to
// ajv's own output, byte for byte, over the corpus and drawn schemas.
import type { Dialect } from "../model/dialect.js";
import { isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { escapePointerToken } from "../model/pointer.js";
import { formats } from "@mcp-gen/runtime/validators";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import { MAX_CODE_NESTING } from "./ajv-optimize-names.js";
import { patternEngine } from "./linear-pattern/linear-regexp.js";
import { NO_VERDICTS, type PatternPlan } from "./linear-pattern/pattern-plan.js";
import { linearPatternCode } from "./linear-pattern-code.js";
import { MAX_JOINED } from "./load-ajv.js";
import type { StandaloneChunk } from "./rewrite-standalone.js";

/** A name in the generated code (ajv's codegen Name): counted by the optimizer, inlined when a constant is used once. */
class Name {
  constructor(readonly str: string) {}
}

/** A piece of code (ajv's _Code): raw text, names, and numbers, booleans or null written as JavaScript. */
type Item = string | Name | number | boolean | null;
type Code = readonly Item[];

/** The text ajv writes for a JSON value inside code: JSON, with U+2028 and U+2029 escaped. */
function safeStringify(value: unknown): string {
  const text = JSON.stringify(value);
  return text.includes("\u2028") || text.includes("\u2029") ? text.replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029") : text;
}

const IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;

/** ajv's `_` tag: raw text around arguments, a Code argument spliced in, a string argument quoted. */
function _(strings: TemplateStringsArray, ...args: readonly (Code | Name | string | number | boolean | null)[]): Code {
  const code: Item[] = [strings[0]!];
  args.forEach((arg, i) => {
    pushArg(code, arg);
    code.push(strings[i + 1]!);
  });
  return code;
}

function pushArg(code: Item[], arg: Code | Name | string | number | boolean | null): void {
  if (Array.isArray(arg)) code.push(...(arg as Code));
  else if (arg instanceof Name) code.push(arg);
  else code.push(typeof arg === "string" ? safeStringify(arg) : (arg as number | boolean | null));
}

const PLUS = Symbol("+");

/** ajv's `str` tag: a string expression, adjacent literals merged at generation time. */
function str(strings: TemplateStringsArray, ...args: readonly (Code | Name | string | number)[]): Code {
  const expr: (Item | typeof PLUS)[] = [safeStringify(strings[0])];
  args.forEach((arg, i) => {
    expr.push(PLUS);
    const items: Item[] = [];
    pushArg(items, arg);
    expr.push(...items, PLUS, safeStringify(strings[i + 1]));
  });
  let i = 1;
  while (i < expr.length - 1) {
    if (expr[i] === PLUS) {
      const merged = mergeExprItems(expr[i - 1] as Item, expr[i + 1] as Item);
      if (merged !== undefined) {
        expr.splice(i - 1, 3, merged);
        continue;
      }
      expr[i++] = "+";
    }
    i++;
  }
  return expr as Item[];
}

function mergeExprItems(a: Item, b: Item): Item | undefined {
  if (b === '""') return a;
  if (a === '""') return b;
  if (typeof a === "string") {
    if (b instanceof Name || a[a.length - 1] !== '"') return undefined;
    if (typeof b !== "string") return `${a.slice(0, -1)}${b}"`;
    if (b[0] === '"') return a.slice(0, -1) + b.slice(1);
    return undefined;
  }
  if (typeof b === "string" && b[0] === '"' && !(a instanceof Name)) return `"${a}${b.slice(1)}`;
  return undefined;
}

function isEmptyString(code: Code): boolean {
  return code.length === 1 && (code[0] === "" || code[0] === '""');
}

/** ajv's strConcat. */
function strConcat(a: Code, b: Code): Code {
  return isEmptyString(b) ? a : isEmptyString(a) ? b : str`${a}${b}`;
}

function render(code: Code | Name): string {
  if (code instanceof Name) return code.str;
  let text = "";
  for (const item of code) text += item instanceof Name ? item.str : String(item);
  return text;
}

function par(x: Code | Name): Code | Name {
  return x instanceof Name ? x : _`(${x})`;
}

function not(x: Code | Name): Code {
  return _`!${par(x)}`;
}

function join(op: string, list: readonly Code[]): Code {
  return list.reduce((x, y) => _`${par(x)} ${[op]} ${par(y)}`);
}

function and(...list: Code[]): Code {
  return join("&&", list);
}

function or(...list: Code[]): Code {
  return join("||", list);
}

function getProperty(key: string | Name): Code {
  return typeof key === "string" && IDENTIFIER.test(key) ? [`.${key}`] : _`[${key}]`;
}

// ---- The code tree (ajv's codegen nodes) and its one optimization pass ----

type UsedNames = Map<string, number>;

interface DefNode {
  readonly kind: "def";
  readonly varKind: "let" | "const" | "var";
  readonly name: Name;
  rhs: Code | undefined;
}
/** `lhs = rhs;`: a name on the left is not a use of it, and the assignment goes when the name is never used (ajv's Assign). */
interface AssignNode {
  readonly kind: "assign";
  readonly lhs: Code | Name;
  rhs: Code;
}
/** `return x;` or `break;` */
interface LineNode {
  readonly kind: "line";
  code: Code;
}
interface IfNode {
  readonly kind: "if";
  condition: Code;
  nodes: TreeNode[];
  else: ElseNode | undefined;
}
interface ElseNode {
  readonly kind: "else";
  nodes: TreeNode[];
}
/** `for(let i=0; i<to; i++)` (range) or `for(const key of iterable)`. */
interface ForNode {
  readonly kind: "for";
  readonly name: Name;
  readonly to: Name | undefined;
  iterable: Code | undefined;
  nodes: TreeNode[];
}
type TreeNode = DefNode | AssignNode | LineNode | IfNode | ForNode;

function addNames(names: UsedNames, code: Code | undefined, sign = 1): void {
  if (code) for (const item of code) if (item instanceof Name) names.set(item.str, (names.get(item.str) ?? 0) + sign);
}

/** Adds (sign 1) or takes away (-1) every use of a name in `nodes`, as ajv's `names` getters count them. */
function countNames(nodes: readonly TreeNode[], names: UsedNames, sign: 1 | -1): void {
  for (const node of nodes) countNodeNames(node, names, sign);
}

function countNodeNames(node: TreeNode, names: UsedNames, sign: 1 | -1): void {
  switch (node.kind) {
    case "def":
      addNames(names, node.rhs, sign);
      return;
    case "assign":
      if (!(node.lhs instanceof Name)) addNames(names, node.lhs, sign);
      addNames(names, node.rhs, sign);
      return;
    case "line":
      addNames(names, node.code, sign);
      return;
    case "for":
      countNames(node.nodes, names, sign);
      addNames(names, node.to ? [node.to] : node.iterable, sign);
      return;
    case "if":
      countNames(node.nodes, names, sign);
      addNames(names, node.condition, sign);
      if (node.else) countNames(node.else.nodes, names, sign);
      return;
  }
}

/** ajv's ParentNode.optimizeNodes over a list: each child optimized, dropped or replaced. */
function optimizeNodeList(nodes: TreeNode[]): void {
  let i = nodes.length;
  while (i--) {
    const result = optimizeNode(nodes[i]!);
    if (Array.isArray(result)) nodes.splice(i, 1, ...result);
    else if (result) nodes[i] = result;
    else nodes.splice(i, 1);
  }
}

function optimizeNode(node: TreeNode): TreeNode | TreeNode[] | undefined {
  if (node.kind === "for") {
    optimizeNodeList(node.nodes);
    return node.nodes.length > 0 ? node : undefined;
  }
  if (node.kind !== "if") return node;
  optimizeNodeList(node.nodes);
  if (node.else) {
    optimizeNodeList(node.else.nodes);
    if (node.else.nodes.length === 0) node.else = undefined;
  }
  if (node.else) {
    if (node.nodes.length > 0) return node;
    return { kind: "if", condition: not(node.condition), nodes: node.else.nodes, else: undefined };
  }
  return node.nodes.length > 0 ? node : undefined;
}

/** ajv's optimizeExpr: a constant used once is written in place of its name. */
function optimizeExpr(code: Code, names: UsedNames, constants: ReadonlyMap<string, Code>): Code {
  if (!code.some((item) => item instanceof Name && names.get(item.str) === 1 && constants.has(item.str))) return code;
  const items: Item[] = [];
  for (const item of code) {
    if (item instanceof Name && names.get(item.str) === 1 && constants.has(item.str)) {
      names.delete(item.str);
      items.push(...constants.get(item.str)!);
    } else items.push(item);
  }
  return items;
}

/** ajv's ParentNode.optimizeNames: backwards, removing what nothing uses. False when the list ends empty. */
function optimizeNameList(nodes: TreeNode[], names: UsedNames, constants: ReadonlyMap<string, Code>): boolean {
  let i = nodes.length;
  while (i--) {
    const node = nodes[i]!;
    if (optimizeNames(node, names, constants)) continue;
    countNodeNames(node, names, -1);
    nodes.splice(i, 1);
  }
  return nodes.length > 0;
}

function optimizeNames(node: TreeNode, names: UsedNames, constants: ReadonlyMap<string, Code>): boolean {
  switch (node.kind) {
    case "def":
      if (!names.get(node.name.str)) return false;
      if (node.rhs) node.rhs = optimizeExpr(node.rhs, names, constants);
      return true;
    case "assign":
      if (node.lhs instanceof Name && !names.get(node.lhs.str)) return false;
      node.rhs = optimizeExpr(node.rhs, names, constants);
      return true;
    case "line":
      node.code = optimizeExpr(node.code, names, constants);
      return true;
    case "for":
      if (!optimizeNameList(node.nodes, names, constants)) return false;
      if (node.iterable) node.iterable = optimizeExpr(node.iterable, names, constants);
      return true;
    case "if": {
      if (node.else && !optimizeNameList(node.else.nodes, names, constants)) node.else = undefined;
      if (!(optimizeNameList(node.nodes, names, constants) || node.else)) return false;
      node.condition = optimizeExpr(node.condition, names, constants);
      return true;
    }
  }
}

function renderNodes(nodes: readonly TreeNode[]): string {
  let text = "";
  for (const node of nodes) text += renderNode(node);
  return text;
}

function renderNode(node: TreeNode): string {
  switch (node.kind) {
    case "def":
      return `${node.varKind} ${node.name.str}${node.rhs === undefined ? "" : ` = ${render(node.rhs)}`};\n`;
    case "assign":
      return `${render(node.lhs)} = ${render(node.rhs)};\n`;
    case "line":
      return `${render(node.code)};\n`;
    case "for": {
      const head = node.to ? `let ${node.name.str}=0; ${node.name.str}<${node.to.str}; ${node.name.str}++` : `const ${node.name.str} of ${render(node.iterable!)}`;
      return `for(${head}){\n${renderNodes(node.nodes)}}\n`;
    }
    case "if":
      return `if(${render(node.condition)}){\n${renderNodes(node.nodes)}}\n${node.else ? `else {\n${renderNodes(node.else.nodes)}}\n` : ""}`;
  }
}

/**
 * The deepest this module nests its blocks before it leaves a schema to ajv. ajv refuses code nested
 * deeper than MAX_CODE_NESTING (CodeNestingError: compiled() then keeps every error instead), counting
 * an `else` one level below its `if`, which this count does not: at half the bound, no schema this
 * module writes is one ajv would have refused, and the recursion here stays shallow.
 */
const MAX_DEPTH = Math.floor(MAX_CODE_NESTING / 2) - 1;
const TOO_DEEP = new Error("nested too deeply for plain-validator-code");

/** ajv's CodeGen, for the statements this module writes: open blocks nest what follows until closed. */
class Gen {
  readonly root: TreeNode[] = [];
  /** The lists being appended to, innermost last. */
  private readonly stack: TreeNode[][] = [this.root];
  private readonly ifs: IfNode[] = [];
  private readonly counters = new Map<string, number>();
  readonly constants = new Map<string, Code>();
  /**
   * Runtime values (ajv's scope values) by prefix and declaration: ajv's standalone code declares
   * them prefix by prefix, in the order each prefix was first used, and rewriteStandalone numbers
   * them in that order.
   */
  readonly scope = new Map<string, Map<string, Name>>();

  name(prefix: string): Name {
    const n = this.counters.get(prefix) ?? 0;
    this.counters.set(prefix, n + 1);
    return new Name(`${prefix}${n}`);
  }

  private get current(): TreeNode[] {
    return this.stack[this.stack.length - 1]!;
  }

  def(varKind: DefNode["varKind"], nameOrPrefix: Name | string, rhs?: Code, constant = false): Name {
    const name = typeof nameOrPrefix === "string" ? this.name(nameOrPrefix) : nameOrPrefix;
    if (constant && rhs) this.constants.set(name.str, rhs);
    this.current.push({ kind: "def", varKind, name, rhs });
    return name;
  }

  assign(lhs: Code | Name, rhs: Code): void {
    this.current.push({ kind: "assign", lhs, rhs });
  }

  line(code: Code): void {
    this.current.push({ kind: "line", code });
  }

  /** Opens `if(condition){`; endIf() or the end of the enclosing block closes it. */
  if(condition: Code): void {
    const node: IfNode = { kind: "if", condition, nodes: [], else: undefined };
    this.current.push(node);
    this.ifs.push(node);
    this.push(node.nodes);
  }

  private push(nodes: TreeNode[]): void {
    this.stack.push(nodes);
    if (this.stack.length > MAX_DEPTH) throw TOO_DEEP;
  }

  /** Switches the innermost open `if` to its else branch. */
  else(): void {
    const node = this.ifs[this.ifs.length - 1]!;
    this.stack.pop();
    node.else = { kind: "else", nodes: [] };
    this.push(node.else.nodes);
  }

  endIf(): void {
    this.ifs.pop();
    this.stack.pop();
  }

  forRange(to: Name, body: (i: Name) => void): void {
    this.loop({ kind: "for", name: this.name("i"), to, iterable: undefined, nodes: [] }, body);
  }

  /** `for(const key of iterable)`: ajv's forIn under ownProperties. */
  forOf(name: Name, iterable: Code, body: (key: Name) => void): void {
    this.loop({ kind: "for", name, to: undefined, iterable, nodes: [] }, body);
  }

  private loop(node: ForNode, body: (name: Name) => void): void {
    this.current.push(node);
    this.push(node.nodes);
    const depth = this.ifs.length;
    body(node.name);
    while (this.ifs.length > depth) this.endIf();
    this.stack.pop();
  }

  /** ajv's gen.block: every `if` opened inside `body` and left open is closed at its end. */
  block(body: () => void): void {
    const depth = this.ifs.length;
    body();
    while (this.ifs.length > depth) this.endIf();
  }

  /** A runtime value the code refers to (ajv's scopeValue), declared once. */
  scopeValue(prefix: "func" | "formats" | "pattern", declaration: string): Name {
    let values = this.scope.get(prefix);
    if (!values) {
      values = new Map();
      this.scope.set(prefix, values);
    }
    let name = values.get(declaration);
    if (!name) {
      name = new Name(`${prefix}${values.size}`);
      values.set(declaration, name);
    }
    return name;
  }
}

// ---- The subset ----

const TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "null", "array", "object"]);
const NUMBER_LIMITS = ["maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum"] as const;
const LENGTH_LIMITS = ["maxLength", "minLength"] as const;
const ITEM_LIMITS = ["maxItems", "minItems"] as const;
const PROPERTY_LIMITS = ["maxProperties", "minProperties"] as const;
const KEYWORDS: ReadonlySet<string> = new Set([
  "type",
  "enum",
  "anyOf",
  "oneOf",
  "allOf",
  "properties",
  "required",
  "items",
  "pattern",
  "format",
  "additionalProperties",
  ...NUMBER_LIMITS,
  ...LENGTH_LIMITS,
  ...ITEM_LIMITS,
  ...PROPERTY_LIMITS,
]);
/** ajv's loopEnum and loopRequired: from 200 members it writes a loop, which this module does not. */
const LOOP_FROM = 200;

function isWellFormedName(name: string): boolean {
  // A lone surrogate in a name takes load-ajv.ts's path change; `__proto__` its property change;
  // "" its required change. None is in the subset.
  return name !== "__proto__" && name !== "" && !/[\ud800-\udfff]/.test(name.replace(/[\ud800-\udbff][\udc00-\udfff]/g, ""));
}

function isPrimitive(value: JsonValue): boolean {
  return value === null || typeof value === "string" || typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * Whether `schema` (a prepared schema: prepareValidatorSchema) is in the subset this module writes,
 * under every dialect (a pattern may still be one the engine refuses: plainValidatorChunk).
 * @example isPlainValidatorSchema({ type: "object", properties: { q: { type: "string" } } }) === true
 */
export function isPlainValidatorSchema(schema: JsonValue): boolean {
  // A root with no keyword of its own is ajv's empty-schema function, not this code.
  if (!isJsonObject(schema) || !hasRules(schema)) return false;
  return isPlainAt(schema, true, 0);
}

/**
 * Whether a schema object has a keyword ajv checks: one without (`{}`, or only `x-` extensions,
 * which ajv ignores under strict: false) is always valid, and ajv writes no code for it.
 */
function hasRules(schema: JsonObject): boolean {
  for (const key in schema) if (KEYWORDS.has(key)) return true;
  return false;
}

/** `root`: `$schema` is allowed there. */
function isPlainAt(schema: JsonValue, root: boolean, depth: number): boolean {
  // A schema nested deeper than the code this module writes is ajv's (and this walk stays shallow).
  if (!isJsonObject(schema) || depth > MAX_DEPTH) return false;
  for (const key of Object.keys(schema)) {
    if (!KEYWORDS.has(key) && !key.startsWith("x-") && !(root && key === "$schema" && typeof schema.$schema === "string")) return false;
  }
  const { type, enum: members, properties, required, items, anyOf, oneOf, allOf } = schema as Record<string, JsonValue | undefined>;
  if (type !== undefined) {
    const types = typeof type === "string" ? [type] : type;
    if (!Array.isArray(types) || types.length === 0 || new Set(types).size !== types.length) return false;
    if (!types.every((t) => typeof t === "string" && TYPES.has(t))) return false;
  }
  if (members !== undefined && !(Array.isArray(members) && members.length > 0 && members.length < LOOP_FROM && members.every(isPrimitive))) return false;
  if (required !== undefined) {
    if (!Array.isArray(required) || required.length >= LOOP_FROM || required.length > MAX_JOINED) return false;
    if (!required.every((name) => typeof name === "string" && isWellFormedName(name))) return false;
  }
  if (properties !== undefined) {
    if (!isJsonObject(properties)) return false;
    for (const [name, property] of Object.entries(properties)) if (!isWellFormedName(name) || !isPlainAt(property, false, depth + 1)) return false;
  }
  if (items !== undefined && !isPlainAt(items, false, depth + 1)) return false;
  for (const branches of [anyOf, oneOf]) {
    if (branches === undefined) continue;
    // Every branch has a keyword of its own: ajv writes an always-valid branch differently.
    if (!Array.isArray(branches) || branches.length === 0 || branches.length > MAX_JOINED) return false;
    if (!branches.every((branch) => isJsonObject(branch) && hasRules(branch) && isPlainAt(branch, false, depth + 1))) return false;
  }
  // allOf leaves its always-valid branches out, as ajv does.
  if (allOf !== undefined && !(Array.isArray(allOf) && allOf.length > 0 && allOf.length <= MAX_JOINED && allOf.every((branch) => isPlainAt(branch, false, depth + 1)))) return false;
  if (schema.format !== undefined && !(typeof schema.format === "string" && formatOf(schema.format) !== UNSUPPORTED)) return false;
  if (schema.pattern !== undefined && typeof schema.pattern !== "string") return false;
  if (schema.additionalProperties !== undefined && typeof schema.additionalProperties !== "boolean") return false;
  for (const limit of NUMBER_LIMITS) if (limit in schema && !(typeof schema[limit] === "number" && Number.isFinite(schema[limit]))) return false;
  for (const limit of [...LENGTH_LIMITS, ...ITEM_LIMITS, ...PROPERTY_LIMITS]) {
    const value = schema[limit];
    if (limit in schema && !(typeof value === "number" && Number.isSafeInteger(value) && value >= 0)) return false;
  }
  return true;
}

// ---- The code, keyword by keyword, in ajv's order ----

const N = {
  data: new Name("data"),
  errors: new Name("errors"),
  vErrors: new Name("vErrors"),
  instancePath: new Name("instancePath"),
  validate: new Name("validate0"),
};

/** What ajv's SchemaCxt holds for one subschema, as far as the subset needs it. */
interface Context {
  readonly schema: JsonObject;
  readonly data: Name;
  /** The subschema's place as code (`.properties.a`), after `schema0`. */
  readonly schemaPath: Code;
  /** `#/properties/a`. */
  readonly errSchemaPath: string;
  /** The data's place as a string expression, after instancePath. */
  readonly errorPath: Code;
  /** The subschema's `_errs` name; undefined at the root (errors is compared with 0). */
  readonly errsCount: Name | undefined;
  /** Inside anyOf or oneOf: errors are collected in vErrors instead of returned. */
  readonly compositeRule: boolean;
  /** What this schema has evaluated at its data (ajv's it.props and it.items; 2019-09 and 2020-12 only). */
  readonly evaluated: Evaluated;
}

/** ajv's evaluated properties and items of one schema context: known at generation time, or in a variable of the code. */
interface Evaluated {
  props: Record<string, true> | true | Name | undefined;
  items: true | Name | undefined;
}

type Group = "number" | "string" | "array" | "object";

/** The keywords of each of ajv's typed rule groups, in rule order, as far as the subset has them. */
const GROUP_KEYWORDS: Readonly<Record<Group, readonly string[]>> = {
  number: [...NUMBER_LIMITS, "format"],
  string: [...LENGTH_LIMITS, "pattern", "format"],
  array: [...ITEM_LIMITS, "items"],
  object: [...PROPERTY_LIMITS, "required", "additionalProperties", "properties"],
};
const GROUPS: readonly Group[] = ["number", "string", "array", "object"];

/** The subset's keywords of ajv's untyped rule group, in rule order (`type`'s context only claims an `_errs` name). */
const UNTYPED_KEYWORDS = ["type", "enum", "anyOf", "oneOf", "allOf"] as const;

/** A format as the engine knows it (the validator runtime's formats): its data type and how it is called; none when it is unknown. */
type FormatUse = { readonly type: string; readonly call: "function" | "validate" } | "none";
const UNSUPPORTED = Symbol("unsupported");

function formatOf(name: string): FormatUse | typeof UNSUPPORTED {
  if (!Object.hasOwn(formats, name)) return "none";
  const definition = (formats as Record<string, unknown>)[name];
  if (definition === true) return "none";
  if (typeof definition === "function") return { type: "string", call: "function" };
  if (typeof definition === "object" && definition !== null && !(definition instanceof RegExp)) {
    const { type = "string", validate, async } = definition as { type?: string; validate?: unknown; async?: unknown };
    if (async || typeof validate !== "function") return UNSUPPORTED;
    return { type, call: "validate" };
  }
  return UNSUPPORTED;
}

class Writer {
  readonly gen = new Gen();
  /** The source of every pattern the code uses, for plainValidatorChunk to have the engine check. */
  readonly patterns: string[] = [];

  constructor(readonly unevaluated: boolean) {}

  hasOwn(): Name {
    return this.gen.scopeValue("func", "Object.prototype.hasOwnProperty");
  }

  ucs2length(): Name {
    return this.gen.scopeValue("func", "__rt.ucs2length");
  }

  /** ajv's returnErrors(reportError(...)) for the first error: the error object, then `return false`. */
  fail(it: Context, condition: Code, keyword: string, params: Code, message: Code | string): void {
    this.gen.if(condition);
    this.error(it, keyword, params, message);
    this.gen.else();
  }

  error(it: Context, keyword: string, params: Code, message: Code | string): void {
    const instancePath = strConcat([N.instancePath], it.errorPath);
    const object: Item[] = ["{", N.instancePath];
    if (!(instancePath.length === 1 && instancePath[0] === N.instancePath)) object.push(":", ...instancePath);
    object.push(",", "schemaPath", ":", ...str`${it.errSchemaPath}/${keyword}`, ",", "keyword", ":", safeStringify(keyword), ",", "params", ":", ...params, ",", "message", ":");
    pushArg(object, message as Code | string);
    object.push("}");
    if (it.compositeRule) this.addError(object);
    else {
      this.gen.assign(_`${N.validate}.errors`, _`[${object}]`);
      this.gen.line(["return false"]);
    }
  }

  /** ajv's addError: the error pushed on vErrors, counted in errors. */
  addError(object: Code): void {
    const { gen } = this;
    const err = gen.def("const", "err", object);
    gen.if(_`${N.vErrors} === null`);
    gen.assign([N.vErrors], _`[${err}]`);
    gen.else();
    gen.line(_`${N.vErrors}.push(${err})`);
    gen.endIf();
    gen.line(_`${N.errors}++`);
  }

  schemaValue(it: Context, keyword: string): Code {
    return _`schema0${it.schemaPath}${getProperty(keyword)}`;
  }

  typeError(it: Context): void {
    const type = it.schema.type!;
    const params = typeof type === "string" ? _`{type: ${type}}` : _`{type: ${this.schemaValue(it, "type")}}`;
    this.error(it, "type", params, `must be ${String(type)}`);
  }

  /** ajv's typeAndKeywords + schemaKeywords for one schema object. */
  typeAndKeywords(it: Context): void {
    const { gen } = this;
    const { type } = it.schema;
    const types = type === undefined ? [] : typeof type === "string" ? [type] : (type as string[]);
    const checkTypes = types.length > 0 && !(types.length === 1 && this.usesGroup(it.schema, types[0] as Group));
    if (checkTypes) {
      gen.if(checkDataTypes(types, it.data, false));
      this.typeError(it);
      gen.endIf();
    }
    const typeErrors = !checkTypes;
    gen.block(() => {
      if (UNTYPED_KEYWORDS.some((keyword) => it.schema[keyword] !== undefined)) {
        gen.block(() => {
          if (type !== undefined) gen.name("_errs");
          if (it.schema.enum !== undefined) this.enumKeyword(it);
          if (it.schema.anyOf !== undefined) this.unionKeyword(it, "anyOf");
          if (it.schema.oneOf !== undefined) this.unionKeyword(it, "oneOf");
          if (it.schema.allOf !== undefined) this.allOfKeyword(it);
        });
        gen.if(_`${N.errors} === ${it.errsCount ?? 0}`);
      }
      for (const group of GROUPS) {
        if (!this.usesGroup(it.schema, group)) continue;
        gen.if(checkDataType(group, it.data, true));
        gen.block(() => {
          for (const keyword of GROUP_KEYWORDS[group]) if (it.schema[keyword] !== undefined) this.keyword(it, keyword, group);
        });
        if (types.length === 1 && types[0] === group && typeErrors) {
          gen.else();
          this.typeError(it);
        }
        gen.endIf();
        gen.if(_`${N.errors} === ${it.errsCount ?? 0}`);
      }
    });
  }

  /** Whether ajv's rule group for `type` has a keyword in `schema` (integer, boolean and null have no group). */
  usesGroup(schema: JsonObject, type: string): boolean {
    return Object.hasOwn(GROUP_KEYWORDS, type) && GROUP_KEYWORDS[type as Group].some((keyword) => schema[keyword] !== undefined);
  }

  keyword(it: Context, keyword: string, group: Group): void {
    const value = it.schema[keyword]!;
    switch (keyword) {
      case "maximum":
      case "minimum":
      case "exclusiveMaximum":
      case "exclusiveMinimum": {
        const [ok, fail] = NUMBER_COMPARISONS[keyword];
        this.fail(it, _`${it.data} ${[fail]} ${value as number} || isNaN(${it.data})`, keyword, _`{comparison: ${ok}, limit: ${value as number}}`, str`must be ${ok} ${value as number}`);
        return;
      }
      case "maxLength":
      case "minLength":
        this.countLimit(it, keyword, value as number, _`${this.ucs2length()}(${it.data})`, "characters");
        return;
      case "maxItems":
      case "minItems":
        this.countLimit(it, keyword, value as number, _`${it.data}.length`, "items");
        return;
      case "maxProperties":
      case "minProperties":
        this.countLimit(it, keyword, value as number, _`Object.keys(${it.data}).length`, "properties");
        return;
      case "required":
        this.requiredKeyword(it, value as string[]);
        return;
      case "format":
        this.formatKeyword(it, value as string, group);
        return;
      case "pattern":
        this.patternKeyword(it, value as string);
        return;
      case "additionalProperties":
        this.additionalPropertiesKeyword(it, value as boolean);
        return;
      case "properties":
        this.propertiesKeyword(it, value as JsonObject);
        return;
      case "items":
        this.itemsKeyword(it, value as JsonObject);
        return;
    }
  }

  /** ajv's limitLength, limitItems and limitProperties: `count` (the data's length in `unit`) against the limit. */
  countLimit(it: Context, keyword: string, limit: number, count: Code, unit: string): void {
    const [op, comparison] = keyword.startsWith("max") ? [">", "more"] : ["<", "fewer"];
    this.fail(it, _`${count} ${[op]} ${limit}`, keyword, _`{limit: ${limit}}`, str`must NOT have ${comparison} than ${limit} ${unit}`);
  }

  /**
   * ajv's pattern keyword (usePattern): the pattern engine's function and the pattern as scope
   * values, `func(source, "u")`, which linearPatternCode then writes as the plan runs it
   * (plainValidatorChunk has the engine check each pattern recorded here first).
   */
  patternKeyword(it: Context, source: string): void {
    this.patterns.push(source);
    const engine = this.gen.scopeValue("func", "__rt.pattern");
    const pattern = this.gen.scopeValue("pattern", `${engine.str}(${safeStringify(source)}, "u")`);
    const schemaCode = _`${source}`;
    this.fail(it, _`!${pattern}.test(${it.data})`, "pattern", _`{pattern: ${schemaCode}}`, str`must match pattern "${schemaCode}"`);
  }

  /** ajv's format keyword (validateFormat): in the number and the string group, code only in the format's own. */
  formatKeyword(it: Context, name: string, group: Group): void {
    const use = formatOf(name);
    if (use === "none" || use === UNSUPPORTED) return;
    const format = this.gen.scopeValue("formats", `__rt.formats${render(getProperty(name))}`);
    if (use.type !== group) return;
    const valid = use.call === "function" ? _`${format}(${it.data})` : _`${format}.validate(${it.data})`;
    const schemaCode = _`${name}`;
    this.fail(it, not(valid), "format", _`{format: ${schemaCode}}`, str`must match format "${schemaCode}"`);
  }

  /** ajv's additionalProperties keyword, for `false` (and `true`, which only claims its names). */
  additionalPropertiesKeyword(it: Context, allowed: boolean): void {
    const { gen } = this;
    const errsCount = gen.def("const", "_errs", [N.errors]);
    it.evaluated.props = true;
    if (allowed) return;
    const props = Object.keys((it.schema.properties as JsonObject | undefined) ?? {});
    const key = gen.name("key");
    gen.forOf(key, _`Object.keys(${it.data})`, () => {
      const error = () => {
        this.error(it, "additionalProperties", _`{additionalProperty: ${key}}`, "must NOT have additional properties");
        gen.line(["break"]);
      };
      if (props.length === 0) {
        error();
        return;
      }
      const defined = props.length > 8 ? _`${this.hasOwn()}.call(${this.schemaValue(it, "properties")}, ${key})` : or(...props.map((p) => _`${key} === ${p}`));
      gen.if(not(defined));
      error();
      gen.endIf();
    });
    gen.if(_`${errsCount} === ${N.errors}`);
  }

  /** ajv's anyOf (validateUnion) and oneOf keywords, every branch a schema with rules of its own. */
  unionKeyword(it: Context, keyword: "anyOf" | "oneOf"): void {
    const { gen } = this;
    const branches = it.schema[keyword] as JsonObject[];
    // The keyword's context counts errors from here (trackErrors).
    const errsCount = gen.def("const", "_errs", [N.errors]);
    const valid = gen.def("let", "valid", ["false"]);
    const passing = keyword === "oneOf" ? gen.def("let", "passing", ["null"]) : undefined;
    const branchValid = gen.name("_valid");
    gen.block(() => {
      branches.forEach((branch, i) => {
        const branchContext = this.subschema(it, branch, _`${it.schemaPath}${getProperty(keyword)}[${i}]`, `${it.errSchemaPath}/${keyword}/${i}`, undefined, branchValid, true);
        if (passing === undefined) {
          gen.assign(valid, _`${valid} || ${branchValid}`);
          // mergeValidEvaluated: under 2019-09 and 2020-12, while the parent has not evaluated
          // everything, what a valid branch evaluated is merged, and every branch is tried.
          if (this.unevaluated && (it.evaluated.props !== true || it.evaluated.items !== true)) {
            gen.if([branchValid]);
            this.mergeEvaluated(it.evaluated, branchContext.evaluated);
            gen.endIf();
          } else gen.if(not(valid));
          return;
        }
        if (i > 0) {
          gen.if(_`${branchValid} && ${valid}`);
          gen.assign(valid, ["false"]);
          gen.assign(passing, _`[${passing}, ${i}]`);
          gen.else();
        }
        gen.if([branchValid]);
        gen.assign(valid, ["true"]);
        gen.assign(passing, [i]);
        this.mergeEvaluated(it.evaluated, branchContext.evaluated);
        gen.endIf();
      });
    });
    // cxt.result(valid, reset, error(true)): the keyword's own error, or the branches' errors taken back.
    gen.if(not(valid));
    const params = passing ? _`{passingSchemas: ${passing}}` : ["{}"];
    const message = passing ? "must match exactly one schema in oneOf" : "must match a schema in anyOf";
    this.error({ ...it, compositeRule: true }, keyword, params, message);
    if (!it.compositeRule) {
      gen.assign(_`${N.validate}.errors`, [N.vErrors]);
      gen.line(["return false"]);
    }
    gen.else();
    gen.assign(N.errors, [errsCount]);
    gen.if(_`${N.vErrors} !== null`);
    gen.if([errsCount]);
    gen.assign(_`${N.vErrors}.length`, [errsCount]);
    gen.else();
    gen.assign(N.vErrors, ["null"]);
    gen.endIf();
    gen.endIf();
  }

  /** ajv's allOf keyword: each branch with rules in turn, on the same data, and what it evaluated merged as known. */
  allOfKeyword(it: Context): void {
    const { gen } = this;
    const valid = gen.name("valid");
    (it.schema.allOf as JsonObject[]).forEach((branch, i) => {
      if (!hasRules(branch)) return;
      const branchContext = this.subschema(it, branch, _`${it.schemaPath}${getProperty("allOf")}[${i}]`, `${it.errSchemaPath}/allOf/${i}`, undefined, valid);
      gen.if([valid]);
      this.mergeEvaluated(it.evaluated, branchContext.evaluated, false);
    });
  }

  enumKeyword(it: Context): void {
    const members = it.schema.enum as JsonValue[];
    // ajv declares the enum's schema value as `vSchema`, which only object members use.
    this.gen.def("const", "vSchema", this.schemaValue(it, "enum"));
    const valid = or(...members.map((member) => _`${it.data} === ${member as string | number | boolean | null}`));
    this.fail(it, not(valid), "enum", _`{allowedValues: ${this.schemaValue(it, "enum")}}`, "must be equal to one of the allowed values");
  }

  requiredKeyword(it: Context, names: readonly string[]): void {
    if (names.length === 0) return;
    const missing = this.gen.def("let", "missing");
    const hasOwn = this.hasOwn();
    const condition = or(...names.map((name) => and(or(_`${it.data}${getProperty(name)} === undefined`, not(_`${hasOwn}.call(${it.data}, ${name})`)), _`${missing} = ${name}`)));
    this.fail(it, condition, "required", _`{missingProperty: ${missing}}`, str`must have required property '${missing}'`);
  }

  propertiesKeyword(it: Context, properties: JsonObject): void {
    const { gen } = this;
    const all = Object.keys(properties);
    if (this.unevaluated && all.length > 0 && it.evaluated.props !== true) {
      const props: Record<string, true> = {};
      for (const name of all) props[name] = true;
      it.evaluated.props = this.mergeProps(props, it.evaluated.props, false);
    }
    const checked = all.filter((name) => hasRules(properties[name] as JsonObject));
    if (checked.length === 0) return;
    const valid = gen.name("valid");
    for (const name of checked) {
      gen.if(_`${it.data}${getProperty(name)} !== undefined && ${this.hasOwn()}.call(${it.data}, ${name})`);
      this.subschema(
        it,
        properties[name] as JsonObject,
        _`${it.schemaPath}.properties${getProperty(name)}`,
        `${it.errSchemaPath}/properties/${encodeURIComponent(escapePointerToken(name))}`,
        name,
        valid,
      );
      gen.else();
      gen.def("var", valid, ["true"]);
      gen.endIf();
      gen.if([valid]);
    }
  }

  itemsKeyword(it: Context, items: JsonObject): void {
    const { gen } = this;
    it.evaluated.items = true;
    if (!hasRules(items)) return;
    const valid = gen.name("valid");
    gen.def("var", valid, ["true"]);
    const len = gen.def("const", "len", _`${it.data}.length`);
    gen.forRange(len, (i) => {
      this.subschema(it, items, _`${it.schemaPath}.items`, `${it.errSchemaPath}/items`, i, valid);
      gen.if(not(valid));
      gen.line(["break"]);
      gen.endIf();
    });
    gen.if([valid]);
  }

  /**
   * ajv's KeywordCxt.subschema + subSchemaObjCode: a property (`dataProp` its name), an item (its
   * index), or a branch of anyOf or oneOf (no dataProp: the same data, errors collected).
   */
  subschema(it: Context, schema: JsonObject, schemaPath: Code, errSchemaPath: string, dataProp: string | Name | undefined, valid: Name, compositeRule = it.compositeRule): Context {
    const { gen } = this;
    let data = it.data;
    let errorPath = it.errorPath;
    if (dataProp !== undefined) {
      data = gen.def("let", "data", _`${it.data}${getProperty(dataProp)}`, true);
      errorPath = str`${it.errorPath}${typeof dataProp === "string" ? `/${escapePointerToken(dataProp)}` : _`"/" + ${dataProp}`}`;
    }
    const errsCount = gen.def("const", "_errs", [N.errors]);
    const context: Context = { schema, data, schemaPath, errSchemaPath, errorPath, errsCount, compositeRule, evaluated: { props: undefined, items: undefined } };
    this.typeAndKeywords(context);
    gen.def("var", valid, _`${errsCount} === ${N.errors}`);
    return context;
  }

  /**
   * ajv's KeywordCxt.mergeEvaluated: what a branch evaluated, added to its parent's; in a variable
   * (`toName`, anyOf and oneOf) or, for allOf, as known where both are known.
   */
  mergeEvaluated(into: Evaluated, from: Evaluated, toName = true): void {
    if (!this.unevaluated) return;
    if (into.props !== true && from.props !== undefined) into.props = this.mergeProps(from.props, into.props, toName);
    if (into.items !== true && from.items !== undefined) into.items = this.mergeItems(from.items, into.items, toName);
  }

  /** ajv's mergeEvaluated.props (util.ts). */
  mergeProps(from: NonNullable<Evaluated["props"]>, to: Evaluated["props"], toName: boolean): NonNullable<Evaluated["props"]> {
    const { gen } = this;
    let result: NonNullable<Evaluated["props"]>;
    if (to === undefined) result = from;
    else if (to instanceof Name) {
      if (from instanceof Name) {
        gen.if(_`${to} !== true && ${from} !== undefined`);
        gen.if(_`${from} === true`);
        gen.assign(to, ["true"]);
        gen.else();
        gen.assign(to, _`${to} || {}`);
        gen.line(_`Object.assign(${to}, ${from})`);
        gen.endIf();
        gen.endIf();
      } else this.propsToName(from, to);
      result = to;
    } else if (from instanceof Name) {
      this.propsToName(to, from);
      result = from;
    } else result = from === true ? true : { ...from, ...(to as Record<string, true>) };
    if (!toName || result instanceof Name) return result;
    if (result === true) return gen.def("var", "props", ["true"]);
    const props = gen.def("var", "props", ["{}"]);
    this.setEvaluated(props, result);
    return props;
  }

  /** ajv's mergeToName for props: `to` takes what `from` (known now) evaluated, unless it has everything. */
  private propsToName(from: Record<string, true> | true, to: Name): void {
    const { gen } = this;
    gen.if(_`${to} !== true`);
    if (from === true) gen.assign(to, ["true"]);
    else {
      gen.assign(to, _`${to} || {}`);
      this.setEvaluated(to, from);
    }
    gen.endIf();
  }

  private setEvaluated(props: Name, from: Record<string, true>): void {
    for (const name of Object.keys(from)) this.gen.assign(_`${props}${getProperty(name)}`, ["true"]);
  }

  /** ajv's mergeEvaluated.items (util.ts); the subset's items are only ever all of them (true). */
  mergeItems(from: true | Name, to: Evaluated["items"], toName: boolean): true | Name {
    const { gen } = this;
    let result: true | Name;
    if (to === undefined) result = from;
    else if (to instanceof Name) {
      if (from instanceof Name) {
        gen.if(_`${to} !== true && ${from} !== undefined`);
        gen.assign(to, _`${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`);
        gen.endIf();
      } else {
        gen.if(_`${to} !== true`);
        gen.assign(to, ["true"]);
        gen.endIf();
      }
      result = to;
    } else if (from instanceof Name) {
      gen.if(_`${from} !== true`);
      gen.assign(from, ["true"]);
      gen.endIf();
      result = from;
    } else result = true;
    return toName && !(result instanceof Name) ? gen.def("var", "items", ["true"]) : result;
  }
}

const NUMBER_COMPARISONS: Readonly<Record<(typeof NUMBER_LIMITS)[number], readonly [ok: string, fail: string]>> = {
  maximum: ["<=", ">"],
  minimum: [">=", "<"],
  exclusiveMaximum: ["<", ">="],
  exclusiveMinimum: [">", "<="],
};

/** ajv's checkDataType: `correct` writes the test that the data has the type, else the test that it has not. */
function checkDataType(type: string, data: Name, correct: boolean): Code {
  const eq = correct ? "===" : "!==";
  let condition: Code;
  switch (type) {
    case "null":
      return _`${data} ${[eq]} null`;
    case "array":
      condition = _`Array.isArray(${data})`;
      break;
    case "object":
      condition = _`${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
      break;
    case "integer":
      condition = and(_`typeof ${data} == "number"`, _`!(${data} % 1) && !isNaN(${data})`);
      break;
    case "number":
      condition = _`typeof ${data} == "number"`;
      break;
    default:
      return _`typeof ${data} ${[eq]} ${type}`;
  }
  return correct ? condition : not(condition);
}

/** ajv's checkDataTypes (strictNumbers off). */
function checkDataTypes(types: readonly string[], data: Name, correct: boolean): Code {
  if (types.length === 1) return checkDataType(types[0]!, data, correct);
  const remaining = new Set(types);
  let condition: Code | undefined;
  if (remaining.has("array") && remaining.has("object")) {
    const notObject = _`typeof ${data} != "object"`;
    condition = remaining.has("null") ? notObject : _`!${data} || ${notObject}`;
    remaining.delete("null");
    remaining.delete("array");
    remaining.delete("object");
  }
  if (remaining.has("number")) remaining.delete("integer");
  for (const type of remaining) {
    const check = checkDataType(type, data, correct);
    condition = condition === undefined ? check : and(condition, check);
  }
  return condition ?? [""];
}

/**
 * The standalone chunk of `schema` (prepared: prepareValidatorSchema) under `dialect`, exactly as
 * standaloneChunk() would return it from an engine made with the same pattern `plan` (its patterns
 * written as the plan runs them, linear-pattern-code.ts), or undefined when the schema is outside
 * the subset or has a pattern the engine refuses (ajv then says why). `clock`: pattern work counts
 * to "patterns".
 * @example plainValidatorChunk({ type: "string" }, "2020-12")?.validateName === "validate0"
 */
export function plainValidatorChunk(schema: JsonValue, dialect: Dialect, plan: PatternPlan = NO_VERDICTS, clock: PhaseClock = NO_CLOCK): StandaloneChunk | undefined {
  if (!isPlainValidatorSchema(schema) || !isJsonObject(schema)) return undefined;
  let written: { readonly chunk: StandaloneChunk; readonly patterns: readonly string[] };
  try {
    written = writeChunk(schema, dialect);
  } catch (e) {
    if (e === TOO_DEEP) return undefined;
    throw e;
  }
  const { chunk, patterns } = written;
  if (patterns.length === 0) return chunk;
  // Every pattern the code uses, as ajv's engine compiles each when it writes it: one it refuses
  // leaves the schema to ajv, which says why.
  const engine = patternEngine(plan);
  try {
    clock.time("patterns", () => {
      for (const source of patterns) engine(source, "u");
    });
  } catch {
    return undefined;
  }
  return clock.time("patterns", () => linearPatternCode(chunk, plan));
}

/** The chunk of a plain schema, and the source of every pattern its code uses. */
function writeChunk(schema: JsonObject, dialect: Dialect): { readonly chunk: StandaloneChunk; readonly patterns: readonly string[] } {
  const unevaluated = dialect !== "draft-07";
  const writer = new Writer(unevaluated);
  const { gen } = writer;
  gen.def("let", N.vErrors, ["null"]);
  gen.def("let", N.errors, ["0"]);
  let evaluatedName: Name | undefined;
  if (unevaluated) {
    const evaluated = gen.def("const", "evaluated", _`${N.validate}.evaluated`);
    evaluatedName = evaluated;
    gen.if(_`${evaluated}.dynamicProps`);
    gen.assign(_`${evaluated}.props`, ["undefined"]);
    gen.endIf();
    gen.if(_`${evaluated}.dynamicItems`);
    gen.assign(_`${evaluated}.items`, ["undefined"]);
    gen.endIf();
  }
  const root: Context = {
    schema,
    data: N.data,
    schemaPath: [""],
    errSchemaPath: "#",
    errorPath: ['""'],
    errsCount: undefined,
    compositeRule: false,
    evaluated: { props: undefined, items: undefined },
  };
  writer.typeAndKeywords(root);
  gen.assign(_`${N.validate}.errors`, [N.vErrors]);
  // ajv's assignEvaluated: what the code worked out, for a caller that asks (unevaluatedProperties).
  const { props, items } = root.evaluated;
  if (evaluatedName && props instanceof Name) gen.assign(_`${evaluatedName}.props`, [props]);
  if (evaluatedName && items instanceof Name) gen.assign(_`${evaluatedName}.items`, [items]);
  gen.line(_`return ${N.errors} === 0`);
  optimizeNodeList(gen.root);
  const names: UsedNames = new Map();
  countNames(gen.root, names, 1);
  optimizeNameList(gen.root, names, gen.constants);

  let declarations = `const schema0 = ${safeStringify(schema)};\n`;
  for (const values of gen.scope.values()) for (const [declaration, name] of values) declarations += `const ${name.str} = ${declaration};\n`;
  const body = renderNodes(gen.root);
  const args = `data, {instancePath="", parentData, parentDataProperty, rootData=data${unevaluated ? ", dynamicAnchors={}" : ""}}={}`;
  let text = `${declarations}\nfunction validate0(${args}){\n${body}}`;
  if (unevaluated) {
    const evaluated: Record<string, unknown> = {
      props: props instanceof Name ? undefined : props,
      items: items instanceof Name ? undefined : items,
      dynamicProps: props instanceof Name,
      dynamicItems: items instanceof Name,
    };
    text += `\nvalidate0.evaluated = ${safeStringify(evaluated)};`;
  }
  return { chunk: { body: text, validateName: "validate0" }, patterns: writer.patterns };
}
