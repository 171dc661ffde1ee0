// json-schema-to-typescript's compile(), for the wrappers emit-types.ts hands it. Most wrappers have
// no `$ref` (in the corpus, all 725 distinct ones), and for those two of compile()'s steps do nothing
// but cost: a deep clone of a schema the caller has just parsed from text, and the $ref parser's walk
// (it finds nothing to dereference; resolving an anchor needs a `$ref` too). Together with merging and
// checking the options on every call, about a third of the library's time over the corpus. So a
// wrapper without `$ref` goes through the library's own remaining steps, in compile()'s order and with
// its options; any other wrapper, or one the library's validator rejects, goes through compile()
// itself. test/emit/compile-wrapper.test.ts holds the two to the same output on every corpus wrapper
// and on arbitrary schemas; the package is pinned to the exact version these steps were read from.
import { createRequire, Module } from "node:module";
import type { compile as Compile, JSONSchema, Options } from "json-schema-to-typescript";
import { emitPlainTypes } from "./plain-types.js";

const require = createRequire(import.meta.url);

/** How compile() names a type the library would name itself: see emit-types.ts keepOwnNames. */
export type CustomName = (schema: object, keyNameFromDefinition: string | undefined) => string | undefined;

/** The options every wrapper is compiled with (the library's defaults under these). */
const OPTIONS = {
  bannerComment: "",
  format: false,
  additionalProperties: true,
  unknownAny: true,
  strictIndexSignatures: true,
  declareExternallyReferenced: true,
  unreachableDefinitions: false,
  // A tuple's minItems makes its later positions optional; emit-types.ts leaves the bounds of any
  // other array to its doc comment (array-keywords.ts), so they never expand it into a tuple.
  ignoreMinAndMaxItems: false,
  $refOptions: { resolve: { external: false, file: false, http: false } },
} as const;

/**
 * The library's steps after dereferencing (dist/src of json-schema-to-typescript 16.0.0) and its
 * options as compile() prepares them: loaded by loadTypeCompiler for a batch of wrappers and passed
 * down, so neither the modules are looked up nor the options merged again for each one.
 */
export interface TypeCompiler {
  readonly compile: typeof Compile;
  readonly options: Options;
  normalizeNullableRefs(schema: object): void;
  link(schema: object): object;
  validate(schema: object, name: string): readonly string[];
  normalize(schema: object, dereferencedPaths: WeakMap<object, string>, name: string, options: Options): object;
  parse(schema: object, options: Options, keyName: undefined, processed: Map<object, unknown>, usedNames: Set<string>): object;
  nameAnonymousRecursiveTypes(ast: object, processed: Map<object, unknown>, dereferencedPaths: WeakMap<object, string>, usedNames: Set<string>): void;
  optimize(ast: object, options: Options): object;
  generate(ast: object, options: Options): string;
  /** What emit-types.ts keepOwnNames and emitPlainTypes read of the library, loaded with it. */
  readonly naming: LibraryNaming;
}

/** How the library makes names and links schemas, for a CustomName (emit-types.ts keepOwnNames). */
export interface LibraryNaming {
  toSafeString(name: string): string;
  readonly Intersection: symbol;
  readonly Parent: symbol;
}

/** CommonJS, loaded when a batch needs it: a build that reuses every tool's module never loads it. */
export function loadTypeCompiler(): TypeCompiler {
  const at = (file: string) => require(`json-schema-to-typescript/dist/src/${file}.js`) as Partial<TypeCompiler>;
  const { compile, DEFAULT_OPTIONS } = requireLibrary("json-schema-to-typescript") as { compile: typeof Compile; DEFAULT_OPTIONS: Options };
  // lodash is the library's dependency, not mcp-gen's: an install may keep it under the library's own folder.
  const { merge } = createRequire(require.resolve("json-schema-to-typescript"))("lodash") as { merge: (...objects: object[]) => Options };
  // As compile() prepares its options: merged over the defaults, `cwd` ending in a slash.
  const options = merge({}, DEFAULT_OPTIONS, OPTIONS);
  if (!options.cwd.endsWith("/")) options.cwd += "/";
  const { normalizeNullableRefs, normalize } = at("normalizer");
  const { parse, nameAnonymousRecursiveTypes } = at("parser");
  const loaded = {
    compile,
    options,
    normalizeNullableRefs,
    normalize,
    link: at("linker").link,
    validate: at("validator").validate,
    parse,
    nameAnonymousRecursiveTypes,
    optimize: at("optimizer").optimize,
    generate: at("generator").generate,
    naming: loadLibraryNaming(),
  };
  // A step missing from the installed package means another version than the one these steps were read from.
  for (const [name, step] of Object.entries(loaded)) if (step === undefined) throw new Error(`json-schema-to-typescript has no ${name}(): mcp-gen needs version 16.0.0`);
  return loaded as TypeCompiler;
}

/**
 * What keepOwnNames needs of the library: its toSafeString and the symbols of its linked schemas (a
 * schema it reads as more than one type is named through a copy it makes, which points back to the
 * schema as its Parent and is the schema's Intersection). Loaded once with the library, for a batch:
 * looking the modules up for each wrapper cost a tenth of a plain wrapper's time.
 */
export function loadLibraryNaming(): LibraryNaming {
  const { toSafeString } = require("json-schema-to-typescript/dist/src/utils.js") as { toSafeString: (name: string) => string };
  const { Intersection, Parent } = require("json-schema-to-typescript/dist/src/types/JSONSchema.js") as { Intersection: symbol; Parent: symbol };
  return { toSafeString, Intersection, Parent };
}

/**
 * Modules the library requires as it loads but uses only in steps compileWrapper skips, each loaded
 * (through a stand-in: requireLibrary) the first time one of its members is read:
 * - prettier, for `format: true`; mcp-gen compiles with `format: false`. Its CommonJS entry at once
 *   starts importing its 680 KB ES module build: about 25 ms of each thread that loads the library.
 * - its `$ref` parser, for a wrapper with a `$ref` (compileWithLibrary): none in the corpus. With the
 *   YAML parser and error helpers it loads, about 30 ms of each such thread.
 */
const LOADED_ON_USE = ["prettier", "@apidevtools/json-schema-ref-parser"] as const;

/**
 * The library's module `id`, loaded with each of LOADED_ON_USE not loaded yet. While the library
 * loads, each one's entry in require's cache is a stand-in whose members are the real module's,
 * loaded the first time one is read; the entries are removed right after, so that any other require
 * of these modules in the process gets the real ones. A module loaded already, or not found, is left
 * to load as it would.
 */
function requireLibrary(id: string): unknown {
  const libraryRequire = createRequire(require.resolve("json-schema-to-typescript/dist/src/index.js"));
  const placed = new Map<string, Module>();
  for (const dependency of LOADED_ON_USE) {
    let path: string;
    try {
      path = libraryRequire.resolve(dependency);
    } catch {
      continue;
    }
    if (require.cache[path] !== undefined) continue;
    const real = () => libraryRequire(dependency) as Record<PropertyKey, unknown>;
    const entry = new Module(path);
    entry.filename = path;
    entry.loaded = true;
    entry.exports = new Proxy({}, { get: (_target, key) => real()[key], has: (_target, key) => key in real() });
    require.cache[path] = entry;
    placed.set(path, entry);
  }
  try {
    return require(id);
  } finally {
    for (const [path, entry] of placed) if (require.cache[path] === entry) delete require.cache[path];
  }
}

/**
 * json-schema-to-typescript's output for one wrapper (JSON text, parsed here so the schema is ours to
 * change): compile(wrapper, rootName, options), by its own steps when the wrapper has no `$ref`.
 */
export async function compileWrapper(library: TypeCompiler, wrapperText: string, rootName: string, customName: (wrapper: object) => CustomName): Promise<string> {
  // A `$ref` key is always written as `"$ref"` by JSON.stringify; in data it travels as a placeholder.
  if (wrapperText.includes('"$ref"')) return compileWithLibrary(library, wrapperText, rootName, customName);
  const wrapper = JSON.parse(wrapperText) as object;
  const options: Options = { ...library.options, customName: customName(wrapper) };
  // Most wrappers are plain: their output is written without the library (plain-types.ts).
  const plain = emitPlainTypes(wrapper, rootName, options.customName, library.naming.toSafeString);
  if (plain !== undefined) return plain;
  library.normalizeNullableRefs(wrapper);
  // Nothing was dereferenced: no paths, and the schema is its own dereferenced copy.
  const dereferencedPaths = new WeakMap<object, string>();
  const linked = library.link(wrapper);
  // compile() prints the validator's errors and throws: leave that to it.
  if (library.validate(linked, rootName).length > 0) return compileWithLibrary(library, wrapperText, rootName, customName);
  const normalized = library.normalize(linked, dereferencedPaths, rootName, options);
  const processed = new Map<object, unknown>();
  const usedNames = new Set<string>();
  const parsed = library.parse(normalized, options, undefined, processed, usedNames);
  library.nameAnonymousRecursiveTypes(parsed, processed, dereferencedPaths, usedNames);
  // format: false, so compile()'s last step returns the generated text as it is.
  return library.generate(library.optimize(parsed, options), options);
}

/** compile() itself, for any wrapper: what compileWrapper must give. */
export async function compileWithLibrary(library: TypeCompiler, wrapperText: string, rootName: string, customName: (wrapper: object) => CustomName): Promise<string> {
  const wrapper = JSON.parse(wrapperText) as object;
  return library.compile(wrapper as JSONSchema, rootName, { ...OPTIONS, customName: customName(wrapper) } as Partial<Options>);
}
