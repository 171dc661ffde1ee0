// Meta-validates and compiles JSON Schemas with ajv, one engine per dialect, the way the official
// SDK configures it (strict: false, formats from ajv-formats, allErrors). Owns the ajv instances and
// a cache for one run; nothing is fetched (ajv gets no loader).
import { Ajv, type AnySchema, type ErrorObject, type ValidateFunction } from "ajv";
import { Ajv2019 } from "ajv/dist/2019.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { Dialect } from "../model/dialect.js";
import "./ajv-lone-surrogates.js";
import { cloneJson, isJsonObject, type JsonValue } from "../model/json.js";
import { walkSchema } from "../model/schema-walk.js";
import { oneOfPhrase, typePhrase } from "./describe-pointer.js";

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

export interface SchemaProblem {
  /** Pointer relative to the schema root. */
  readonly pointer: string;
  readonly message: string;
}

export interface SchemaCheck {
  /** Complaints of the dialect's meta-schema. */
  readonly metaProblems: readonly SchemaProblem[];
  /** Why ajv could not compile the schema, if it could not. */
  readonly compileError: string | undefined;
}

type Engine = Ajv;

export class SchemaCompiler {
  private readonly engines = new Map<Dialect, Engine>();
  private readonly checks = new Map<string, SchemaCheck>();
  private readonly validators = new Map<string, ValidateFunction | undefined>();
  /** Same schema object → same answer, without serialising it again (rule schemas are large). */
  private readonly byObject = new WeakMap<object, Map<Dialect, ValidateFunction | undefined>>();

  /** Meta-validates and compiles `schema` under `dialect`. */
  check(schema: JsonValue, dialect: Dialect): SchemaCheck {
    const key = dialect + "\u0000" + JSON.stringify(schema);
    const cached = this.checks.get(key);
    if (cached) return cached;
    const engine = this.engine(dialect);
    const metaProblems = engine.validateSchema(schema as AnySchema) ? [] : pickMetaProblems(engine.errors ?? []);
    let compileError: string | undefined;
    if (metaProblems.length === 0) {
      const compiled = this.compileWith(engine, schema);
      compileError = compiled.error;
      this.validators.set(key, compiled.validate);
    }
    const result = { metaProblems, compileError };
    this.checks.set(key, result);
    return result;
  }

  /** A validator for `schema`, or undefined when it does not compile. */
  validator(schema: JsonValue, dialect: Dialect): ValidateFunction | undefined {
    const byDialect = typeof schema === "object" && schema !== null ? this.byObject.get(schema) : undefined;
    if (byDialect?.has(dialect)) return byDialect.get(dialect);
    const key = dialect + "\u0000" + JSON.stringify(schema);
    if (!this.validators.has(key)) this.validators.set(key, this.compileWith(this.engine(dialect), schema).validate);
    const validate = this.validators.get(key);
    if (typeof schema === "object" && schema !== null) {
      const map = byDialect ?? new Map<Dialect, ValidateFunction | undefined>();
      map.set(dialect, validate);
      this.byObject.set(schema, map);
    }
    return validate;
  }

  private compileWith(engine: Engine, schema: JsonValue): { validate?: ValidateFunction; error?: string } {
    const prepared = prepareForAjv(schema);
    try {
      return { validate: engine.compile(prepared as AnySchema) };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    } finally {
      try {
        engine.removeSchema(prepared as AnySchema);
      } catch {
        // Nothing was registered.
      }
    }
  }

  private engine(dialect: Dialect): Engine {
    let engine = this.engines.get(dialect);
    if (!engine) {
      const options = { strict: false, validateFormats: true, validateSchema: false, allErrors: true, logger: false as const };
      engine = dialect === "2020-12" ? new Ajv2020(options) : dialect === "2019-09" ? new Ajv2019(options) : new Ajv(options);
      addFormats(engine);
      this.engines.set(dialect, engine);
    }
    return engine;
  }
}

/**
 * The copy ajv compiles. OpenAPI's `nullable` is not JSON Schema (a JSON Schema validator ignores
 * it), but ajv gives it OpenAPI meaning and refuses it without `type`; dropping it keeps JSON Schema
 * semantics. The portability rule warns about it.
 */
export function prepareForAjv(schema: JsonValue): JsonValue {
  let hasNullable = false;
  walkSchema(schema, "", (node) => {
    if (isJsonObject(node.schema) && "nullable" in node.schema) {
      hasNullable = true;
      return "stop";
    }
  });
  if (!hasNullable) return schema;
  const copy = cloneJson(schema);
  walkSchema(copy, "", (node) => {
    if (isJsonObject(node.schema)) delete (node.schema as Record<string, JsonValue>).nullable;
  });
  return copy;
}

/** The most specific meta-schema complaints: one per place, none for a place whose child also failed. */
function pickMetaProblems(errors: readonly ErrorObject[]): SchemaProblem[] {
  const useful = errors.filter((e) => !["anyOf", "oneOf", "allOf", "if", "$ref", "$dynamicRef"].includes(e.keyword));
  const byPath = new Map<string, ErrorObject>();
  for (const error of useful) if (!byPath.has(error.instancePath)) byPath.set(error.instancePath, error);
  const paths = [...byPath.keys()];
  const leaves = paths.filter((p) => !paths.some((other) => other !== p && other.startsWith(p + "/")));
  return leaves.slice(0, 5).map((path) => ({ pointer: path, message: describeMetaError(byPath.get(path)!) }));
}

function describeMetaError(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === "enum" && Array.isArray(params.allowedValues)) return `must be one of ${oneOfPhrase(params.allowedValues)}`;
  if (error.keyword === "type") return `must be ${typePhrase(String(params.type))}`;
  return error.message ?? "is invalid";
}
