// json-schema-to-typescript's compile(), for the wrappers emit-types.ts hands it. Most wrappers have
// no `$ref` (in the corpus, all 727 distinct ones), and for those two of compile()'s steps do nothing
// but cost: a deep clone of a schema the caller has just parsed from text, and the $ref parser's walk
// (it finds nothing to dereference; resolving an anchor needs a `$ref` too). Together with merging and
// checking the options on every call, about a third of the library's time over the corpus. So a
// wrapper without `$ref` goes through the library's own remaining steps, in compile()'s order and with
// its options; any other wrapper, or one the library's validator rejects, goes through compile()
// itself. test/emit/compile-wrapper.test.ts holds the two to the same output on every corpus wrapper
// and on arbitrary schemas; the package is pinned to the exact version these steps were read from.
import { createRequire, Module } from "node:module";
import type { compile as Compile, JSONSchema, Options } from "json-schema-to-typescript";

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
  ignoreMinAndMaxItems: true,
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
}

/** CommonJS, loaded when a batch needs it: a build that reuses every tool's module never loads it. */
export function loadTypeCompiler(): TypeCompiler {
  const at = (file: string) => require(`json-schema-to-typescript/dist/src/${file}.js`) as Partial<TypeCompiler>;
  const { compile, DEFAULT_OPTIONS } = requireWithoutPrettier("json-schema-to-typescript") as { compile: typeof Compile; DEFAULT_OPTIONS: Options };
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
  };
  // A step missing from the installed package means another version than the one these steps were read from.
  for (const [name, step] of Object.entries(loaded)) if (step === undefined) throw new Error(`json-schema-to-typescript has no ${name}(): mcp-gen needs version 16.0.0`);
  return loaded as TypeCompiler;
}

/**
 * The library's module `id`, loaded without loading prettier. Its formatter requires prettier as it
 * loads, for `format: true`, and prettier 3's CommonJS entry at once starts importing its 680 KB ES
 * module build: about 25 ms of each thread that loads the library, for a formatter that mcp-gen,
 * compiling with `format: false`, never calls. So while the library loads, prettier's entry in
 * require's cache is a stand-in whose members are the real prettier's, loaded the first time one is
 * read. The entry is removed right after: any other require of prettier in the process, and the
 * library's formatter should anyone call it with `format: true`, get the real one. When prettier is
 * loaded already, or cannot be found, the library loads as it would.
 */
function requireWithoutPrettier(id: string): unknown {
  const formatterRequire = createRequire(require.resolve("json-schema-to-typescript/dist/src/formatter.js"));
  let prettierPath: string;
  try {
    prettierPath = formatterRequire.resolve("prettier");
  } catch {
    return require(id);
  }
  if (require.cache[prettierPath] !== undefined) return require(id);
  const standIn = new Proxy(
    {},
    {
      get: (_target, key) => (formatterRequire("prettier") as Record<PropertyKey, unknown>)[key],
      has: (_target, key) => key in (formatterRequire("prettier") as object),
    },
  );
  const entry = new Module(prettierPath);
  entry.filename = prettierPath;
  entry.loaded = true;
  entry.exports = standIn;
  require.cache[prettierPath] = entry;
  try {
    return require(id);
  } finally {
    if (require.cache[prettierPath] === entry) delete require.cache[prettierPath];
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
