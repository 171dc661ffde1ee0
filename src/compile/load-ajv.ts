// ajv, loaded on first use and patched: the only module that loads ajv and the only one that
// creates its engines (newAjv), for descriptor schemas and for mcp-gen's own config and lock
// schemas alike. Every engine passes the code ajv generates through AJV_CODE_GUARD
// (ajv-code-tokens.ts) before ajv evaluates it, and runs with the same seven changes to ajv, made
// before anything is compiled. Both reach into ajv's internals, which any new ajv may change: ajv is
// pinned exactly in package.json, AJV_VERSION is the version the patches were written for, and
// test/compile/load-ajv.test.ts fails when the installed ajv is another version or when a module
// other than this one loads ajv.
// 1. Error paths from well-formed text. ajv 8 builds the schema paths of its error messages with
//    encodeURIComponent, which throws on a lone surrogate, so a schema with a property named
//    "a\udfff" (legal JSON) fails to compile at all. The path is only text for error messages:
//    ajv builds it here from the well-formed version of the name (U+FFFD for the lone half), and
//    validation itself is untouched. Pinned by test/compile/load-ajv.test.ts.
// 2. Names counted in one walk (ajv-optimize-names.ts): the same code, written faster. Pinned by
//    test/compile/ajv-optimize-names.test.ts, which compiles every corpus schema both ways.
// 3. A property named `__proto__` is a property. ajv leaves that name out of `properties` (its
//    subschema is never applied) and out of the names `additionalProperties: false` allows, so that
//    `useDefaults` and `removeAdditional` never write `data.__proto__`. No engine here writes into
//    data (newAjv refuses those options), and with `ownProperties` ajv reads only own properties: a
//    JSON object's `__proto__` member is then checked like any other. Pinned by
//    test/compile/load-ajv.test.ts.
// 4. Deep equality that does not throw. ajv's `equal` (fast-deep-equal, for `enum`, `const` and
//    `uniqueItems`) calls an object's own `valueOf` or `toString` member when it is not Object's,
//    and throws when that member is no function: a JSON value `{"toString": 1}` in an enum, met by
//    another such value, crashed a build judging scaffold arguments or examples with ajv's own
//    function. ajv's equal becomes the validator runtime's, which the generated code calls (the same
//    verdicts, that case compared member by member); it keeps ajv's `code`, so standalone code is
//    written as before. Pinned by test/compile/load-ajv.test.ts.
// 5. A tuple shorter than its schema. With the first error only (the generated validators), ajv
//    checks each `prefixItems` entry (draft-07 and 2019-09: `items` as an array) only where the
//    array has that item, and then runs the rest of the array keywords only if that entry's verdict
//    is true; an array too short for the entry never sets the verdict, so `contains` (and
//    `minContains`, `maxContains`) was skipped: `{ prefixItems: [{ type: "string" }], contains:
//    { type: "integer" } }` accepted [], which the official SDK (allErrors) refuses. The tuple's
//    code now says "valid" for a missing item, as ajv's own `properties` does for a missing
//    property. Pinned by test/emit/emit-validators.test.ts.
// 6. A required property named "". With the first error only, ajv checks `required` (and
//    `dependentRequired`, `dependencies`) as `(data.a === undefined) && (missing0 = "a")`, which
//    is never true for the name "": the assignment's value "" is falsy, so `required: [""]` is not
//    enforced. The official SDK's ajv (allErrors) enforces it, except under `not` and `if`, whose
//    subschemas ajv always checks with the first error only: there the SDK does not enforce it
//    either. So the assignment is made true, `(missing0 = "", true)`, except where ajv creates no
//    errors (`not` and `if`, createErrors false), and the generated validator judges as the SDK
//    does everywhere. Pinned by test/emit/emit-validators.test.ts.
// 7. Conditions as deep as a list is long. ajv joins a list of conditions (`and`, `or`) one at a
//    time, each join in parentheses: `((a) && (b)) && (c)`, one level per condition. Most of its
//    lists are short or bounded (`required` and `enum` loop from 200 names or values), but some are
//    as long as the schema is wide: `unevaluatedProperties` beside the properties it has seen
//    (`key0 !== "p0"` for each of them), `additionalProperties` beside `patternProperties` (a test
//    per pattern), `dependentRequired`. TypeScript 5.9 and 6.0 bind such a condition by recursion
//    (even without the parentheses) and run out of stack on the generated validators module from
//    about 600 levels: 900 properties under `unevaluatedProperties: false` crashed the user's tsc.
//    A list longer than MAX_JOINED is joined as a balanced tree of ajv's own joins instead, each of
//    at most MAX_JOINED conditions, so a condition nests at most MAX_JOINED + log2(length / MAX_JOINED)
//    deep. `&&` and `||` are associative, evaluation order and short-circuits included, so the
//    validator judges as before; a list of up to MAX_JOINED is written exactly as ajv writes it.
//    Pinned by test/compile/condition-nesting.test.ts.
import { createRequire } from "node:module";
import { equal } from "@mcp-gen/runtime/validators";
import type { Ajv, Options } from "ajv";
import type { Dialect } from "../model/dialect.js";
import { AJV_CODE_GUARD } from "./ajv-code-tokens.js";
import { installNameCounting, type CodeClasses } from "./ajv-optimize-names.js";

// ajv is CommonJS, loaded by the first caller: commands that compile no schema never load it.
const require = createRequire(import.meta.url);

/** The ajv release the patches above were written against (package.json pins exactly this one). */
export const AJV_VERSION = "8.20.0";

interface AjvModules {
  readonly ajv: typeof import("ajv");
  readonly ajv2019: typeof import("ajv/dist/2019.js");
  readonly ajv2020: typeof import("ajv/dist/2020.js");
}

/**
 * A new engine of `dialect`'s ajv class with `options`, whose generated code always passes
 * AJV_CODE_GUARD: a `code.process` in `options` is replaced, never trusted.
 * @example newAjv("2020-12", { allErrors: true }).compile(schema)
 */
export function newAjv(dialect: Dialect, options: Options): Ajv {
  // Patch 3 is safe only while validation never writes into the data it checks.
  if (options.useDefaults || options.removeAdditional || options.coerceTypes) throw new Error("mcp-gen's ajv engines never change the data they validate; this is a bug in mcp-gen.");
  const { ajv, ajv2019, ajv2020 } = loadAjv();
  const guarded: Options = { ...options, code: { ...options.code, process: AJV_CODE_GUARD } };
  return dialect === "2020-12" ? new ajv2020.Ajv2020(guarded) : dialect === "2019-09" ? new ajv2019.Ajv2019(guarded) : new ajv.Ajv(guarded);
}

/**
 * `text` as code that ajv writes into a validator as it is (ajv's `_` template), for an option
 * such as `code.formats`.
 * @example ajvCode("__rt.formats")
 */
export function ajvCode(text: string): ReturnType<typeof import("ajv")._> {
  return loadAjv().ajv._(Object.assign([text], { raw: [text] }));
}

/** ajv's modules with the seven patches applied (each once: applying them again changes nothing). */
function loadAjv(): AjvModules {
  // First: patch 6 takes `and` and `or` from the module as it is patched.
  balancedConditions(require("ajv/dist/compile/codegen/index.js") as AjvCodegen);
  runtimeEquality(require("ajv/dist/runtime/equal.js") as AjvEqual);
  requiredEmptyName(require("ajv/dist/vocabularies/code.js") as AjvVocabularyCode, require("ajv/dist/compile/codegen/index.js") as AjvCodegen);
  shortTuples(require("ajv/dist/vocabularies/applicator/items.js") as AjvItems, require("ajv/dist/compile/codegen/index.js") as AjvCodegen, require("ajv/dist/compile/util.js") as AjvUtil);
  installNameCounting(require("ajv/dist/compile/codegen/index.js") as Parameters<typeof installNameCounting>[0], require("ajv/dist/compile/codegen/code.js") as CodeClasses);
  wellFormedErrorPaths(require("ajv/dist/compile/util.js") as AjvUtil);
  protoIsAProperty(require("ajv/dist/vocabularies/code.js") as AjvVocabularyCode, require("ajv/dist/compile/util.js") as AjvUtil);
  return {
    ajv: require("ajv") as typeof import("ajv"),
    ajv2019: require("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js"),
    ajv2020: require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js"),
  };
}

type StandaloneCode = (ajv: Ajv, validate: unknown) => string;

/**
 * ajv's standalone code (ESM) of `validate`, a function that `ajv` (an engine of newAjv, with
 * `code.source`) compiled. The module loads with the first call: config and lock checks never
 * need it.
 */
export function standaloneCode(ajv: Ajv, validate: unknown): string {
  // ajv's standalone module has `exports.default` (and is the function itself too).
  const module = require("ajv/dist/standalone/index.js") as { default?: StandaloneCode } & StandaloneCode;
  return (module.default ?? module)(ajv, validate);
}

/** ajv/dist/compile/util.js, as far as patches 1, 3 and 5 use it. */
interface AjvUtil {
  /** Patch 5: ajv's own helpers, called as ajv's validateTuple calls them. */
  alwaysValidSchema: (it: AjvSchemaCxt, schema: unknown) => boolean;
  mergeEvaluated: { items: (gen: AjvCodeGen, from: unknown, to: unknown) => unknown };
  checkStrictMode: (it: AjvSchemaCxt, message: string, mode: unknown) => void;
  escapeFragment: (text: string | number) => string;
  escapeJsonPointer: (text: string | number) => string;
  /** Patch 3: the set of names a `properties` map evaluates, as an object (`unevaluatedProperties` reads it). */
  toHash: (names: readonly string[]) => Record<string, true>;
}

/** Patch 1: ajv's escapeFragment, on the well-formed version of the text. */
function wellFormedErrorPaths(util: AjvUtil): void {
  if ((util.escapeFragment as { wellFormed?: boolean }).wellFormed) return;
  const escapeFragment = (text: string | number): string => encodeURIComponent(toWellFormed(util.escapeJsonPointer(text)));
  (escapeFragment as { wellFormed?: boolean }).wellFormed = true;
  util.escapeFragment = escapeFragment;
}

/**
 * ajv/dist/vocabularies/code.js, as far as patches 3 and 6 touch it (properties.js,
 * additionalProperties.js, required.js and dependencies.js call it through its exports).
 */
interface AjvVocabularyCode {
  allSchemaProperties: (schemaMap?: Readonly<Record<string, unknown>>) => string[];
  checkMissingProp: MissingPropCode;
  noPropertyInData: (gen: AjvCodeGen, data: unknown, property: string, ownProperties?: boolean) => unknown;
}

type MissingPropCode = ((cxt: AjvKeywordCxt, properties: readonly string[], missing: unknown) => unknown) & { emptyName?: boolean };

/**
 * Patch 3: every property name of a `properties` map, `__proto__` included, and the names as an
 * object whose keys are all its own (an assigned `hash.__proto__ = true` would set nothing).
 */
function protoIsAProperty(code: AjvVocabularyCode, util: AjvUtil): void {
  if ((code.allSchemaProperties as { keepsProto?: boolean }).keepsProto) return;
  const allSchemaProperties = (schemaMap?: Readonly<Record<string, unknown>>): string[] => (schemaMap ? Object.keys(schemaMap) : []);
  (allSchemaProperties as { keepsProto?: boolean }).keepsProto = true;
  code.allSchemaProperties = allSchemaProperties;
  util.toHash = (names) => {
    const hash: Record<string, true> = {};
    for (const name of names) Object.defineProperty(hash, name, { value: true, enumerable: true, writable: true, configurable: true });
    return hash;
  };
}

/** ajv/dist/runtime/equal.js: the function ajv's keywords call, and the code standalone output names it by. */
interface AjvEqual {
  default: ((a: unknown, b: unknown) => boolean) & { readonly code: string };
}

/** Patch 4: the validator runtime's equal as ajv's, under ajv's code. */
function runtimeEquality(module: AjvEqual): void {
  if ((module.default as { runtime?: boolean }).runtime) return;
  module.default = Object.assign((a: unknown, b: unknown) => equal(a, b), { code: module.default.code, runtime: true });
}

/** ajv's code generator (ajv/dist/compile/codegen), as far as patch 5 writes code with it. */
interface AjvCodeGen {
  name(prefix: string): unknown;
  const(prefix: string, value: unknown): unknown;
  var(name: unknown, value: unknown): unknown;
  if(condition: unknown, thenBody?: () => void, elseBody?: () => void): unknown;
}

interface AjvCodegen {
  /** ajv's template tag for code. */
  _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown;
  and: (...conditions: unknown[]) => unknown;
  or: (...conditions: unknown[]) => unknown;
}

/** The schema context of a keyword (ajv's SchemaObjCxt), as far as patch 5 reads it. */
interface AjvSchemaCxt {
  readonly allErrors?: boolean;
  /** False under `not` and `if`, whose subschemas ajv checks with the first error only whatever the options. */
  readonly createErrors?: boolean;
  readonly errSchemaPath: string;
  readonly opts: { readonly unevaluated?: boolean; readonly strictTuples?: unknown; readonly ownProperties?: boolean };
  items?: unknown;
}

/** A keyword's context (ajv's KeywordCxt), as far as patch 5 uses it. */
interface AjvKeywordCxt {
  readonly gen: AjvCodeGen;
  readonly schema: unknown;
  readonly parentSchema: Readonly<Record<string, unknown>>;
  readonly data: unknown;
  readonly keyword: string;
  readonly it: AjvSchemaCxt;
  subschema(place: { keyword: string; schemaProp: number; dataProp: number }, valid: unknown): unknown;
  ok(valid: unknown): void;
}

type TupleCode = ((cxt: AjvKeywordCxt, extraItems: string, schemas?: readonly unknown[]) => void) & { shortTuples?: boolean };

/** ajv/dist/vocabularies/applicator/items.js: `validateTuple` (prefixItems calls it through the module) and the `items` keyword. */
interface AjvItems {
  validateTuple: TupleCode;
  default: { code: (cxt: AjvKeywordCxt) => void };
}

/**
 * Patch 5: ajv's validateTuple (ajv 8.20.0, lib/vocabularies/applicator/items.ts), with an `else`
 * that sets the entry's verdict when the array has no item there; `prefixItems` and draft-07's
 * array `items` both run it.
 */
function shortTuples(items: AjvItems, codegen: AjvCodegen, util: AjvUtil): void {
  if (items.validateTuple.shortTuples) return;
  const { _ } = codegen;
  const validateTuple: TupleCode = (cxt, extraItems, schemas = cxt.schema as readonly unknown[]) => {
    const { gen, parentSchema, data, keyword, it } = cxt;
    const length = schemas.length;
    const fullTuple = length === parentSchema.minItems && (length === parentSchema.maxItems || parentSchema[extraItems] === false);
    if (it.opts.strictTuples && !fullTuple) {
      const message = `"${keyword}" is ${length}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${it.errSchemaPath}"`;
      util.checkStrictMode(it, message, it.opts.strictTuples);
    }
    if (it.opts.unevaluated && length && it.items !== true) it.items = util.mergeEvaluated.items(gen, length, it.items);
    const valid = gen.name("valid");
    const len = gen.const("len", _`${data}.length`);
    schemas.forEach((schema, i) => {
      if (util.alwaysValidSchema(it, schema)) return;
      // The else is what ajv leaves out: without it `valid` stays undefined, and cxt.ok skips the
      // keywords after the tuple. With allErrors cxt.ok gates nothing, and the code stays ajv's.
      const present = () => {
        cxt.subschema({ keyword, schemaProp: i, dataProp: i }, valid);
      };
      gen.if(_`${len} > ${i}`, present, it.allErrors ? undefined : () => gen.var(valid, true));
      cxt.ok(valid);
    });
  };
  validateTuple.shortTuples = true;
  const itemsCode = items.default.code;
  items.validateTuple = validateTuple;
  items.default.code = (cxt) => (Array.isArray(cxt.schema) ? validateTuple(cxt, "additionalItems", cxt.schema) : itemsCode(cxt));
}

/**
 * Patch 6: ajv's checkMissingProp (ajv 8.20.0, lib/vocabularies/code.ts), whose assignment of the
 * name "" is true where ajv creates errors. Every other name is written exactly as ajv writes it.
 */
function requiredEmptyName(code: AjvVocabularyCode, codegen: AjvCodegen): void {
  if (code.checkMissingProp.emptyName) return;
  const { _, and, or } = codegen;
  const checkMissingProp: MissingPropCode = ({ gen, data, it }, properties, missing) =>
    or(
      ...properties.map((property) =>
        and(code.noPropertyInData(gen, data, property, it.opts.ownProperties), property === "" && it.createErrors !== false ? _`${missing} = ${property}, true` : _`${missing} = ${property}`),
      ),
    );
  checkMissingProp.emptyName = true;
  code.checkMissingProp = checkMissingProp;
}

/**
 * The most conditions ajv joins in one chain (patch 7): its own bound on the lists it writes out
 * for `required` and `enum` (MAX_EXPRESSION in ajv's core.js, the default loopRequired and loopEnum),
 * so every list the corpus's validators hold is still written as ajv writes it.
 */
export const MAX_JOINED = 200;

type Join = ((...conditions: unknown[]) => unknown) & { balanced?: boolean };

/** Patch 7: ajv's `and` and `or`, joining a list longer than MAX_JOINED as a balanced tree of their own joins. */
function balancedConditions(codegen: AjvCodegen): void {
  if ((codegen.and as Join).balanced) return;
  codegen.and = balancedJoin(codegen.and);
  codegen.or = balancedJoin(codegen.or);
}

/**
 * `join` (ajv's `and` or `or`) for lists of any length: up to MAX_JOINED conditions as `join` writes
 * them, more as `join` of the two halves, each joined the same way. ajv's join leaves out its `nil`
 * (no condition) wherever it is, so a half of only `nil` joins as nothing.
 */
function balancedJoin(join: Join): Join {
  const balanced: Join = (...conditions) => {
    if (conditions.length <= MAX_JOINED) return join(...conditions);
    const half = Math.ceil(conditions.length / 2);
    return join(balanced(...conditions.slice(0, half)), balanced(...conditions.slice(half)));
  };
  balanced.balanced = true;
  return balanced;
}

function toWellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
