// Schemas with their dialects → standalone validator modules (ajv standalone code), one module per
// dialect, that import nothing but the generated runtime/validator-runtime.js. Pure: no disk, no
// clock; it never edits the schemas, and it does not write the runtime (the caller copies it).
import { sha256Hex } from "../lock/sha256.js";
import { compareText } from "../model/diagnostic.js";
import type { Dialect } from "../model/dialect.js";
import type { JsonValue } from "../model/json.js";
import { prepareValidatorSchema } from "./validators/prepare-validator-schema.js";
import { compileStandalone, createStandaloneEngine } from "./validators/standalone-engine.js";

export interface ValidatorRequest {
  readonly schema: JsonValue;
  readonly dialect: Dialect;
}

export interface ValidatorRef {
  /** Module path relative to the `out` folder, e.g. "validators/2020-12.js". */
  readonly module: string;
  readonly exportName: string;
}

export interface EmittedValidators {
  /**
   * Files relative to the generated `out` folder, e.g. "validators/2020-12.ts", sorted by path. The
   * runtime they import as "../runtime/validator-runtime.js" is not included: the caller copies
   * src/runtime/validator-runtime.ts there.
   */
  readonly files: readonly { path: string; contents: string }[];
  /** For each request, in order: the module and export name of its validator. */
  readonly refs: readonly ValidatorRef[];
}

/** Where each dialect's validators go, and the name the module's comment gives the dialect. */
const DIALECT_MODULES: Readonly<Record<Dialect, { readonly stem: string; readonly title: string }>> = {
  "2020-12": { stem: "2020-12", title: "JSON Schema 2020-12" },
  "2019-09": { stem: "2019-09", title: "JSON Schema 2019-09" },
  "draft-07": { stem: "draft-07", title: "JSON Schema draft-07" },
};

/** Hex digits of the schema hash in an export name: 48 bits, collision-checked below. */
const NAME_HASH_LENGTH = 12;

interface UniqueValidator {
  readonly exportName: string;
  readonly dialect: Dialect;
  /** The prepared schema as JSON text in its own member order. */
  readonly text: string;
  readonly schema: JsonValue;
}

/**
 * Compiles each request's schema under its own dialect into a standalone validator. Requests whose
 * prepared schemas (no `nullable`, no annotations: see prepare-validator-schema.ts) are the same
 * JSON, member order included, in the same dialect share one validator, named `v_` + the first 12
 * hex digits of the SHA-256 of dialect and schema text, so a name never depends on the other
 * requests. The same requests, in any order, give byte-identical files. Throws if a schema does not
 * compile: the schema-valid rule reports those before a build.
 * @example emitValidators([{ schema: { type: "object" }, dialect: "2020-12" }]).refs[0] // { module: "validators/2020-12.js", exportName: "v_…" }
 */
export function emitValidators(requests: readonly ValidatorRequest[]): EmittedValidators {
  const unique = new Map<string, UniqueValidator>();
  const refs = requests.map((request): ValidatorRef => {
    const validator = identify(request);
    const known = unique.get(validator.exportName);
    if (known === undefined) unique.set(validator.exportName, validator);
    else if (known.text !== validator.text || known.dialect !== validator.dialect) {
      throw new Error(`Two different schemas hash to the validator name ${validator.exportName}; this is a bug in mcp-gen.`);
    }
    return { module: modulePath(request.dialect, ".js"), exportName: validator.exportName };
  });
  const dialects = [...new Set([...unique.values()].map((v) => v.dialect))].sort((a, b) => compareText(DIALECT_MODULES[a].stem, DIALECT_MODULES[b].stem));
  const files = dialects.map((dialect) => ({
    path: modulePath(dialect, ".ts"),
    contents: renderModule(dialect, [...unique.values()].filter((v) => v.dialect === dialect)),
  }));
  return { files, refs };
}

/**
 * The validator a request needs, named after its prepared schema. The schema is taken as JSON text
 * with its member order kept: JSON.stringify writes strings and numbers exactly as RFC 8785 does,
 * so this is canonicalJson() except that members are not sorted. Order does not change what a
 * schema accepts, but ajv checks `properties` in their order, so it decides which error comes
 * first. Sharing one validator between two orders would let one tool's order decide the other's
 * error message, and a new tool could change an old tool's messages; in the corpus, keeping the
 * order costs 11 more validators than canonical JSON would (692 instead of 681).
 */
function identify(request: ValidatorRequest): UniqueValidator {
  const schema = prepareValidatorSchema(request.schema);
  const text = JSON.stringify(schema);
  const hash = sha256Hex(`${request.dialect}\n${text}`);
  return { exportName: `v_${hash.slice(0, NAME_HASH_LENGTH)}`, dialect: request.dialect, text, schema };
}

function modulePath(dialect: Dialect, extension: ".ts" | ".js"): string {
  return `validators/${DIALECT_MODULES[dialect].stem}${extension}`;
}

/**
 * One module: every validator of `dialect`, sorted by export name, compiled by one ajv instance (an
 * instance per schema would cost more than the schema itself). Each validator sits in its own
 * closure with its names numbered from 0, so its code is the same whatever else the module holds;
 * the IIFE is marked pure so that a bundler can drop validators nothing imports.
 */
function renderModule(dialect: Dialect, validators: readonly UniqueValidator[]): string {
  const engine = createStandaloneEngine(dialect);
  const sorted = [...validators].sort((a, b) => compareText(a.exportName, b.exportName));
  const lines = [
    "// @ts-nocheck",
    `// ${DIALECT_MODULES[dialect].title} validators, generated by mcp-gen from the tool schemas with ajv standalone code; do not edit.`,
    'import * as __rt from "../runtime/validator-runtime.js";',
  ];
  for (const validator of sorted) {
    const chunk = compileStandalone(engine, validator.schema);
    lines.push("", `export const ${validator.exportName} = /* @__PURE__ */ (() => {`, chunk.body, `return ${chunk.validateName};`, "})();");
  }
  return lines.join("\n") + "\n";
}
