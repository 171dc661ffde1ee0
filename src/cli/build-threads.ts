// Spreads a build's CPU-heavy work over the machine's cores: compiling every schema with ajv (for
// the rules and the generated validators) and running json-schema-to-typescript. Worker threads
// (build-worker.ts) and the main thread, whenever it waits, take batches from one queue; answers
// are put back in request order, so the output never depends on which thread did what.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { TypesCompiler, TypesJob } from "../emit/emit-project.js";
import { compileTypes } from "../emit/emit-types.js";
import type { JsonValue } from "../model/json.js";
import type { Precompile, SchemaRequest } from "../project/analyze-project.js";
import type { SchemaCompiler } from "../validate/schema-compiler.js";
import { checkItem, type CheckAnswer, type CheckItem, type TypesItem, type WorkerAnswer, type WorkerRequest } from "./build-worker.js";

export interface BuildThreads {
  readonly precompile: Precompile;
  readonly compileTypes: TypesCompiler;
  /** Stops the worker threads; the build's answers are unchanged whenever it is called. */
  close(): Promise<void>;
}

/** Below this many tools, starting a worker costs more than it saves. */
const MIN_TOOLS_FOR_WORKERS = 64;

/** More workers add memory (each loads ajv and json-schema-to-typescript) for little gain. */
const MAX_WORKERS = 4;

/**
 * How many worker threads a build of `tools` tools starts: one fewer than the cores (the main thread
 * works too), none for a small project or where the compiled worker module is absent (mcp-gen run
 * from its TypeScript sources, as in its own tests). MCP_GEN_WORKERS=<n> sets the number.
 */
export function workerCount(tools: number, env: Readonly<Record<string, string | undefined>>): number {
  if (!existsSync(WORKER_FILE)) return 0;
  const forced = env.MCP_GEN_WORKERS;
  if (forced !== undefined && /^\d+$/.test(forced)) return Math.min(Number(forced), 16);
  if (tools < MIN_TOOLS_FOR_WORKERS) return 0;
  return Math.max(1, Math.min(MAX_WORKERS, availableParallelism() - 1));
}

const WORKER_FILE = fileURLToPath(new URL("./build-worker.js", import.meta.url));

/** @example const threads = startBuildThreads(1); try { ... } finally { await threads.close(); } */
export function startBuildThreads(workers: number): BuildThreads {
  const pool = new Pool(workers);
  return {
    precompile: (requests, schemas) => precompile(pool, requests, schemas),
    compileTypes: (jobs) => pool.run<TypesItem, string>("types", jobs, async (batch) => {
      const out: string[] = [];
      for (const job of batch) out.push(await compileTypes(job.wrapperText, job.rootName));
      return out;
    }),
    close: () => pool.close(),
  };
}

/** Checks and compiles each distinct schema once, anywhere, and records the answers in `schemas`. */
async function precompile(pool: Pool, requests: readonly SchemaRequest[], schemas: SchemaCompiler): Promise<void> {
  const distinct = new Map<string, { item: CheckItem; requests: SchemaRequest[] }>();
  for (const request of requests) {
    const text = JSON.stringify(request.schema);
    const key = `${request.dialect}\u0000${text}`;
    const entry = distinct.get(key) ?? { item: { text, dialect: request.dialect }, requests: [] };
    entry.requests.push(request);
    distinct.set(key, entry);
  }
  // Largest first: the big schemas start early and the small ones fill in at the end.
  const entries = [...distinct.values()].sort((a, b) => b.item.text.length - a.item.text.length);
  const answers = await pool.run<CheckItem, CheckAnswer>("check", entries.map((e) => e.item), async (batch) =>
    batch.map((item) => checkItem(schemas, JSON.parse(item.text) as JsonValue, item.dialect)));
  entries.forEach((entry, i) => {
    const answer = answers[i]!;
    for (const request of entry.requests) schemas.seed(request.schema, request.dialect, entry.item.text, answer.check, answer.compiled);
  });
}

interface Batch {
  readonly kind: WorkerRequest["kind"];
  readonly items: readonly unknown[];
  readonly inThread: (items: readonly unknown[]) => Promise<readonly unknown[]>;
  readonly done: (results: readonly unknown[]) => void;
  readonly fail: (error: Error) => void;
}

/** Worker threads and the main thread, taking batches from one queue. */
class Pool {
  private readonly queue: Batch[] = [];
  private readonly idle: Worker[] = [];
  private readonly workers: Worker[] = [];
  private readonly pending = new Map<number, Batch>();
  private nextId = 0;
  private mainBusy = false;

  constructor(count: number) {
    for (let i = 0; i < count; i++) {
      const worker = new Worker(WORKER_FILE);
      // A worker whose batch is done must not keep the process alive by itself.
      worker.unref();
      worker.on("message", (answer: WorkerAnswer) => this.answered(worker, answer));
      worker.on("error", (error) => this.crashed(error));
      this.workers.push(worker);
      this.idle.push(worker);
    }
  }

  /** Runs `inThread`'s work on every item, in batches spread over the threads; answers in item order. */
  run<I, O>(kind: WorkerRequest["kind"], items: readonly I[], inThread: (batch: readonly I[]) => Promise<readonly O[]>): Promise<O[]> {
    if (items.length === 0) return Promise.resolve([]);
    const threads = this.workers.length + 1;
    const size = Math.max(1, Math.min(32, Math.ceil(items.length / (threads * 6))));
    const results: O[] = new Array<O>(items.length);
    return new Promise<O[]>((resolve, reject) => {
      let remaining = Math.ceil(items.length / size);
      for (let start = 0; start < items.length; start += size) {
        const from = start;
        this.queue.push({
          kind,
          items: items.slice(from, from + size),
          inThread: inThread as (batch: readonly unknown[]) => Promise<readonly unknown[]>,
          done: (answers) => {
            answers.forEach((answer, i) => (results[from + i] = answer as O));
            if (--remaining === 0) resolve(results);
          },
          fail: reject,
        });
      }
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0 && this.idle.length > 0) {
      const batch = this.queue.shift()!;
      const worker = this.idle.pop()!;
      const id = this.nextId++;
      this.pending.set(id, batch);
      worker.ref();
      worker.postMessage({ id, kind: batch.kind, items: batch.items } as WorkerRequest);
    }
    // The main thread takes a batch whenever it gets to the event loop, that is, when it waits.
    if (this.queue.length > 0 && !this.mainBusy) {
      this.mainBusy = true;
      setImmediate(() => void this.runOnMain());
    }
  }

  private async runOnMain(): Promise<void> {
    const batch = this.queue.shift();
    if (batch) {
      try {
        batch.done(await batch.inThread(batch.items));
      } catch (e) {
        batch.fail(e instanceof Error ? e : new Error(String(e)));
      }
    }
    this.mainBusy = false;
    this.dispatch();
  }

  private answered(worker: Worker, answer: WorkerAnswer): void {
    const batch = this.pending.get(answer.id);
    this.pending.delete(answer.id);
    worker.unref();
    this.idle.push(worker);
    if (batch) {
      if ("error" in answer) batch.fail(new Error(answer.error));
      else batch.done(answer.results);
    }
    this.dispatch();
  }

  private crashed(error: Error): void {
    for (const batch of this.pending.values()) batch.fail(error);
    this.pending.clear();
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

export type { TypesJob };
