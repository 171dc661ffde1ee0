// What the language server knows of schemas across analyses: each distinct schema (by dialect and
// JSON text) is checked and compiled once per session, the way one build compiles each once. An
// analysis gets the answers it needs seeded into its own SchemaCompiler (analyzeProjectWith's
// precompile step), so the rules that compile schemas find them compiled: an edit that leaves a
// schema as it was (a description typed) compiles nothing, and an edit to one schema compiles that
// one. Many schemas at once (a project opened) are compiled on the build's worker threads, whose
// memory goes with them; a few (an edit) on this thread, with one long-lived compiler, so that an
// edit does not pay for a fresh ajv engine.
import type { CompiledValidator, SchemaCheck } from "../compile/schema-compiler.js";
import { SchemaCompiler } from "../compile/schema-compiler.js";
import { startBuildThreads, workerCount } from "../incremental/build-threads.js";
import { checkBatch, type CheckItem } from "../incremental/build-worker.js";
import type { Precompile, SchemaRequest } from "../project/analyze-project.js";

interface Answer {
  readonly check: SchemaCheck;
  readonly compiled: CompiledValidator | undefined;
}

/** Schemas compiled by this thread's compiler before it is replaced (its caches and ajv's grow with each). */
const COMPILER_LIFETIME = 500;

/** Answers kept before the oldest are forgotten: a long session of edits must not grow without bound. */
const MAX_ANSWERS = 20_000;

export class SchemaAnswers {
  /** By dialect and schema text, oldest first. */
  private readonly answers = new Map<string, Answer>();
  private compiler: SchemaCompiler | undefined;
  private compiledHere = 0;

  /** @param env where MCP_GEN_WORKERS is read (build-threads.ts): how many worker threads a large batch gets. */
  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  /** analyzeProjectWith's precompile step, answered from what the session knows, the rest compiled. */
  readonly precompile: Precompile = async (requests, schemas) => {
    const missing = new Map<string, { readonly request: SchemaRequest; readonly text: string }>();
    for (const request of requests) {
      const text = JSON.stringify(request.schema);
      const key = `${request.dialect}\u0000${text}`;
      const known = this.answers.get(key);
      if (known) schemas.seed(request.schema, request.dialect, text, known.check, known.compiled);
      else if (!missing.has(key)) missing.set(key, { request, text });
    }
    if (missing.size === 0) return;
    const todo = [...missing.values()];
    const workers = workerCount(todo.length, this.env);
    if (workers > 0) {
      // The workers alone compile: their memory goes with them, where the main thread's would stay
      // with the server for the session. Scaffold samples are a build's concern: nothing here needs them.
      const threads = startBuildThreads(workers, { mainHelps: false });
      try {
        await threads.precompile(
          todo.map(({ request }) => ({ ...request, samples: false })),
          schemas,
        );
      } finally {
        await threads.close();
      }
      for (const { request, text } of todo) {
        const check = schemas.checked(request.schema, request.dialect)!;
        // Seeded with the check: compiled() answers from the seed, it compiles nothing.
        this.remember(`${request.dialect}\u0000${text}`, { check, compiled: check.metaProblems.length === 0 ? schemas.compiled(request.schema, request.dialect) : undefined });
      }
    } else {
      const items: CheckItem[] = todo.map(({ request, text }) => ({ text, dialect: request.dialect, samples: false }));
      const answers = checkBatch(this.thisThread(items.length), items);
      todo.forEach(({ request, text }, i) => {
        const answer = answers[i]!;
        schemas.seed(request.schema, request.dialect, text, answer.check, answer.compiled);
        this.remember(`${request.dialect}\u0000${text}`, answer);
      });
    }
    // Other requests for the same schemas (another object with the same text) get the same answer.
    for (const request of requests) {
      if (schemas.checked(request.schema, request.dialect)) continue;
      const text = JSON.stringify(request.schema);
      const known = this.answers.get(`${request.dialect}\u0000${text}`)!;
      schemas.seed(request.schema, request.dialect, text, known.check, known.compiled);
    }
  };

  /** How many schemas the session knows. */
  get size(): number {
    return this.answers.size;
  }

  private remember(key: string, answer: Answer): void {
    this.answers.delete(key);
    this.answers.set(key, answer);
    if (this.answers.size > MAX_ANSWERS) this.answers.delete(this.answers.keys().next().value!);
  }

  /** This thread's compiler for `count` more schemas: a fresh one once the last has compiled its share. */
  private thisThread(count: number): SchemaCompiler {
    if (!this.compiler || this.compiledHere >= COMPILER_LIFETIME) {
      this.compiler = new SchemaCompiler();
      this.compiledHere = 0;
    }
    this.compiledHere += count;
    return this.compiler;
  }
}
