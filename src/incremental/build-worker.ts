// The worker thread of a build: compiles what the main thread sends (schemas with ajv, types with
// json-schema-to-typescript), creates missing scaffolds while the main thread writes the generated
// folder, writes a new generated folder's staging copy while the main thread hashes and renders the
// lock, and answers with plain data. In a first build it checks the descriptors' schemas before it
// is sent any (early-checks.ts). Started by build-threads.ts; a SchemaCompiler of its own for
// each run of schema checks (the main thread keeps the answers).
import { parentPort, workerData, type MessagePort } from "node:worker_threads";
import type { Dialect } from "../model/dialect.js";
import type { JsonValue } from "../model/json.js";
import { loadTypeCompiler } from "../emit/compile-wrapper.js";
import { compileTypes } from "../emit/emit-types.js";
import { SchemaCompiler, type CompiledValidator, type SchemaCheck } from "../compile/schema-compiler.js";
import type { GeneratedFile } from "../model/generated-file.js";
import type { ScaffoldSamples } from "../compile/schema-samples.js";
import { createMissingFolder, createScaffold, type CreateOutcome } from "../files/create-missing-folders.js";
import { writeNewFileSync } from "../files/write-files.js";
import { errnoCode } from "../files/system-failure.js";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { NO_CLOCK, type Phase, type PhaseClock, type ThreadPhases } from "../model/phase-clock.js";
import { ThreadClock } from "./thread-clock.js";
import { NO_VERDICTS, type PatternPlan } from "../compile/linear-pattern/pattern-plan.js";
import { checkKey, earlyItemsOf, earlySchema, nextTurn, type EarlyChecksRequest } from "./early-checks.js";

/** A schema to check and compile, as JSON text (JSON.parse keeps every key an own property). */
export interface CheckItem {
  readonly text: string;
  readonly dialect: Dialect;
  /** An inputSchema: work out its scaffold samples with the validator just compiled. */
  readonly samples: boolean;
  /** How patterns run (SchemaCompiler.patterns), when the build has verdicts or leaves patterns out. */
  readonly patterns?: PatternPlan;
}

export interface CheckAnswer {
  readonly check: SchemaCheck;
  /** The generated validator; undefined when the meta-schema refused the schema. */
  readonly compiled: CompiledValidator | undefined;
  /** Its scaffold samples, when asked for and the meta-schema accepted it. */
  readonly samples: ScaffoldSamples | undefined;
}

/** A worker's early answer for one key, and whether it holds scaffold samples (they were asked for). */
export interface EarlyAnswer {
  readonly key: string;
  readonly samples: boolean;
  readonly answer: CheckAnswer;
}

/**
 * The answer `early` (found under `item`'s key) gives `item`, or undefined when it cannot stand for it: none, a build whose
 * patterns run by the checker's verdicts (`item.patterns`), or samples asked for and not worked out.
 * Samples not asked for are left out, as checkItem leaves them out.
 */
export function earlyAnswerFor(early: EarlyAnswer | undefined, item: CheckItem): CheckAnswer | undefined {
  if (!early || item.patterns !== undefined) return undefined;
  if (item.samples) return early.samples ? early.answer : undefined;
  return early.answer.samples === undefined ? early.answer : { ...early.answer, samples: undefined };
}

/**
 * Scaffolds to create: a folder that does not exist with every file below it (createMissingFolder),
 * or one file where absent (createMissingFile, the folder listed already).
 */
export type CreateItem =
  | { readonly root: string; readonly folder: string; readonly files: readonly GeneratedFile[] }
  | { readonly root: string; readonly folder?: undefined; readonly file: GeneratedFile };

/**
 * A generated file to write into the staging folder of a build whose generated folder does not exist
 * yet (replaceTree takes the folder as staged): its absolute path there, and its bytes or its text.
 */
export interface StageItem {
  readonly target: string;
  /** The file's bytes: a view of memory the threads share (sharedBytes). */
  readonly bytes: Uint8Array;
}

export interface TypesItem {
  readonly wrapperText: string;
  readonly rootName: string;
}

/** All batches of one run; the worker claims the next unclaimed batch through `next` until none is left. */
export type WorkerRequest =
  | { readonly id: number; readonly kind: "check"; readonly batches: readonly (readonly CheckItem[])[]; readonly next: Int32Array }
  | { readonly id: number; readonly kind: "types"; readonly batches: readonly (readonly TypesItem[])[]; readonly next: Int32Array }
  | { readonly id: number; readonly kind: "create"; readonly batches: readonly (readonly CreateItem[])[]; readonly next: Int32Array }
  | { readonly id: number; readonly kind: "stage"; readonly batches: readonly (readonly StageItem[])[]; readonly next: Int32Array };

/** The phase each kind of run counts to (MCP_GEN_PHASES). */
export const RUN_PHASE: Readonly<Record<WorkerRequest["kind"], Phase>> = { check: "schemas", types: "types", create: "write", stage: "write" };

/** What a worker thread is started with (workerData). */
export interface WorkerStart {
  /** Count the thread's time by phase (MCP_GEN_PHASES), under this name ("worker 1"...); undefined: count nothing. */
  readonly phases: { readonly thread: string; readonly spawnedNs: string } | undefined;
  /** Where the thread sends its early answers (early-checks.ts), if it is sent descriptors to read. */
  readonly early?: MessagePort;
}

/** A batch's results or a run's error; with MCP_GEN_PHASES, what the thread's clock counted since its last answer. */
export type WorkerAnswer = ({ readonly id: number; readonly index: number; readonly results: readonly unknown[] } | { readonly id: number; readonly error: string; readonly code?: string }) & {
  readonly phases?: ThreadPhases;
};

/**
 * A run's failure as the worker answers it: the error's message and, when it has one, its errno
 * code, by which the main thread tells the disk full from a bug (src/files/system-failure.ts).
 */
export function failureAnswer(id: number, e: unknown): WorkerAnswer {
  const code = errnoCode(e);
  return { id, error: e instanceof Error ? e.message : String(e), ...(code === undefined ? {} : { code }) };
}

/** The error a failed run rejects with on the main thread: failureAnswer's message, and its code. */
export function answerError(answer: { readonly error: string; readonly code?: string }): Error {
  const error = new Error(answer.error);
  return answer.code === undefined ? error : Object.assign(error, { code: answer.code });
}

/** What the main thread would do itself for one item: the same code either way. */
export function checkItem(compiler: SchemaCompiler, schema: JsonValue, dialect: Dialect, samples: boolean): CheckAnswer {
  const check = compiler.check(schema, dialect);
  const valid = check.metaProblems.length === 0;
  return { check, compiled: valid ? compiler.compiled(schema, dialect) : undefined, samples: valid && samples ? compiler.samples(schema, dialect) : undefined };
}

if (parentPort) {
  const port = parentPort;
  const start = workerData as WorkerStart | undefined;
  // The thread's state, in its entry point only (build-threads.ts imports this module's functions
  // too): a worker serves one build and ends with it.
  const clock = start?.phases ? new ThreadClock("startup", BigInt(start.phases.spawnedNs), 0) : undefined;
  // Folders this thread has made while creating scaffolds.
  const folders = new Set<string>();
  // The early answers (early-checks.ts), by checkKey, until the first run of checks has used them.
  const early = new Map<string, EarlyAnswer>();
  // Runs are worked through one after another, in the order they came.
  let queue = Promise.resolve();
  let runs = 0;
  const thread = start?.phases?.thread ?? "worker";
  const send = clock ? (answer: WorkerAnswer) => port.postMessage({ ...answer, phases: clock.take(thread) }) : (answer: WorkerAnswer) => port.postMessage(answer);
  port.on("message", (request: WorkerRequest | EarlyChecksRequest) => {
    if (request.kind === "early") {
      void checkEarly(request, () => runs > 0, clock ?? NO_CLOCK, early, start?.early);
      return;
    }
    runs++;
    queue = queue.then(() => work(folders, request, send, clock ?? NO_CLOCK, early));
  });
  // Started: until the first run, the thread waits.
  clock?.enter(undefined);
}

/**
 * Until the first run comes in (`busy`), reads `request`'s descriptors one by one and checks and
 * compiles the schemas of each (early-checks.ts), sending each answer to the main thread on `port`
 * as it has it, and keeping them in `early` for the batches this thread is sent after all; sets
 * `request.done` when it stops. Then, still with nothing else to do, loads json-schema-to-typescript
 * for the type jobs to come. A schema whose check throws (a bug) is left to the run, which reports it.
 */
async function checkEarly(request: EarlyChecksRequest, busy: () => boolean, clock: PhaseClock, early: Map<string, EarlyAnswer>, port: MessagePort | undefined): Promise<void> {
  try {
    const compiler = new SchemaCompiler(undefined, NO_VERDICTS, clock);
    const plainFolders = new Map<string, boolean>();
    for (const path of request.paths) {
      if (busy()) return;
      for (const item of clock.time("load", () => earlyItemsOf(request, path, plainFolders))) {
        if (early.has(item.key)) continue;
        try {
          const answer: EarlyAnswer = { key: item.key, samples: item.samples, answer: clock.time("schemas", () => checkItem(compiler, earlySchema(item), item.dialect, item.samples)) };
          early.set(item.key, answer);
          port?.postMessage(answer);
        } catch {
          // Left to the run.
        }
      }
      await nextTurn();
    }
  } catch {
    // Nothing early, then: the runs do it all.
  } finally {
    Atomics.store(request.done, 0, 1);
    Atomics.notify(request.done, 0);
  }
  try {
    if (!busy()) clock.time("startup", () => loadTypeCompiler());
  } catch {
    // The first type job meets it again and reports it.
  }
}

/**
 * Works through `request`'s batches. Its compilers (one per pattern plan, by its verdicts as JSON
 * text) live as long as the run: the main thread keeps every answer, and a build sends each distinct
 * schema once, so what a compiler and its ajv engines hold would only stay in this thread's heap
 * through the type generation that follows.
 */
async function work(folders: Set<string>, request: WorkerRequest, send: (answer: WorkerAnswer) => void, clock: PhaseClock, early: Map<string, EarlyAnswer>): Promise<void> {
  const compilers = new Map<string, SchemaCompiler>();
  for (let index = Atomics.add(request.next, 0, 1); index < request.batches.length; index = Atomics.add(request.next, 0, 1)) {
    try {
      const results = await clock.timeAsync(RUN_PHASE[request.kind], () => answer(compilers, folders, request, index, clock, early));
      send({ id: request.id, index, results });
    } catch (e) {
      send(failureAnswer(request.id, e));
      return;
    }
  }
  // A build checks its schemas in one run: the early answers have served.
  if (request.kind === "check") early.clear();
}

function answer(compilers: Map<string, SchemaCompiler>, folders: Set<string>, request: WorkerRequest, index: number, clock: PhaseClock, early: Map<string, EarlyAnswer>): Promise<readonly unknown[]> {
  switch (request.kind) {
    case "check":
      return Promise.resolve(
        checkBatch(
          compilerFor(compilers, request.batches[index]![0]?.patterns, clock),
          request.batches[index]!,
          early.size === 0 ? undefined : (item) => earlyAnswerFor(early.get(checkKey(item.dialect, item.text)), item),
        ),
      );
    case "types":
      return typesBatch(request.batches[index]!);
    case "create":
      return Promise.resolve(createBatch(request.batches[index]!, folders));
    case "stage":
      return Promise.resolve(stageBatch(request.batches[index]!, folders));
  }
}

/** The thread's compiler for `plan`: the same one for the same verdicts. */
function compilerFor(compilers: Map<string, SchemaCompiler>, plan: PatternPlan = NO_VERDICTS, clock: PhaseClock = NO_CLOCK): SchemaCompiler {
  const key = JSON.stringify([plan.leaveOutUncertified, [...plan.verdicts]]);
  let compiler = compilers.get(key);
  if (!compiler) compilers.set(key, (compiler = new SchemaCompiler(undefined, plan, clock)));
  return compiler;
}

/**
 * One batch of schemas, checked and compiled: the same on a worker and on the main thread. `known`:
 * an answer this thread has already for an item (early-checks.ts), used as it is.
 */
export function checkBatch(compiler: SchemaCompiler, items: readonly CheckItem[], known?: (item: CheckItem) => CheckAnswer | undefined): CheckAnswer[] {
  return items.map((item) => known?.(item) ?? checkItem(compiler, JSON.parse(item.text) as JsonValue, item.dialect, item.samples));
}

/** One batch of scaffolds, each created when absent: for each item, what became of each of its files (CreateOutcome). */
export function createBatch(items: readonly CreateItem[], made: Set<string>): CreateOutcome[][] {
  return items.map((item) => (item.folder === undefined ? [createScaffold(item.root, item.file, true, made)] : createMissingFolder(item.root, item.folder, item.files, made)));
}

/**
 * One batch of generated files written into a staging folder that nothing else writes (each file new:
 * a file already there is an error); `made`: the folders this thread has made. Answers one true per file.
 */
export function stageBatch(items: readonly StageItem[], made: Set<string>): boolean[] {
  return items.map((item) => {
    const folder = dirname(item.target);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true }), made.add(folder);
    writeNewFileSync(item.target, item.bytes);
    return true;
  });
}

/** One batch of json-schema-to-typescript runs, one after another: the same on a worker and on the main thread. */
export async function typesBatch(items: readonly TypesItem[]): Promise<string[]> {
  const results: string[] = [];
  if (items.length === 0) return results;
  const library = loadTypeCompiler();
  for (const item of items) results.push(await compileTypes(item.wrapperText, item.rootName, library));
  return results;
}
