// Spreads a build's CPU-heavy work over the machine's cores: compiling every schema with ajv (for
// the rules and the generated validators) and running json-schema-to-typescript. Worker threads
// (build-worker.ts) and the main thread, whenever it waits, claim batches through one shared
// counter (a background run is left to the workers until the main thread needs its answers); answers
// are put back in request order, so the output never depends on which thread did what.
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import { typesJobKey, type TypesCompiler, type TypesJob } from "../emit/emit-project.js";
import type { Precompile, SchemaRequest } from "../project/analyze-project.js";
import type { SchemaCompiler } from "../compile/schema-compiler.js";
import { planScaffoldCreation, type CreateOutcome, type CreateRefusal } from "../files/create-missing-folders.js";
import { piecesLength } from "../files/byte-pieces.js";
import { sharedBytes } from "../files/shared-bytes.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import {
  answerError,
  checkBatch,
  earlyAnswerFor,
  type EarlyAnswer,
  createBatch,
  RUN_PHASE,
  stageBatch,
  type StageItem,
  typesBatch,
  type CheckAnswer,
  type CheckItem,
  type CreateItem,
  type TypesItem,
  type WorkerAnswer,
  type WorkerRequest,
  type WorkerStart,
} from "./build-worker.js";
import { checkKey, type EarlyChecksRequest } from "./early-checks.js";
import type { LoadLimits } from "../load/limits.js";

export interface BuildThreads {
  readonly precompile: Precompile;
  readonly compileTypes: TypesCompiler;
  /**
   * Starts json-schema-to-typescript on `jobs` now, behind any schema compilation already queued;
   * compileTypes answers a job started here with its result. Jobs nobody asks for are dropped by close().
   */
  prefetchTypes(jobs: readonly TypesJob[]): void;
  /**
   * createMissing(root, files, listed = true), spread over the threads: creating thousands of files
   * is the kernel's work, and a worker does it while the main thread writes the generated folder.
   * A folder that does not exist yet is created whole (createMissingFolder), short of the `shared`
   * folders (project-relative) that another writer creates at the same time. A file the system
   * refuses to create is answered among `refused`, after every other file is created.
   */
  createMissing(root: string, files: readonly GeneratedFile[], shared?: readonly string[]): Promise<ScaffoldsMade>;
  /**
   * Writes `files`, every file of a generated folder `out` (project-relative) that does not exist yet,
   * below the absolute folder `staging` that nothing else writes, spread over the threads: a worker
   * writes them while the main thread goes on to hash the files and render the lock (replaceTree
   * takes the folder as staged). The files' bytes are encoded once, into memory the threads share
   * (sharedBytes), and come back in `bytes`, in the order of `files`, for the lock's hashes.
   * Undefined for a build without worker threads, where the main thread would only write them
   * itself, later, and for files of more than `maxChars` characters in all (STAGE_AHEAD_MAX_CHARS).
   */
  stageAhead(staging: string, out: string, files: readonly GeneratedFile[], maxChars?: number): StagedAhead | undefined;
  /**
   * Lets the worker threads read the descriptors at `paths` (project paths below the real `root`)
   * and check their schemas until precompile is called (early-checks.ts); `samples`: the project
   * creates scaffolds. For a first build, whose threads start before anything is read. `wait`:
   * precompile waits until every worker is done with them (tests: every early answer is then used).
   */
  checkEarly(root: string, paths: readonly string[], limits: LoadLimits, samples: boolean, wait?: boolean): void;
  /** Stops the worker threads; the build's answers are unchanged whenever it is called. */
  close(): Promise<void>;
}

/** What BuildThreads.createMissing did. */
export interface ScaffoldsMade {
  /** The files created (project paths), in the order they were given. */
  readonly created: readonly string[];
  /** The files the system refused to create, and why. */
  readonly refused: readonly ({ readonly path: string } & CreateRefusal)[];
  /** The folders that did not exist when it began (removeCreatedScaffolds takes them back once empty). */
  readonly newFolders: readonly string[];
}

/** A generated folder being written ahead (BuildThreads.stageAhead). */
export interface StagedAhead {
  /** Settles when every file is written. */
  readonly written: Promise<void>;
  /** Each file's bytes, in the order of the files: views of memory the worker threads share, not to be changed. */
  readonly bytes: readonly Uint8Array[];
}

/** Work the threads report progress on: schemas checked and compiled, and tools' types generated. */
export type ThreadWork = "schemas" | "types";

/** Told after each batch of `work` that ends: how many items of it are done, of how many started so far in this build. */
export type ThreadProgress = (work: ThreadWork, done: number, total: number) => void;

/** The work each kind of run reports progress on (creating scaffolds reports none). */
const PROGRESS_WORK: Readonly<Record<WorkerRequest["kind"], ThreadWork | undefined>> = { check: "schemas", types: "types", create: undefined, stage: undefined };

/**
 * The most a generated folder holds (in characters, or bytes where it is in pieces) that stageAhead
 * sends to a worker: its bytes, encoded next to the texts, cost about its size again in peak memory
 * (a 10,000-tool project's folder is 300 MB). The GitHub corpus's folder is 16 MB.
 */
export const STAGE_AHEAD_MAX_CHARS = 48 * 2 ** 20;

/** Whether `files` hold at most `maxChars` characters in all (bytes, for those in pieces): stageAhead's bound. */
export function fitsStagingAhead(files: readonly GeneratedFile[], maxChars = STAGE_AHEAD_MAX_CHARS): boolean {
  let chars = 0;
  for (const file of files) {
    chars += file.pieces ? piecesLength(file.pieces) : file.contents.length;
    if (chars > maxChars) return false;
  }
  return true;
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

/**
 * Whether a build with `workers` workers (workerCount) and `building` of `projectTools` tools to build
 * gets one worker thread, started when the first json-schema-to-typescript job is known, that runs
 * the type jobs in the background. For a few changed tools in a large project (an inputSchema edit):
 * loading json-schema-to-typescript and compiling the tool's types, the slow part of such a build,
 * then overlap the main thread's work on the whole project (rules, planning, rendering the aggregates) on a second
 * core. A build whose tools all keep their types starts no thread at all. MCP_GEN_TYPES_THREAD=1 or
 * 0 forces it on or off (tests); MCP_GEN_WORKERS, when set, rules it out.
 */
export function wantsTypesThread(workers: number, building: number, projectTools: number, env: Readonly<Record<string, string | undefined>>): boolean {
  if (workers > 0 || building === 0 || !existsSync(WORKER_FILE)) return false;
  if (env.MCP_GEN_TYPES_THREAD === "1" || env.MCP_GEN_TYPES_THREAD === "0") return env.MCP_GEN_TYPES_THREAD === "1";
  return env.MCP_GEN_WORKERS === undefined && projectTools >= MIN_TOOLS_FOR_WORKERS && availableParallelism() >= 2;
}

const WORKER_FILE = fileURLToPath(new URL("./build-worker.js", import.meta.url));

export interface ThreadOptions {
  readonly typesThread?: boolean;
  readonly progress?: ThreadProgress;
  /**
   * Whether the main thread claims batches too (default true). A long-lived process (the language
   * server) leaves them to the workers when it has any: what compiling leaves behind (ajv's
   * garbage, a heap grown for it) goes with the worker instead of staying in the process for good.
   */
  readonly mainHelps?: boolean;
  /** Where the time goes (MCP_GEN_PHASES); workers report theirs with each answer. */
  readonly clock?: PhaseClock;
}

/**
 * `workers` worker threads from the start; with `typesThread` (and no workers), one started by the
 * first prefetchTypes that has jobs (see wantsTypesThread).
 * @example const threads = startBuildThreads(1); try { ... } finally { await threads.close(); }
 */
export function startBuildThreads(workers: number, { typesThread = false, progress, mainHelps = true, clock = NO_CLOCK }: ThreadOptions = {}): BuildThreads {
  const pool = new Pool(workers, progress, mainHelps, clock);
  // Folders the main thread has made while creating scaffolds, in this build.
  const mainFolders = new Set<string>();
  // Type jobs started, by typesJobKey: the run that answers each and its place in that run.
  const started = new Map<string, { readonly run: Promise<string[]>; readonly index: number }>();
  let typesWorker = false;
  const startTypes = (jobs: readonly TypesJob[], background = false) => {
    const fresh = [...new Map(jobs.filter((job) => !started.has(typesJobKey(job))).map((job) => [typesJobKey(job), job])).values()];
    if (fresh.length === 0) return;
    const run = pool.run<TypesItem, string>(
      "types",
      fresh.map((job) => ({ wrapperText: job.wrapperText, rootName: job.rootName })),
      typesBatch,
      background,
    );
    run.catch(() => undefined);
    fresh.forEach((job, index) => void started.set(typesJobKey(job), { run, index }));
  };
  return {
    precompile: (requests, schemas) => precompile(pool, requests, schemas),
    checkEarly: (root, paths, limits, samples, wait) => pool.checkEarly(root, paths, limits, samples, wait),
    // Only worth it where a worker takes the jobs; the main thread has its own work until emit.
    prefetchTypes: (jobs) => {
      if (workers > 0) startTypes(jobs);
      else if (typesThread && jobs.some((job) => !started.has(typesJobKey(job)))) {
        // One worker, started now; the main thread leaves these jobs to it until compileTypes needs them.
        if (!typesWorker) pool.addWorker(), (typesWorker = true);
        startTypes(jobs, true);
      }
    },
    compileTypes: async (jobs) => {
      pool.foreground();
      startTypes(jobs);
      return Promise.all(
        jobs.map(async (job) => {
          const { run, index } = started.get(typesJobKey(job))!;
          return (await run)[index]!;
        }),
      );
    },
    createMissing: async (root, files, shared) => {
      const plan = planScaffoldCreation(root, files, shared);
      const items: CreateItem[] = [...plan.folders.map(({ folder, files: below }) => ({ root, folder, files: below })), ...plan.loose.map((file) => ({ root, file }))];
      const made = await pool.run<CreateItem, CreateOutcome[]>("create", items, async (batch) => createBatch(batch, mainFolders));
      const outcomes = new Map(items.flatMap((item, i) => (item.folder === undefined ? [item.file] : item.files).map((file, j) => [file, made[i]![j]!] as const)));
      return {
        created: files.filter((file) => outcomes.get(file) === true).map((file) => file.path),
        refused: files.flatMap((file) => {
          const outcome = outcomes.get(file);
          return typeof outcome === "object" ? [{ path: file.path, ...outcome }] : [];
        }),
        newFolders: plan.folders.map(({ folder }) => folder),
      };
    },
    stageAhead: (staging, out, files, maxChars = STAGE_AHEAD_MAX_CHARS) => {
      if ((workers === 0 && !typesWorker) || !fitsStagingAhead(files, maxChars)) return undefined;
      const bytes = sharedBytes(files);
      const items: StageItem[] = files.map((file, i) => ({ target: join(staging, posix.relative(out, file.path)), bytes: bytes[i]! }));
      // The main thread's own folders are not the worker's: each thread makes the folders it writes into.
      const made = new Set<string>();
      const written = pool.run<StageItem, boolean>("stage", items, async (batch) => stageBatch(batch, made)).then(() => undefined);
      return { written, bytes };
    },
    close: () => pool.close(),
  };
}

/** The longest takeEarly() waits for a worker told to let it wait (tests). */
const EARLY_WAIT_MS = 60_000;

/** One schema to check, as a worker is sent it, and every request with its key. */
interface DistinctCheck {
  readonly item: CheckItem;
  readonly requests: SchemaRequest[];
}

/** Checks and compiles each distinct schema once, anywhere, and records the answers in `schemas`. */
async function precompile(pool: Pool, requests: readonly SchemaRequest[], schemas: SchemaCompiler): Promise<void> {
  const distinct = new Map<string, DistinctCheck>();
  // The checker's verdicts go with each item, only when there are any: a worker compiles as the main thread does.
  const plan = schemas.patterns;
  const patterns = plan.verdicts.size > 0 || plan.leaveOutUncertified ? { patterns: plan } : {};
  for (const request of requests) {
    const text = JSON.stringify(request.schema);
    const key = checkKey(request.dialect, text);
    const known = distinct.get(key);
    const entry = { item: { text, dialect: request.dialect, samples: request.samples || known?.item.samples === true, ...patterns }, requests: known?.requests ?? [] };
    entry.requests.push(request);
    distinct.set(key, entry);
  }
  // What a worker has answered already (early-checks.ts) is taken as it is; the rest is compiled now.
  const early = pool.takeEarly();
  const answered: { entry: DistinctCheck; answer: CheckAnswer }[] = [];
  const left: DistinctCheck[] = [];
  for (const [key, entry] of distinct) {
    const answer = earlyAnswerFor(early.get(key), entry.item);
    if (answer) answered.push({ entry, answer });
    else left.push(entry);
  }
  pool.answeredEarly(answered.length);
  // Largest first: the big schemas start early and the small ones fill in at the end.
  left.sort((a, b) => b.item.text.length - a.item.text.length);
  const answers = await pool.run<CheckItem, CheckAnswer>(
    "check",
    left.map((e) => e.item),
    async (batch) => checkBatch(schemas, batch),
  );
  for (const [i, entry] of left.entries()) answered.push({ entry, answer: answers[i]! });
  for (const { entry, answer } of answered) {
    for (const request of entry.requests) schemas.seed(request.schema, request.dialect, entry.item.text, answer.check, answer.compiled, answer.samples);
  }
}

/** One `run`: its batches, who has answered, and how it ends. */
interface Run {
  readonly kind: WorkerRequest["kind"];
  readonly batches: readonly (readonly unknown[])[];
  /** Int32Array over a SharedArrayBuffer: the index of the next batch nobody has claimed. */
  readonly next: Int32Array;
  readonly results: unknown[][];
  readonly inThread: (items: readonly unknown[]) => Promise<readonly unknown[]>;
  remaining: number;
  readonly resolve: (results: unknown[]) => void;
  readonly reject: (error: Error) => void;
  /** Left to the workers: the main thread claims none of its batches until foreground(). */
  background: boolean;
}

/**
 * Worker threads and the main thread, claiming batches from one shared counter. Every worker is
 * given all of a run's batches at once and claims the next one itself (Atomics.add), so it never
 * waits for the main thread to hand out work: the main thread is often busy for a second at a time
 * (rules, scaffolds) and could not answer. The main thread claims batches the same way whenever it
 * gets to the event loop, that is, when it waits.
 */
class Pool {
  private readonly workers: Worker[] = [];
  /** Each worker's port for its early answers (early-checks.ts), read with receiveMessageOnPort. */
  private readonly earlyPorts: MessagePort[] = [];
  /** Each worker's flag that it is done checking early, while takeEarly() is to wait for it. */
  private earlyDone: Int32Array[] = [];
  private readonly runs = new Map<number, Run>();
  private nextId = 0;
  private mainBusy = false;
  /** Items started and done, of the work progress is reported on. */
  private readonly counts = { schemas: { done: 0, total: 0 }, types: { done: 0, total: 0 } };

  constructor(
    count: number,
    private readonly progress: ThreadProgress | undefined,
    private readonly mainHelps: boolean,
    private readonly clock: PhaseClock,
  ) {
    for (let i = 0; i < count; i++) this.addWorker();
  }

  /** Starts one more worker; it takes part in the runs started from now on. */
  addWorker(): void {
    const { port1, port2 } = new MessageChannel();
    const start: WorkerStart = { phases: this.clock.on ? { thread: `worker ${this.workers.length + 1}`, spawnedNs: String(process.hrtime.bigint()) } : undefined, early: port2 };
    const worker = new Worker(WORKER_FILE, { workerData: start, transferList: [port2] });
    this.earlyPorts.push(port1);
    // Idle workers must not keep the process alive by themselves; a pending run refs them.
    worker.unref();
    worker.on("message", (answer: WorkerAnswer) => this.answered(answer));
    worker.on("error", (error) => this.crashed(error));
    this.workers.push(worker);
  }

  /** Sends each worker its share of the descriptors to read and check early (BuildThreads.checkEarly). */
  checkEarly(root: string, paths: readonly string[], limits: LoadLimits, samples: boolean, wait = false): void {
    const count = this.workers.length;
    this.workers.forEach((worker, i) => {
      const done = new Int32Array(new SharedArrayBuffer(4));
      if (wait) this.earlyDone.push(done);
      const request: EarlyChecksRequest = { kind: "early", root, paths: paths.filter((_, j) => j % count === i), limits, samples, done };
      worker.postMessage(request);
    });
  }

  /** The early answers the workers have sent so far, by checkKey (read now, without waiting unless checkEarly was told to). */
  takeEarly(): Map<string, EarlyAnswer> {
    for (const done of this.earlyDone) Atomics.wait(done, 0, 0, EARLY_WAIT_MS);
    this.earlyDone = [];
    const answers = new Map<string, EarlyAnswer>();
    for (const port of this.earlyPorts) {
      for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
        const answer = received.message as EarlyAnswer;
        answers.set(answer.key, answer);
      }
    }
    return answers;
  }

  /** Counts `count` schemas answered early as checked, for progress. */
  answeredEarly(count: number): void {
    if (count === 0) return;
    this.counts.schemas.total += count;
    this.counts.schemas.done += count;
    this.progress?.("schemas", this.counts.schemas.done, this.counts.schemas.total);
  }

  /** Lets the main thread claim the batches of background runs too (it is about to wait for them). */
  foreground(): void {
    for (const run of this.runs.values()) run.background = false;
    this.helpOnMain();
  }

  /**
   * Runs `inThread`'s work on every item, in batches spread over the threads; answers in item order.
   * `background`: only workers claim batches until foreground() (a run with no worker is never background).
   */
  run<I, O>(kind: WorkerRequest["kind"], items: readonly I[], inThread: (batch: readonly I[]) => Promise<readonly O[]>, background = false): Promise<O[]> {
    if (items.length === 0) return Promise.resolve([]);
    const work = PROGRESS_WORK[kind];
    if (work) this.counts[work].total += items.length;
    const threads = this.workers.length + 1;
    const size = Math.max(1, Math.min(32, Math.ceil(items.length / (threads * 6))));
    const batches: I[][] = [];
    for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
    const id = this.nextId++;
    return new Promise<O[]>((resolve, reject) => {
      const run: Run = {
        kind,
        batches,
        next: new Int32Array(new SharedArrayBuffer(4)),
        results: new Array<unknown[]>(batches.length),
        inThread: inThread as (batch: readonly unknown[]) => Promise<readonly unknown[]>,
        remaining: batches.length,
        resolve: (results) => resolve(results as O[]),
        reject,
        background: background && this.workers.length > 0,
      };
      this.runs.set(id, run);
      for (const worker of this.workers) {
        worker.ref();
        worker.postMessage({ id, kind, batches, next: run.next } as WorkerRequest);
      }
      this.helpOnMain();
    });
  }

  /** The main thread claims a batch when it next reaches the event loop, and again after each. */
  private helpOnMain(): void {
    if (this.mainBusy || !this.mainCanClaim() || (!this.mainHelps && this.workers.length > 0)) return;
    this.mainBusy = true;
    setImmediate(() => void this.runOnMain());
  }

  /** Whether a run the main thread may take part in has a batch left to claim. */
  private mainCanClaim(): boolean {
    for (const run of this.runs.values()) if (!run.background && Atomics.load(run.next, 0) < run.batches.length) return true;
    return false;
  }

  private async runOnMain(): Promise<void> {
    for (const [id, run] of this.runs) {
      if (run.background) continue;
      const index = Atomics.add(run.next, 0, 1);
      if (index >= run.batches.length) continue;
      try {
        this.finished(id, index, await this.clock.timeAsync(RUN_PHASE[run.kind], () => run.inThread(run.batches[index]!)));
      } catch (e) {
        this.failed(id, e instanceof Error ? e : new Error(String(e)));
      }
      break;
    }
    this.mainBusy = false;
    // Another batch when there is one left to claim in any run.
    this.helpOnMain();
  }

  private answered(answer: WorkerAnswer): void {
    if (answer.phases) this.clock.absorb(answer.phases);
    if ("error" in answer) this.failed(answer.id, answerError(answer));
    else this.finished(answer.id, answer.index, answer.results);
  }

  private finished(id: number, index: number, results: readonly unknown[]): void {
    const run = this.runs.get(id);
    if (!run || run.results[index] !== undefined) return;
    run.results[index] = [...results];
    const work = PROGRESS_WORK[run.kind];
    if (work && this.progress) {
      const count = this.counts[work];
      count.done += results.length;
      this.progress(work, count.done, count.total);
    }
    if (--run.remaining > 0) return;
    this.runs.delete(id);
    if (this.runs.size === 0) for (const worker of this.workers) worker.unref();
    run.resolve(run.results.flat());
  }

  private failed(id: number, error: Error): void {
    const run = this.runs.get(id);
    if (!run) return;
    this.runs.delete(id);
    if (this.runs.size === 0) for (const worker of this.workers) worker.unref();
    run.reject(error);
  }

  private crashed(error: Error): void {
    for (const id of [...this.runs.keys()]) this.failed(id, error);
  }

  /** Stops the workers; runs still pending (jobs started ahead that nobody needed) are dropped. */
  async close(): Promise<void> {
    for (const id of [...this.runs.keys()]) this.failed(id, new Error("The build threads were closed."));
    for (const port of this.earlyPorts) port.close();
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

export type { TypesJob };
