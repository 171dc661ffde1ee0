// ResolvedTool[] + config + templates → every file a build writes: the generated folder (types,
// descriptors, validators, server, client, runtime) and the scaffolds created only when absent
// (handler stubs, tests). With `generate: client`, the client, its types and validators only. The
// generated code imports @mcp-gen/runtime, or with `runtime: vendored` a copy of the runtime modules
// it needs, written into out/runtime/. Pure: the CLI reads templates and runtime sources and writes the result.
import { posix } from "node:path";
import type { Config } from "../config/config.js";
import { compareText } from "../model/diagnostic.js";
import { DEFAULT_DIALECT, dialectOf } from "../model/dialect.js";
import type { EmitOutput, GeneratedFile } from "../model/generated-file.js";
import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../model/json.js";
import { memoSlot, RunMemo } from "../model/run-memo.js";
import { NO_CLOCK, type PhaseClock } from "../model/phase-clock.js";
import type { ResolvedTool } from "../model/source.js";
import { hashTool, type ToolHash } from "../lock/hash-tool.js";
import { TOOL_PARTS } from "../model/lock.js";
import { sha256Hex } from "../lock/sha256.js";
import { findHeaderParams } from "@mcp-gen/runtime/header-annotations";
import { legacyDescriptor, needsLegacyWrap } from "@mcp-gen/runtime/v1/legacy-projection";
import type { SchemaCompiler } from "../compile/schema-compiler.js";
import { aggregateBanner, fileBanner, runtimeBanner } from "./banner.js";
import { scaffoldExamples } from "./derive-examples.js";
import { loadTypeCompiler } from "./compile-wrapper.js";
import { admitsNoProperty, compileTypes, finishToolTypes, planToolTypes, type InputForm, type ToolTypes, type TypesRequest } from "./emit-types.js";
import {
  emitValidators,
  type EmittedValidators,
  type KnownValidator,
  type LastModuleText,
  type ValidatorImports,
  type ValidatorModule,
  type ValidatorModuleLayout,
  type ValidatorRef,
  type ValidatorRequest,
} from "./emit-validators.js";
import { assignToolNames, scaffoldPaths, type ToolNames } from "./names.js";
import { validatorExportNames, type ValidatorOwner, type ValidatorSubject } from "./validator-names.js";
import { docProse } from "./doc-prose.js";
import { docComment, docCommentLines, jsonLiteral, objectKey, stringLiteral, typeKey } from "./safe-text.js";
import { RUNTIME_RANGE, runtimeFile, runtimeSpecifier, type RuntimeModule } from "./runtime-modules.js";
import { selectRuntime, type RuntimeSource } from "./select-runtime.js";
import { targetProfile } from "./target-profile.js";
import { compileTemplates, type TemplateName, type TemplateSources, type Templates } from "./templates.js";
import { renderAggregate, type AggregateFiles, type AggregateLayout, type LastAggregates, type LoopMaker, type ToolLoop } from "./tool-loop.js";

export type { RuntimeSource };

export interface EmitInput {
  readonly tools: readonly ResolvedTool[];
  readonly config: Config;
  readonly templates: TemplateSources;
  /** The runtime's sources, copied in part into the generated folder with `runtime: vendored` (unused otherwise). */
  readonly runtime: readonly RuntimeSource[];
  /** Compiles each schema once for validation, the generated validators and scaffold arguments. */
  readonly schemas: SchemaCompiler;
  /**
   * Runs json-schema-to-typescript for each job (compileTypes), answering in job order; by default
   * one after another in this thread. The CLI passes one that spreads the jobs over worker threads.
   */
  readonly compileTypes?: TypesCompiler;
  /**
   * Scaffold paths (handler stubs, tests) that exist already: a build creates scaffolds only when
   * absent, so these are not even rendered. Empty by default.
   */
  readonly existingScaffolds?: ReadonlySet<string>;
  /** Output known already (an earlier emit of the same tools), taken as it is instead of generated again. */
  readonly reuse?: EmitReuse;
  /** hashTool of tools whose hashes are known already (from the lock); the others are hashed here. */
  readonly hashes?: ReadonlyMap<ResolvedTool, ToolHash>;
  /** What the run remembers (the analysis's, and expectedTypesJobs'); a fresh one when absent. */
  readonly memo?: RunMemo;
  /** Where the time goes (MCP_GEN_PHASES): emitting counts to "emit", waiting for and finishing types to "types". */
  readonly clock?: PhaseClock;
}

/**
 * Output of an earlier emit that this one takes as it is: plain data, which the caller vouches was
 * generated from the same tools by the same mcp-gen. A reused tool's `wire` may have its members in
 * another order than its descriptor (the lock sorts them), so nothing that depends on member order
 * is computed from it: its module, validator names and header parameters come from here instead.
 */
export interface EmitReuse {
  readonly tools: ReadonlyMap<ResolvedTool, ReusedToolOutput>;
  /** Validator code known already, by id; holds every reused tool's validators. */
  readonly validators: ReadonlyMap<string, KnownValidator>;
  /** Tools generated afresh whose earlier module may hold their types (see PreviousModule). */
  readonly previous?: ReadonlyMap<ResolvedTool, PreviousModule>;
  /**
   * The validator modules of an earlier emit, by project path, each with its key (EmitOutput's
   * validatorModules) and marked `unchanged`: one whose key this emit finds again is taken as it is,
   * not rendered.
   */
  readonly validatorModules?: ReadonlyMap<string, LastValidatorModule>;
  /**
   * The last emit's aggregates that are on disk byte for byte as it wrote them, with their layouts
   * and that emit's tool keys: each tool's items there are taken as they are (see tool-loop.ts).
   */
  readonly aggregates?: LastAggregates;
}

/** A validator module of an earlier emit: its key, the file as it is on disk, and what it imports. */
export interface LastValidatorModule {
  readonly key: string;
  readonly file: GeneratedFile;
  readonly runtime: readonly (keyof ValidatorImports)[];
  /**
   * Its layout, when the cache has one, and its bytes, read only when a block is copied from them
   * (none, and so nothing copied, unless the file is on disk byte for byte as written).
   */
  readonly text?: LastModuleText;
}

export interface ReusedToolOutput {
  /**
   * The tool's module (`<out>/tools/<file>.ts`) as the earlier emit wrote it, marked `unchanged`:
   * it goes into the output as it is, and nothing here reads its contents.
   */
  readonly module: GeneratedFile;
  /** Ids of its validators (ValidatorRef.id): inputSchema's, then outputSchema's when it has one. */
  readonly validators: readonly string[];
  /** findHeaderParams(inputSchema).params, from its descriptor in its own member order. */
  readonly headers: JsonValue;
  /** typesKey of the types its module holds. */
  readonly types: string;
}

/**
 * The module an earlier emit wrote for a tool that is generated afresh now (its descriptor changed),
 * with the typesKey of the types in it: when the tool's types
 * request is the same (a change that left its schemas and names alone, such as a new description),
 * its types are taken from that module instead of running json-schema-to-typescript.
 */
export interface PreviousModule {
  readonly module: string;
  readonly types: string;
}

/** What a build remembers about each tool for the next one (see EmitReuse), by tool name. */
export interface EmittedTool {
  readonly validators: readonly string[];
  readonly headers: JsonValue;
  /** typesKey of its types request. */
  readonly types: string;
}

/** One run of json-schema-to-typescript: compileTypes(wrapperText, rootName). */
export interface TypesJob {
  readonly wrapperText: string;
  readonly rootName: string;
}

export type TypesCompiler = (jobs: readonly TypesJob[]) => Promise<readonly string[]>;

/** compileTypes for each job, one after another. */
export async function compileTypesInTurn(jobs: readonly TypesJob[]): Promise<string[]> {
  const out: string[] = [];
  if (jobs.length === 0) return out;
  const library = loadTypeCompiler();
  for (const job of jobs) out.push(await compileTypes(job.wrapperText, job.rootName, library));
  return out;
}

/** Everything known about one tool while emitting. */
interface ToolPlan {
  readonly tool: ResolvedTool;
  readonly name: string;
  readonly names: ToolNames;
  /** Its lock hashes: the generated client carries them (TOOL_PINS). */
  readonly hash: ToolHash;
  readonly hasOutput: boolean;
  readonly inputRef: ValidatorRef;
  readonly outputRef: ValidatorRef | undefined;
  /** x-mcp-gen.inputRequests, sorted by key, each with its validator. */
  readonly forms: readonly PlannedForm[];
  /** The tool's `x-mcp-header` parameters (findHeaderParams). */
  readonly headers: JsonValue;
  /** Its module as an earlier emit wrote it, when it is reused. */
  readonly module: GeneratedFile | undefined;
  /** typesKey of its types, when its module is reused (else worked out with its types). */
  readonly types: string | undefined;
}

interface PlannedForm extends InputForm {
  readonly message: string;
  readonly ref: ValidatorRef;
}

/** What emitProject answers: every file, and what a later emit needs to reuse this one's output. */
export interface ProjectEmit extends EmitOutput {
  readonly tools: ReadonlyMap<string, EmittedTool>;
  /** Each validator module's key (its banner included) and the ids of its validators, by project path (see EmitReuse.validatorModules). */
  readonly validatorModules: ReadonlyMap<string, ValidatorModuleRecord>;
  /** The tools' keys and each aggregate's layout, by project path (see EmitReuse.aggregates). */
  readonly aggregates: AggregateLayouts;
}

/** What a later emit needs to take tools' items from this one's aggregates: the tools' keys in order, and each file's layout. */
export type AggregateLayouts = AggregateFiles<AggregateLayout>;

/** What a build remembers of a validator module it wrote. */
export interface ValidatorModuleRecord {
  readonly key: string;
  readonly ids: readonly string[];
  /** The runtime modules it imports (ValidatorModule.runtime). */
  readonly runtime: readonly (keyof ValidatorImports)[];
  /** Where its text starts (after the banner line), in bytes, and where each validator's block lies in it (LastModuleText). */
  readonly start?: number | undefined;
  readonly layout?: ValidatorModuleLayout | undefined;
}

/** A validator module as a generated file: its text, or its bytes in pieces when it was made from the last build's module. */
function moduleFile(path: string, module: ValidatorModule): GeneratedFile {
  return {
    path,
    get contents() {
      return module.contents;
    },
    get pieces() {
      return module.pieces;
    },
  };
}

/** @example await emitProject({ tools, config, templates, runtime, schemas }) */
export async function emitProject(input: EmitInput): Promise<ProjectEmit> {
  const templates = compileTemplates(input.templates);
  const tools = [...input.tools].sort((a, b) => compareText(String(a.wire.name), String(b.wire.name)));
  const memo = input.memo ?? new RunMemo();
  const names = assignToolNames(
    tools.map((t) => String(t.wire.name)),
    memo,
  );
  const reused = input.reuse?.tools ?? new Map<ResolvedTool, ReusedToolOutput>();
  const { out } = input.config;
  const fromValidators = posix.join(out, "validators");
  const validatorImports = {
    validators: runtimeSpecifier(input.config, fromValidators, "validators"),
    patterns: runtimeSpecifier(input.config, fromValidators, "patterns"),
    messages: runtimeSpecifier(input.config, fromValidators, "validation-messages"),
  };
  const banner = aggregateBanner(tools.length);
  // The last build's modules that it may copy validators' blocks from, by their path in `out`.
  const lastTexts = new Map<string, LastModuleText>();
  for (const [path, last] of input.reuse?.validatorModules ?? []) if (last.text && path.startsWith(`${out}/`)) lastTexts.set(path.slice(out.length + 1), last.text);
  const requests = namedRequests(tools.map((t, i) => schemaRequests(t, reused.get(t), names[i]!.pascal)));
  const validators = emitValidators(requests, input.schemas, input.reuse?.validators, validatorImports, `${banner}\n`, lastTexts);
  const plans = planTools(tools, names, validators, reused, input.hashes);
  const setHash = sha256Hex(plans.map((p) => `${p.name}\u0000${p.hash.sha256}`).join("\n"));
  const fresh = plans.filter((plan) => plan.module === undefined);
  const clock = input.clock ?? NO_CLOCK;
  // Types are generated while everything that does not need them is rendered (compileTypes may run
  // on other threads; the main thread helps when it waits below).
  const pendingTypes = clock.time("types", () =>
    emitTypes(fresh, input.compileTypes ?? compileTypesInTurn, (plan, key) => previousTypes(plan, key, input.reuse?.previous?.get(plan.tool), templates, input.config), memo),
  );
  pendingTypes.catch(() => undefined);
  const generated: GeneratedFile[] = [];
  const validatorModules = new Map<string, ValidatorModuleRecord>();
  const start = Buffer.byteLength(`${banner}\n`, "utf8");
  for (const file of validators.files) {
    const path = posix.join(out, file.path);
    const key = sha256Hex(`${banner}\n${file.key}`);
    const last = input.reuse?.validatorModules?.get(path);
    const same = last?.key === key;
    // A module taken as it is imports what it imported, and keeps its layout: its validators' code is not looked at.
    validatorModules.set(path, {
      key,
      ids: file.ids,
      runtime: same ? last.runtime : file.runtime,
      // A module linked as it is keeps the layout the cache had for it (none, from an older cache).
      start: same ? last.text?.start : start,
      get layout() {
        return same ? last.text?.layout : file.layout;
      },
    });
    generated.push(same ? last.file : moduleFile(path, file));
  }
  const validatorRuntime = [...new Set([...validatorModules.values()].flatMap((module) => module.runtime))].sort();
  const aggregates = emitAggregates(plans, templates, input.config, banner, setHash, input.reuse?.aggregates);
  generated.push(...aggregates.files);
  const existing = input.existingScaffolds ?? new Set<string>();
  const scaffolds = input.config.generate === "client" ? [] : plans.flatMap((plan) => emitScaffolds(plan, templates, input.config, input.schemas, existing));
  const types = new Map(zip(fresh, await clock.timeAsync("types", () => pendingTypes)));
  for (const plan of plans) {
    const reused = plan.module;
    if (reused && reused.path !== posix.join(out, "tools", `${plan.names.file}.ts`)) {
      throw new Error(`The reused module ${reused.path} is not the module of ${JSON.stringify(plan.name)}; this is a bug in mcp-gen.`);
    }
    const file = reused ?? emitToolModule(plan, types.get(plan)!.types, templates, input.config);
    generated.push(file);
  }
  // Only the runtime modules this target's generated code imports (SDK v2 or SDK v1, never both),
  // as the emitter wrote the imports: the generated text is never searched for them, since its
  // comments and strings hold descriptor text.
  const vendored = input.config.runtime === "vendored" ? selectRuntime(runtimeEntries(input.config, validatorRuntime), input.runtime) : [];
  for (const source of vendored) {
    generated.push({ path: posix.join(out, "runtime", source.file), contents: `${runtimeBanner(source.file)}\n${source.contents}` });
  }
  const sort = (files: GeneratedFile[]) => files.sort((a, b) => compareText(a.path, b.path));
  const emitted = new Map(
    plans.map((plan) => [
      plan.name,
      {
        validators: [plan.inputRef, ...(plan.outputRef ? [plan.outputRef] : [])].map((ref) => ref.id),
        headers: plan.headers,
        types: plan.types ?? types.get(plan)!.key,
      },
    ]),
  );
  const layouts = { keys: aggregates.keys, files: aggregates.layouts };
  return { generated: sort(generated), scaffolds: sort(scaffolds), tools: emitted, validatorModules, aggregates: layouts };
}

function zip<A, B>(a: readonly A[], b: readonly B[]): [A, B][] {
  return a.map((item, i) => [item, b[i]!]);
}

/** A validator one tool needs, and what it checks (its export name comes from that). */
type OwnedRequest = Omit<ValidatorRequest, "exportName"> & { readonly owner: ValidatorOwner };

/** Validators one tool needs, in this order: inputSchema, outputSchema, then each form's requestedSchema by key. */
function schemaRequests(tool: ResolvedTool, reused: ReusedToolOutput | undefined, pascal: string): OwnedRequest[] {
  const owner = (subject: ValidatorSubject): ValidatorOwner => ({ tool: String(tool.wire.name), pascal, subject });
  if (reused) {
    // A reused tool declares no input requests (no other is ever reused), and its ids are known.
    const keys = ["inputSchema", "outputSchema"] as const;
    const subjects = [{ kind: "arguments" }, { kind: "result" }] as const;
    return reused.validators.map((id, i) => ({ schema: tool.wire[keys[i]!]!, dialect: dialectFor(tool.wire[keys[i]!]), id, owner: owner(subjects[i]!) }));
  }
  const requests: OwnedRequest[] = [{ schema: tool.wire.inputSchema!, dialect: dialectFor(tool.wire.inputSchema), owner: owner({ kind: "arguments" }) }];
  if (tool.wire.outputSchema !== undefined) requests.push({ schema: tool.wire.outputSchema, dialect: dialectFor(tool.wire.outputSchema), owner: owner({ kind: "result" }) });
  for (const form of inputForms(tool)) requests.push({ schema: form.requestedSchema, dialect: dialectFor(form.requestedSchema), owner: owner({ kind: "input", key: form.key }) });
  return requests;
}

/** Every tool's requests, in order, each with the name its validator is exported under. */
function namedRequests(perTool: readonly OwnedRequest[][]): ValidatorRequest[] {
  const requests = perTool.flat();
  const names = validatorExportNames(requests.map((request) => request.owner));
  return requests.map((request, i) => ({ schema: request.schema, dialect: request.dialect, exportName: names[i]!, ...(request.id === undefined ? {} : { id: request.id }) }));
}

/**
 * `x-mcp-gen.inputRequests` (MCP ElicitRequestFormParams each, checked by the authoring-block-shape
 * rule before any build), sorted by key so the output does not depend on the file's member order.
 */
function inputForms(tool: ResolvedTool): (InputForm & { readonly message: string })[] {
  const requests = getOwn(tool.authoring, "inputRequests");
  if (!isJsonObject(requests)) return [];
  return Object.keys(requests)
    .sort(compareText)
    .map((key) => {
      const form = getOwn(requests, key);
      return { key, message: String(getOwn(form, "message") ?? ""), requestedSchema: getOwn(form, "requestedSchema") ?? { type: "object", properties: {} } };
    });
}

function dialectFor(schema: JsonValue | undefined) {
  return dialectOf(getOwn(schema, "$schema")) ?? DEFAULT_DIALECT;
}

function planTools(
  tools: readonly ResolvedTool[],
  names: readonly ToolNames[],
  validators: EmittedValidators,
  reused: ReadonlyMap<ResolvedTool, ReusedToolOutput>,
  hashes: ReadonlyMap<ResolvedTool, ToolHash> | undefined,
): ToolPlan[] {
  let next = 0;
  return tools.map((tool, i) => {
    const hasOutput = tool.wire.outputSchema !== undefined;
    const inputRef = validators.refs[next++]!;
    const outputRef = hasOutput ? validators.refs[next++]! : undefined;
    const again = reused.get(tool);
    const forms = again ? [] : inputForms(tool).map((form) => ({ ...form, ref: validators.refs[next++]! }));
    const hash = hashes?.get(tool) ?? hashTool(tool.wire);
    const headers = again ? again.headers : (findHeaderParams(tool.wire.inputSchema).params as unknown as JsonValue);
    return { tool, name: String(tool.wire.name), names: names[i]!, hash, hasOutput, inputRef, outputRef, forms, headers, module: again?.module, types: again?.types };
  });
}

/**
 * Every tool's types and their typesKey, in plan order; json-schema-to-typescript runs once per
 * distinct job, and not for a tool whose `previous` module holds the types of the same request.
 */
async function emitTypes(
  plans: readonly ToolPlan[],
  compile: TypesCompiler,
  previous: (plan: ToolPlan, key: string) => string | undefined,
  memo: RunMemo,
): Promise<{ readonly types: ToolTypes; readonly key: string }[]> {
  const planned = memo.get(REQUESTS);
  const requests = plans.map((plan) => typesRequest(plan.tool, plan.names.pascal, plan.forms, planned));
  // Planned for the last time: the schema texts need not outlive this build step.
  for (const plan of plans) planned.delete(plan.tool);
  const jobHashes = new Map<string, string>();
  const keys = requests.map((request) => typesKey(request, jobHashes));
  const known = plans.map((plan, i) => previous(plan, keys[i]!));
  const distinct = distinctJobs(requests.filter((_, i) => known[i] === undefined));
  const raws = await compile(distinct);
  const rawByKey = new Map(distinct.map((job, i) => [typesJobKey(job), raws[i]!]));
  return requests.map((request, i) => {
    const code = known[i];
    const types = code !== undefined ? typesWithCode(request, code) : finishToolTypes(request, rawByKey.get(typesJobKey(request))!);
    return { types, key: keys[i]! };
  });
}

/**
 * What identifies a tool's types: its request (the schema text json-schema-to-typescript compiles and
 * how its output is renamed). The same key gives the same declarations (for the same mcp-gen, which
 * the build cache that keeps keys checks). `jobHashes` memoises the hash of each job's text.
 */
function typesKey(request: TypesRequest, jobHashes: Map<string, string>): string {
  const job = typesJobKey(request);
  let jobHash = jobHashes.get(job);
  if (jobHash === undefined) jobHashes.set(job, (jobHash = sha256Hex(job)));
  const { sharedName, pascal, placeholders, argumentsType, resultType, inputsType } = request;
  return sha256Hex(JSON.stringify([jobHash, sharedName ?? null, pascal, placeholders, argumentsType, resultType ?? null, inputsType ?? null]));
}

function typesWithCode(request: TypesRequest, code: string): ToolTypes {
  return { code, argumentsType: request.argumentsType, resultType: request.resultType, inputsType: request.inputsType };
}

/**
 * The types code in the last build's module of this tool when they were made from the request with
 * typesKey `key`: the module is split where emitToolModule put the types, found by rendering the
 * template around markers, and is used only when rendering it back with the same parts gives the
 * module byte for byte.
 */
function previousTypes(plan: ToolPlan, key: string, previous: PreviousModule | undefined, templates: Templates, config: Config): string | undefined {
  if (!previous || previous.types !== key) return undefined;
  const toolTableRuntime = runtimeSpecifier(config, posix.join(config.out, "tools"), "tool-table");
  const render = (banner: string, types: string, literal: string) => templates["tool-module.ts"](toolModuleView(plan, banner, types, literal, toolTableRuntime));
  const marks = ["\u0000banner\u0000", "\u0000types\u0000", "\u0000literal\u0000"] as const;
  const parts = render(...marks).split(/\u0000(?:banner|types|literal)\u0000/);
  if (parts.length !== 4) return undefined;
  const [head, afterBanner, afterTypes, tail] = parts as [string, string, string, string];
  const { module } = previous;
  if (!module.startsWith(head) || !module.endsWith(tail)) return undefined;
  const bannerEnd = module.indexOf(afterBanner, head.length);
  const typesStart = bannerEnd + afterBanner.length;
  const typesEnd = bannerEnd < 0 ? -1 : module.indexOf(afterTypes, typesStart);
  if (typesEnd < 0 || typesEnd + afterTypes.length > module.length - tail.length) return undefined;
  const types = module.slice(typesStart, typesEnd);
  const again = render(module.slice(head.length, bannerEnd), types, module.slice(typesEnd + afterTypes.length, module.length - tail.length));
  return again === module ? types : undefined;
}

/** Each tool's types request by its type name, in a run: expectedTypesJobs and emitTypes plan a tool once. */
const REQUESTS = memoSlot("the types request of each tool", () => new WeakMap<ResolvedTool, PlannedTypes>());

interface PlannedTypes {
  readonly pascal: string;
  readonly request: TypesRequest;
}

function typesRequest(tool: ResolvedTool, pascal: string, forms: readonly InputForm[], planned: WeakMap<ResolvedTool, PlannedTypes>): TypesRequest {
  const known = planned.get(tool);
  if (known?.pascal === pascal) return known.request;
  const request = planToolTypes(tool.wire.inputSchema!, tool.wire.outputSchema, { pascal }, forms);
  planned.set(tool, { pascal, request });
  return request;
}

/** What identifies a json-schema-to-typescript run: its root name and its schema text. */
export function typesJobKey(job: TypesJob): string {
  return `${job.rootName}\u0000${job.wrapperText}`;
}

function distinctJobs(jobs: readonly TypesJob[]): TypesJob[] {
  const distinct = new Map<string, TypesJob>();
  for (const job of jobs) if (!distinct.has(typesJobKey(job))) distinct.set(typesJobKey(job), { wrapperText: job.wrapperText, rootName: job.rootName });
  return [...distinct.values()];
}

/**
 * The json-schema-to-typescript runs that emitProject will ask for `tools` (resolved tools; `all`:
 * the names of every tool of the project, which decide the type names; `memo`: the run's, which
 * emitProject gets too; `lastKey`: the typesKey the last build recorded for a tool, whose types are
 * then left out), as soon as they are known: a build starts them while it still validates, and
 * emitProject finds them done. The same jobs as emitTypes makes for a tool that is generated afresh.
 */
export function expectedTypesJobs(tools: readonly ResolvedTool[], all: readonly string[], memo: RunMemo, lastKey?: (tool: ResolvedTool) => string | undefined): TypesJob[] {
  const sorted = [...all].sort(compareText);
  const assigned = assignToolNames(sorted, memo);
  const planned = memo.get(REQUESTS);
  const pascal = new Map(sorted.map((name, i) => [name, assigned[i]!.pascal]));
  const requests: TypesJob[] = [];
  const jobHashes = new Map<string, string>();
  for (const tool of tools) {
    const name = pascal.get(String(tool.wire.name));
    if (name === undefined || tool.wire.inputSchema === undefined) continue;
    const request = typesRequest(tool, name, inputForms(tool), planned);
    // The same request as the last build's: its types are most likely in the tool's last module
    // (emitTypes takes them from there, or compiles them then).
    const last = lastKey?.(tool);
    if (last !== undefined && last === typesKey(request, jobHashes)) continue;
    requests.push(request);
  }
  return distinctJobs(requests);
}

function emitToolModule(plan: ToolPlan, types: ToolTypes, templates: Templates, config: Config): GeneratedFile {
  const folder = posix.join(config.out, "tools");
  const toolTableRuntime = runtimeSpecifier(config, folder, "tool-table");
  const contents = templates["tool-module.ts"](toolModuleView(plan, fileBanner(plan.tool.file, plan.hash.sha256), types.code, jsonLiteral(plan.tool.wire), toolTableRuntime));
  return { path: posix.join(folder, `${plan.names.file}.ts`), contents };
}

function toolModuleView(plan: ToolPlan, banner: string, types: string, descriptorLiteral: string, toolTableRuntime: string): object {
  return {
    banner,
    toolTableRuntime,
    types,
    descriptorDoc: docComment(`The tool ${JSON.stringify(plan.name)} exactly as tools/list returns it.`),
    descriptorName: plan.names.descriptor,
    descriptorLiteral,
  };
}

/** A module specifier from one project folder to a project file, always starting with ./ or ../. */
export function moduleFrom(fromDir: string, toFile: string): string {
  return relativeSpecifier(posix.relative(fromDir, toFile).replace(/\.ts$/, ".js"));
}

/** moduleFrom(fromDir, `${toDir}/${file}.ts`) is `${moduleFolder(fromDir, toDir)}/${file}.js` for a file name without separators. */
function moduleFolder(fromDir: string, toDir: string): string {
  const relative = posix.relative(fromDir, toDir);
  return relative === "" ? "." : relativeSpecifier(relative);
}

/** A relative path as a module specifier: `x` (or `.x`, a dot folder) becomes `./x`. */
function relativeSpecifier(relative: string): string {
  return relative === ".." || relative.startsWith("../") || relative.startsWith("./") ? relative : `./${relative}`;
}

/** Text for a line comment: one line, nothing invisible, nothing that ends the comment. */
function commentText(text: string): string {
  return docCommentLines(text).join(" ");
}

/** The aggregates, and each one's layout (see tool-loop.ts). */
interface EmittedAggregates {
  readonly files: readonly GeneratedFile[];
  /** The tools' keys (toolKeys), in plan order. */
  readonly keys: readonly string[];
  readonly layouts: ReadonlyMap<string, AggregateLayout>;
}

function emitAggregates(plans: readonly ToolPlan[], templates: Templates, config: Config, banner: string, setHash: string, last: LastAggregates | undefined): EmittedAggregates {
  const { out, server } = config;
  const target = { ...targetProfile(config.target), ...runtimeView(config) };
  const keys = toolKeys(plans, config);
  const layouts = new Map<string, AggregateLayout>();
  const render = (name: TemplateName, view: (loop: LoopMaker) => object): GeneratedFile => {
    const path = posix.join(out, name);
    const file = last?.files.get(path);
    const rendered = renderAggregate(path, templates[name], view, keys, file ? { file, keys: last!.keys } : undefined);
    if (rendered.layout) layouts.set(path, rendered.layout);
    return rendered.file;
  };
  /** A per-tool loop: `item` is called only for the tools whose item is rendered. */
  const each = (loop: LoopMaker, name: string, item: (plan: ToolPlan) => object) => loop(name, (i) => item(plans[i]!));
  const validatorModules = new Map<string, Set<string>>();
  for (const plan of plans) {
    for (const ref of [plan.inputRef, plan.outputRef, ...plan.forms.map((form) => form.ref)]) {
      if (ref) validatorModules.set(`./${ref.module}`, (validatorModules.get(`./${ref.module}`) ?? new Set()).add(ref.exportName));
    }
  }
  const tools = render("tools.ts", (loop) => ({
    banner,
    toolTableRuntime: runtimeSpecifier(config, out, "tool-table"),
    runtimeRange: config.runtime === "package" ? stringLiteral(RUNTIME_RANGE) : "",
    toolImports: each(loop, "toolImports", (plan) => ({ name: plan.names.descriptor, module: toolModule(plan) })),
    validatorImports: [...validatorModules].sort(([a], [b]) => compareText(a, b)).map(([module, exports]) => ({ module, names: [...exports].sort().join(", ") })),
    entries: each(loop, "entries", (plan) => ({
      nameLiteral: stringLiteral(plan.name),
      descriptorName: plan.names.descriptor,
      validateInput: plan.inputRef.exportName,
      validateOutput: plan.outputRef?.exportName ?? "undefined",
      headersLiteral: jsonLiteral(plan.headers, "    "),
      inputRequestsLiteral: inputRequestsLiteral(plan.forms, "    "),
    })),
    pageSize: String(server.pageSize),
    versionLiteral: stringLiteral(setHash.slice(0, 16)),
  }));
  const dataTypes = (plan: ToolPlan) => [`${plan.names.pascal}Arguments`, ...(plan.hasOutput ? [`${plan.names.pascal}Result`] : [])];
  const typeNames = (plan: ToolPlan) => [...dataTypes(plan), ...(plan.forms.length > 0 ? [`${plan.names.pascal}Inputs`] : []), `${plan.names.pascal}Types`];
  const client = render("client.ts", (loop) => ({
    banner,
    ...target,
    needsContentBlock: plans.some((plan) => !plan.hasOutput),
    typeImports: each(loop, "typeImports", (plan) => ({ names: dataTypes(plan).join(", "), module: toolModule(plan) })),
    pins: each(loop, "pins", pinView),
    methods: each(loop, "methods", (plan) => ({
      doc: docComment(docProse(String(plan.tool.wire.description ?? plan.tool.wire.title ?? `Calls the tool ${plan.name}.`), plan.tool.file), "  "),
      methodName: plan.names.camel,
      argumentsType: `${plan.names.pascal}Arguments`,
      // A tool that takes no argument at all can be called without any: `tools.ping()`.
      argumentsDefault: admitsNoProperty(plan.tool.wire.inputSchema) ? " = {}" : "",
      outputType: plan.hasOutput ? `${plan.names.pascal}Result` : "ContentBlock[]",
      nameLiteral: stringLiteral(plan.name),
    })),
  }));
  const withServer = config.generate === "all";
  const index = render("index.ts", (loop) => ({
    banner,
    withServer,
    typeExports: each(loop, "typeExports", (plan) => ({ names: typeNames(plan).join(", "), module: toolModule(plan) })),
  }));
  const clientFiles = [client, index, tools];
  if (!withServer) return { files: clientFiles, keys, layouts };
  const files = [
    ...clientFiles,
    render("handlers.ts", (loop) => handlersView(config, banner, (name, item) => each(loop, name, item))),
    render("server.ts", (loop) => serverView(config, banner, target, (name, item) => each(loop, name, item))),
    { path: posix.join(out, "testing.ts"), contents: templates["testing.ts"]({ banner, ...target }) },
  ];
  return { files, keys, layouts };
}

/**
 * Each tool's key for its items in the aggregates: a hash of everything they are rendered from (its
 * lock hash, over the whole wire descriptor; its names; its validators' export names; its header
 * parameters and input forms) and of the config values any item shows. An item is taken from the
 * last build's file only under the same key.
 */
function toolKeys(plans: readonly ToolPlan[], config: Config): string[] {
  const context = JSON.stringify([config.out, config.handlers, config.target, config.runtime, config.generate]);
  return plans.map((plan) =>
    sha256Hex(
      JSON.stringify([
        context,
        plan.hash.sha256,
        plan.names,
        plan.inputRef.exportName,
        plan.outputRef?.exportName ?? null,
        plan.headers,
        plan.forms.map((form) => [form.key, form.message, form.requestedSchema, form.ref.exportName]),
      ]),
    ),
  );
}

/** One tool's TOOL_PINS entry in the generated client. */
function pinView(plan: ToolPlan): object {
  const outputSchema = getOwn(plan.tool.wire, "outputSchema");
  // A 2025-era server lists a non-object outputSchema wrapped in { result } (SEP-2106): that form is pinned too.
  const legacy = isJsonObject(outputSchema) && needsLegacyWrap(outputSchema) ? hashTool(legacyDescriptor(plan.tool.wire as JsonObject & { outputSchema: JsonObject }) as JsonObject) : undefined;
  return {
    nameLiteral: stringLiteral(plan.name),
    sha256Literal: stringLiteral(plan.hash.sha256),
    // In TOOL_PARTS order, wherever the hashes came from: a reused tool's are read back from the lock, whose keys are sorted.
    parts: TOOL_PARTS.flatMap((part) => {
      const hash = Object.hasOwn(plan.hash.parts, part) ? plan.hash.parts[part] : undefined;
      return hash === undefined ? [] : [{ key: objectKey(part), hashLiteral: stringLiteral(hash) }];
    }),
    legacy: legacy === undefined ? undefined : { sha256Literal: stringLiteral(legacy.sha256), outputSchemaLiteral: stringLiteral(legacy.parts.outputSchema!) },
  };
}

/**
 * The runtime modules each template imports, through the RUNTIME_VIEW_KEYS it is given
 * (`{{{serverRuntime}}}`...); test/emit/select-runtime.test.ts holds this table to the templates.
 */
export const TEMPLATE_RUNTIME: Readonly<Record<TemplateName, readonly RuntimeModule[]>> = {
  "client.ts": ["client"],
  "handler-stub.ts": [],
  "handlers.ts": [],
  "index.ts": [],
  "server.ts": ["http", "node", "server"],
  "test-scaffold.ts": [],
  "testing.ts": ["testing"],
  "tool-module.ts": ["tool-table"],
  "tools.ts": ["tool-table"],
};

/** The templates whose output lands in the generated folder (scaffolds import the generated folder, never the runtime). */
function generatedTemplates(config: Config): TemplateName[] {
  const client: TemplateName[] = ["client.ts", "index.ts", "tool-module.ts", "tools.ts"];
  return config.generate === "all" ? [...client, "handlers.ts", "server.ts", "testing.ts"] : client;
}

/** The runtime files the generated folder imports: its templates' modules and the validators' (`validatorRuntime`, the union of each module's ValidatorModule.runtime). */
function runtimeEntries(config: Config, validatorRuntime: readonly (keyof ValidatorImports)[]): string[] {
  const modules = new Set<RuntimeModule>(generatedTemplates(config).flatMap((name) => TEMPLATE_RUNTIME[name]));
  for (const key of validatorRuntime) modules.add(key === "messages" ? "validation-messages" : key);
  return [...modules].map((module) => runtimeFile(module, config.target));
}

/** The template values that hold a runtime specifier (`{{{serverRuntime}}}`...), and the module each names. */
export const RUNTIME_VIEW_KEYS: Readonly<Record<string, RuntimeModule>> = {
  toolTableRuntime: "tool-table",
  serverRuntime: "server",
  httpRuntime: "http",
  nodeRuntime: "node",
  clientRuntime: "client",
  testingRuntime: "testing",
};

/** The runtime specifiers of the files in `out` itself, as template values: `clientRuntime`, `serverRuntime`... */
function runtimeView(config: Config): Readonly<Record<string, string>> {
  return Object.fromEntries(Object.entries(RUNTIME_VIEW_KEYS).map(([key, module]) => [key, runtimeSpecifier(config, config.out, module)]));
}

function toolModule(plan: ToolPlan): string {
  return `./tools/${plan.names.file}.js`;
}

/** `target`: the target profile and runtime specifiers every aggregate gets. */
function serverView(config: Config, banner: string, target: object, each: PlanLoop): object {
  const { server } = config;
  return {
    banner,
    ...target,
    typeImports: each("typeImports", (plan) => ({ name: `${plan.names.pascal}Types`, module: toolModule(plan) })),
    tools: each("tools", (plan) => ({ key: typeKey(plan.name), typesName: `${plan.names.pascal}Types` })),
    serverNameLiteral: stringLiteral(server.name),
    serverVersionLiteral: stringLiteral(server.version),
    ttlMs: String(server.ttlMs),
    cacheScopeLiteral: stringLiteral(server.cacheScope),
    maxArgumentDepth: String(server.limits.maxArgumentDepth),
    maxStringLength: String(server.limits.maxStringLength),
    callTimeoutMs: String(server.limits.callTimeoutMs),
    maxRequestBytes: String(server.limits.maxRequestBytes),
  };
}

function handlersView(config: Config, banner: string, each: PlanLoop): object {
  const handlersFolder = moduleFolder(config.out, config.handlers);
  return {
    banner,
    handlersFolder: commentText(config.handlers),
    imports: each("imports", (plan) => ({ key: objectKey(plan.name), exportName: plan.names.camel, module: `${handlersFolder}/${plan.names.file}.js` })),
  };
}

/** A per-tool loop of a view, by name; `item` makes one tool's item. */
type PlanLoop = (name: string, item: (plan: ToolPlan) => object) => ToolLoop;

/** The `inputRequests` member of one tool entry: each form's message, requestedSchema and validator. */
function inputRequestsLiteral(forms: readonly PlannedForm[], indent: string): string {
  if (forms.length === 0) return "{}";
  const inner = `${indent}  `;
  const lines = forms.map((form) =>
    [
      `${inner}${objectKey(form.key)}: {`,
      `${inner}  message: ${stringLiteral(form.message)},`,
      `${inner}  requestedSchema: ${jsonLiteral(form.requestedSchema, `${inner}  `)},`,
      `${inner}  validate: ${form.ref.exportName},`,
      `${inner}},`,
    ].join("\n"),
  );
  return `{\n${lines.join("\n")}\n${indent}}`;
}

/**
 * What the test scaffold's user enters in each form: a value derived from its requestedSchema that
 * the form's own validator accepts (a form with none is left out, and so declined).
 */
function formAnswers(forms: readonly InputForm[], schemas: SchemaCompiler): JsonObject {
  const answers: Record<string, JsonValue> = {};
  for (const form of forms) {
    const answer = schemas.samples(form.requestedSchema, dialectFor(form.requestedSchema)).derived;
    if (answer !== undefined) Object.defineProperty(answers, form.key, { value: answer, enumerable: true, writable: true, configurable: true });
  }
  return answers;
}

function emitScaffolds(plan: ToolPlan, templates: Templates, config: Config, schemas: SchemaCompiler, existing: ReadonlySet<string>): GeneratedFile[] {
  const [stubPath, testPath] = scaffoldPaths(config.handlers, config.tests, plan.names.file);
  if (existing.has(stubPath) && existing.has(testPath)) return [];
  const inputSchema = plan.tool.wire.inputSchema!;
  // Examples and invalid arguments judged by the generated validator itself, as the server will judge
  // them (often on a worker thread).
  const samples = schemas.samples(inputSchema, dialectFor(inputSchema));
  const description = getOwn(plan.tool.wire, "description");
  // Forms from the descriptor itself: a tool whose generated module is reused has no planned forms.
  const forms = inputForms(plan.tool);
  const askKey = forms[0]?.key;
  const stub = templates["handler-stub.ts"]({
    nameComment: commentText(JSON.stringify(plan.name)),
    descriptorFile: commentText(plan.tool.file),
    serverModule: moduleFrom(config.handlers, posix.join(config.out, "server.ts")),
    doc: docComment(typeof description === "string" ? docProse(description, plan.tool.file) : undefined),
    exportName: plan.names.camel,
    nameLiteral: stringLiteral(plan.name),
    returnHint: plan.hasOutput ? `a value matching outputSchema (${plan.names.pascal}Result)` : "text or content blocks",
    askKey: askKey === undefined ? "" : objectKey(askKey),
    askKeyLiteral: askKey === undefined ? "" : stringLiteral(askKey),
    formKeys: commentText(forms.map((form) => JSON.stringify(form.key)).join(", ")),
  });
  const examples = scaffoldExamples(plan.tool.authoring, samples).map((example) => ({
    title: stringLiteral(example.title),
    argumentsLiteral: jsonLiteral(example.arguments, "    "),
    resultLiteral: plan.hasOutput && example.result !== undefined ? jsonLiteral(example.result, "    ") : "",
  }));
  const invalid = samples.invalid;
  const test = templates["test-scaffold.ts"]({
    nameComment: commentText(JSON.stringify(plan.name)),
    descriptorFile: commentText(plan.tool.file),
    testingModule: moduleFrom(config.tests, posix.join(config.out, "testing.ts")),
    nameLiteral: stringLiteral(plan.name),
    methodName: plan.names.camel,
    examples,
    invalidArgumentsLiteral: invalid === undefined ? "" : jsonLiteral(invalid, "    "),
    answersLiteral: forms.length === 0 ? "" : jsonLiteral(formAnswers(forms, schemas), "      "),
    // Imported only when a test uses it: an unused import fails noUnusedLocals.
    usesExpect: invalid !== undefined || examples.some((example) => example.resultLiteral !== ""),
  });
  return [
    { path: stubPath, contents: stub },
    { path: testPath, contents: test },
  ].filter((file) => !existing.has(file.path));
}
