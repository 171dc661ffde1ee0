// The worker thread of a build: compiles what the main thread sends (schemas with ajv, types with
// json-schema-to-typescript) and answers with plain data. Started by build-threads.ts; owns one
// SchemaCompiler for the whole build, like the main thread's.
import { parentPort } from "node:worker_threads";
import type { Dialect } from "../model/dialect.js";
import type { JsonValue } from "../model/json.js";
import { compileTypes } from "../emit/emit-types.js";
import { SchemaCompiler, type CompiledValidator, type SchemaCheck } from "../validate/schema-compiler.js";

/** A schema to check and compile, as JSON text (JSON.parse keeps every key an own property). */
export interface CheckItem {
  readonly text: string;
  readonly dialect: Dialect;
}

export interface CheckAnswer {
  readonly check: SchemaCheck;
  /** The generated validator; undefined when the meta-schema refused the schema. */
  readonly compiled: CompiledValidator | undefined;
}

export interface TypesItem {
  readonly wrapperText: string;
  readonly rootName: string;
}

export type WorkerRequest =
  | { readonly id: number; readonly kind: "check"; readonly items: readonly CheckItem[] }
  | { readonly id: number; readonly kind: "types"; readonly items: readonly TypesItem[] };

export type WorkerAnswer = { readonly id: number; readonly results: readonly unknown[] } | { readonly id: number; readonly error: string };

/** What the main thread would do itself for one item: the same code either way. */
export function checkItem(compiler: SchemaCompiler, schema: JsonValue, dialect: Dialect): CheckAnswer {
  const check = compiler.check(schema, dialect);
  return { check, compiled: check.metaProblems.length === 0 ? compiler.compiled(schema, dialect) : undefined };
}

if (parentPort) {
  const port = parentPort;
  const compiler = new SchemaCompiler();
  port.on("message", (request: WorkerRequest) => {
    void answer(compiler, request).then((message) => port.postMessage(message));
  });
}

async function answer(compiler: SchemaCompiler, request: WorkerRequest): Promise<WorkerAnswer> {
  try {
    if (request.kind === "check") {
      return { id: request.id, results: request.items.map((item) => checkItem(compiler, JSON.parse(item.text) as JsonValue, item.dialect)) };
    }
    const results: string[] = [];
    for (const item of request.items) results.push(await compileTypes(item.wrapperText, item.rootName));
    return { id: request.id, results };
  } catch (e) {
    return { id: request.id, error: e instanceof Error ? e.message : String(e) };
  }
}
