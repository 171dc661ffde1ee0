// ResolvedTool[] + config + templates → every file a build writes: the generated folder (types,
// descriptors, validators, server, client, runtime) and the scaffolds created only when absent
// (handler stubs, tests). Pure: the CLI reads templates and runtime sources and writes the result.
import { posix } from "node:path";
import type { Config } from "../config/config.js";
import { compareText } from "../model/diagnostic.js";
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import type { EmitOutput, GeneratedFile } from "../model/generated-file.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import type { ResolvedTool } from "../model/source.js";
import { hashTool } from "../lock/hash-tool.js";
import { sha256Hex } from "../lock/sha256.js";
import { findHeaderParams } from "../runtime/header-annotations.js";
import type { SchemaCompiler } from "../validate/schema-compiler.js";
import { fileBanner, runtimeBanner } from "./banner.js";
import { invalidArguments, scaffoldExamples } from "./derive-examples.js";
import { emitToolTypes, type InputForm } from "./emit-types.js";
import { emitValidators, type EmittedValidators, type ValidatorRef } from "./emit-validators.js";
import { assignToolNames, type ToolNames } from "./names.js";
import { docComment, docCommentLines, jsonLiteral, objectKey, stringLiteral, typeKey } from "./safe-text.js";
import { selectRuntime } from "./select-runtime.js";
import { targetProfile, type TargetProfile } from "./target-profile.js";
import { compileTemplates, type TemplateSources, type Templates } from "./templates.js";

export interface RuntimeSource {
  /** Path inside src/runtime, e.g. "server-runtime.ts" or "v1/server-runtime.ts". */
  readonly file: string;
  readonly contents: string;
}

export interface EmitInput {
  readonly tools: readonly ResolvedTool[];
  readonly config: Config;
  readonly templates: TemplateSources;
  readonly runtime: readonly RuntimeSource[];
  /** Validators for checking derived scaffold arguments (shared with validation, so cached). */
  readonly schemas: SchemaCompiler;
}

/** Everything known about one tool while emitting. */
interface ToolPlan {
  readonly tool: ResolvedTool;
  readonly name: string;
  readonly names: ToolNames;
  readonly sha256: string;
  readonly hasOutput: boolean;
  readonly inputRef: ValidatorRef;
  readonly outputRef: ValidatorRef | undefined;
  /** x-mcp-gen.inputRequests, sorted by key, each with its validator. */
  readonly forms: readonly PlannedForm[];
}

interface PlannedForm extends InputForm {
  readonly message: string;
  readonly ref: ValidatorRef;
}

/** @example await emitProject({ tools, config, templates, runtime, schemas }) */
export async function emitProject(input: EmitInput): Promise<EmitOutput> {
  const templates = compileTemplates(input.templates);
  const tools = [...input.tools].sort((a, b) => compareText(String(a.wire.name), String(b.wire.name)));
  const names = assignToolNames(tools.map((t) => String(t.wire.name)));
  const validators = emitValidators(tools.flatMap((t) => schemaRequests(t)));
  const plans = planTools(tools, names, validators);
  const setHash = sha256Hex(plans.map((p) => `${p.name}\u0000${p.sha256}`).join("\n"));
  const { out } = input.config;
  const aggregateBanner = fileBanner(`${plans.length} tool descriptor${plans.length === 1 ? "" : "s"}`, setHash);
  const generated: GeneratedFile[] = [];
  for (const plan of plans) generated.push(await emitToolModule(plan, templates, out));
  for (const file of validators.files) generated.push({ path: posix.join(out, file.path), contents: `${aggregateBanner}\n${file.contents}` });
  generated.push(...emitAggregates(plans, templates, input.config, aggregateBanner, setHash));
  // Only the runtime modules this target's generated code reaches (SDK v2 or SDK v1, never both).
  for (const source of selectRuntime(generated, input.runtime, out)) {
    generated.push({ path: posix.join(out, "runtime", source.file), contents: `${runtimeBanner(source.file)}\n${source.contents}` });
  }
  const scaffolds = plans.flatMap((plan) => emitScaffolds(plan, templates, input.config, input.schemas));
  const sort = (files: GeneratedFile[]) => files.sort((a, b) => compareText(a.path, b.path));
  return { generated: sort(generated), scaffolds: sort(scaffolds) };
}

/** Validators one tool needs, in this order: inputSchema, outputSchema, then each form's requestedSchema by key. */
function schemaRequests(tool: ResolvedTool): { schema: JsonValue; dialect: Dialect }[] {
  const requests: { schema: JsonValue; dialect: Dialect }[] = [{ schema: tool.wire.inputSchema!, dialect: dialectFor(tool.wire.inputSchema) }];
  if (tool.wire.outputSchema !== undefined) requests.push({ schema: tool.wire.outputSchema, dialect: dialectFor(tool.wire.outputSchema) });
  for (const form of inputForms(tool)) requests.push({ schema: form.requestedSchema, dialect: dialectFor(form.requestedSchema) });
  return requests;
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

function planTools(tools: readonly ResolvedTool[], names: readonly ToolNames[], validators: EmittedValidators): ToolPlan[] {
  let next = 0;
  return tools.map((tool, i) => {
    const hasOutput = tool.wire.outputSchema !== undefined;
    const inputRef = validators.refs[next++]!;
    const outputRef = hasOutput ? validators.refs[next++]! : undefined;
    const forms = inputForms(tool).map((form) => ({ ...form, ref: validators.refs[next++]! }));
    return { tool, name: String(tool.wire.name), names: names[i]!, sha256: hashTool(tool.wire).sha256, hasOutput, inputRef, outputRef, forms };
  });
}

async function emitToolModule(plan: ToolPlan, templates: Templates, out: string): Promise<GeneratedFile> {
  const types = await emitToolTypes(plan.tool.wire.inputSchema!, plan.tool.wire.outputSchema, { pascal: plan.names.pascal }, plan.forms);
  const contents = templates["tool-module.ts"]({
    banner: fileBanner(plan.tool.file, plan.sha256),
    types: types.code,
    descriptorDoc: docComment(`The tool ${JSON.stringify(plan.name)} exactly as tools/list returns it.`),
    descriptorName: descriptorName(plan),
    descriptorLiteral: jsonLiteral(plan.tool.wire),
  });
  return { path: posix.join(out, "tools", `${plan.names.file}.ts`), contents };
}

function descriptorName(plan: ToolPlan): string {
  return `${plan.names.camel.replace(/_$/, "")}Tool`;
}

/** A module specifier from one project folder to a project file, always starting with ./ or ../. */
export function moduleFrom(fromDir: string, toFile: string): string {
  const relative = posix.relative(fromDir, toFile).replace(/\.ts$/, ".js");
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** Text for a line comment: one line, nothing invisible, nothing that ends the comment. */
function commentText(text: string): string {
  return docCommentLines(text).join(" ");
}

function emitAggregates(plans: readonly ToolPlan[], templates: Templates, config: Config, banner: string, setHash: string): GeneratedFile[] {
  const { out, server } = config;
  const target = targetProfile(config.target);
  const toolModule = (plan: ToolPlan) => `./tools/${plan.names.file}.js`;
  const validatorModules = new Map<string, Set<string>>();
  for (const plan of plans) {
    for (const ref of [plan.inputRef, plan.outputRef, ...plan.forms.map((form) => form.ref)]) {
      if (ref) validatorModules.set(`./${ref.module}`, (validatorModules.get(`./${ref.module}`) ?? new Set()).add(ref.exportName));
    }
  }
  const tools = templates["tools.ts"]({
    banner,
    toolImports: plans.map((plan) => ({ name: descriptorName(plan), module: toolModule(plan) })),
    validatorImports: [...validatorModules].sort(([a], [b]) => compareText(a, b)).map(([module, exports]) => ({ module, names: [...exports].sort().join(", ") })),
    entries: plans.map((plan) => ({
      nameLiteral: stringLiteral(plan.name),
      descriptorName: descriptorName(plan),
      validateInput: plan.inputRef.exportName,
      validateOutput: plan.outputRef?.exportName ?? "undefined",
      headersLiteral: jsonLiteral(findHeaderParams(plan.tool.wire.inputSchema).params, "    "),
      inputRequestsLiteral: inputRequestsLiteral(plan.forms, "    "),
    })),
    pageSize: String(server.pageSize),
    versionLiteral: stringLiteral(setHash.slice(0, 16)),
  });
  const serverFile = templates["server.ts"]({
    banner,
    ...target,
    typeImports: plans.map((plan) => ({ name: `${plan.names.pascal}Types`, module: toolModule(plan) })),
    tools: plans.map((plan) => ({ key: typeKey(plan.name), typesName: `${plan.names.pascal}Types` })),
    serverNameLiteral: stringLiteral(server.name),
    serverVersionLiteral: stringLiteral(server.version),
    ttlMs: String(server.ttlMs),
    cacheScopeLiteral: stringLiteral(server.cacheScope),
    maxArgumentDepth: String(server.limits.maxArgumentDepth),
    maxStringLength: String(server.limits.maxStringLength),
    callTimeoutMs: String(server.limits.callTimeoutMs),
    maxRequestBytes: String(server.limits.maxRequestBytes),
  });
  const handlers = templates["handlers.ts"]({
    banner,
    handlersFolder: commentText(config.handlers),
    imports: plans.map((plan) => ({ key: typeKey(plan.name), exportName: plan.names.camel, module: moduleFrom(out, posix.join(config.handlers, `${plan.names.file}.ts`)) })),
  });
  const dataTypes = (plan: ToolPlan) => [`${plan.names.pascal}Arguments`, ...(plan.hasOutput ? [`${plan.names.pascal}Result`] : [])];
  const typeNames = (plan: ToolPlan) => [...dataTypes(plan), ...(plan.forms.length > 0 ? [`${plan.names.pascal}Inputs`] : []), `${plan.names.pascal}Types`];
  const client = templates["client.ts"]({
    banner,
    ...target,
    needsContentBlock: plans.some((plan) => !plan.hasOutput),
    typeImports: plans.map((plan) => ({ names: dataTypes(plan).join(", "), module: toolModule(plan) })),
    methods: plans.map((plan) => ({
      doc: docComment(String(plan.tool.wire.description ?? plan.tool.wire.title ?? `Calls the tool ${plan.name}.`), "  "),
      methodName: plan.names.camel,
      argumentsType: `${plan.names.pascal}Arguments`,
      outputType: plan.hasOutput ? `${plan.names.pascal}Result` : "ContentBlock[]",
      nameLiteral: stringLiteral(plan.name),
    })),
  });
  const index = templates["index.ts"]({
    banner,
    typeExports: plans.map((plan) => ({ names: typeNames(plan).join(", "), module: toolModule(plan) })),
  });
  return [
    { path: posix.join(out, "client.ts"), contents: client },
    { path: posix.join(out, "handlers.ts"), contents: handlers },
    { path: posix.join(out, "index.ts"), contents: index },
    { path: posix.join(out, "server.ts"), contents: serverFile },
    { path: posix.join(out, "testing.ts"), contents: templates["testing.ts"]({ banner, ...target }) },
    { path: posix.join(out, "tools.ts"), contents: tools },
  ];
}

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

function emitScaffolds(plan: ToolPlan, templates: Templates, config: Config, schemas: SchemaCompiler): GeneratedFile[] {
  const inputSchema = plan.tool.wire.inputSchema!;
  const validator = schemas.validator(inputSchema, dialectFor(inputSchema));
  const validate = (value: unknown) => validator?.(value) === true;
  const description = getOwn(plan.tool.wire, "description");
  const stub = templates["handler-stub.ts"]({
    nameComment: commentText(JSON.stringify(plan.name)),
    descriptorFile: commentText(plan.tool.file),
    serverModule: moduleFrom(config.handlers, posix.join(config.out, "server.ts")),
    doc: docComment(typeof description === "string" ? description : undefined),
    exportName: plan.names.camel,
    nameLiteral: stringLiteral(plan.name),
    returnHint: plan.hasOutput ? `a value matching outputSchema (${plan.names.pascal}Result)` : "text or content blocks",
  });
  const examples = scaffoldExamples(plan.tool.authoring, inputSchema, validate);
  const invalid = validator === undefined ? undefined : invalidArguments(inputSchema, validate);
  const test = templates["test-scaffold.ts"]({
    nameComment: commentText(JSON.stringify(plan.name)),
    descriptorFile: commentText(plan.tool.file),
    testingModule: moduleFrom(config.tests, posix.join(config.out, "testing.ts")),
    nameLiteral: stringLiteral(plan.name),
    methodName: plan.names.camel,
    examples: examples.map((example) => ({
      title: stringLiteral(example.title),
      argumentsLiteral: jsonLiteral(example.arguments, "    "),
      resultLiteral: plan.hasOutput && example.result !== undefined ? jsonLiteral(example.result, "    ") : "",
    })),
    invalidArgumentsLiteral: invalid === undefined ? "" : jsonLiteral(invalid, "    "),
  });
  return [
    { path: posix.join(config.handlers, `${plan.names.file}.ts`), contents: stub },
    { path: posix.join(config.tests, `${plan.names.file}.test.ts`), contents: test },
  ];
}
