// emitProject alone (pure: tools in, files out): the names modules import are the names other modules
// declare (json-schema-to-typescript renames titles its own way), identifiers never collide, the
// derived scaffold tests only send what tools/call can carry, inputs are never mutated, and output is
// sorted, bannered and split into generated files and scaffolds.
import { describe, expect, it } from "vitest";
import { readRuntimeSources, readTemplates } from "../../src/cli/package-files.js";
import { loadConfig } from "../../src/config/load-config.js";
import { emitProject } from "../../src/emit/emit-project.js";
import type { EmitOutput } from "../../src/model/generated-file.js";
import type { ResolvedTool } from "../../src/model/source.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { analyzeTools } from "../support/project-from-tools.js";

const config = loadConfig(undefined, ALL_RULES, {}).value!;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<string | symbol, unknown>)[key]);
  }
  return value;
}

async function emit(wireTools: readonly object[]): Promise<{ output: EmitOutput; tools: readonly ResolvedTool[] }> {
  const { analysis } = analyzeTools(wireTools);
  expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  const tools = deepFreeze(analysis.tools);
  const output = await emitProject({ tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas });
  return { output, tools };
}

const tool = (name: string, extra: object = {}) => ({
  name,
  description: `The ${name} tool.`,
  inputSchema: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
  ...extra,
});
const withOutput = { outputSchema: { type: "object", properties: { ok: { type: "boolean" } } } };

/** Names that json-schema-to-typescript would spell differently, and names that clash when mapped. */
const AWKWARD = [
  tool("2fa_reset", withOutput), // leading digit, a letter after a digit: T2FaReset
  tool("x_9lives"),
  tool("orgs_defi_b15b18", withOutput), // a hash-like tail, as in the GitHub corpus
  tool("get_user"),
  tool("get-user", withOutput), // clash: both get a suffix
  tool("getUser"),
  tool("GetUser", withOutput), // both written as identifiers already: both get a suffix
  tool("class"),
  tool("delete", withOutput), // reserved words
];

/** `import type { A, B } from "./tools/x.js"` and `export type { … } from` lines → module → names. */
function typeImports(text: string): [string, string[]][] {
  return [...text.matchAll(/^(?:import|export) type \{ ([^}]+) \} from "\.\/tools\/([^"]+)\.js";$/gm)].map((m) => [m[2]!, m[1]!.split(", ")]);
}

describe("emitProject", () => {
  it("imports, in server, client and index, exactly the type names each tool module declares", async () => {
    const { output } = await emit(AWKWARD);
    const files = new Map(output.generated.map((f) => [f.path, f.contents]));
    let checked = 0;
    for (const aggregate of ["src/generated/server.ts", "src/generated/client.ts", "src/generated/index.ts"]) {
      for (const [module, names] of typeImports(files.get(aggregate)!)) {
        const declared = files.get(`src/generated/tools/${module}.ts`);
        expect(declared, `${aggregate} imports from tools/${module}.ts`).toBeDefined();
        for (const name of names) {
          expect(declared, `${aggregate}: tools/${module}.ts declares ${name}`).toMatch(new RegExp(`^export (interface|type) ${name}\\b`, "m"));
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(3 * AWKWARD.length);
    expect(files.get("src/generated/tools/2fa_reset.ts")).toMatch(/^export interface T2FaResetResult \{/m);
  });

  it("gives every tool its own type names, method names and files", async () => {
    const { output } = await emit(AWKWARD);
    const server = output.generated.find((f) => f.path === "src/generated/server.ts")!.contents;
    const typesNames = [...server.matchAll(/^ {2}(?:"[^"]+"|\w+): (\w+);$/gm)].map((m) => m[1]!);
    expect(typesNames).toHaveLength(AWKWARD.length);
    expect(new Set(typesNames.map((n) => n.toLowerCase())).size).toBe(AWKWARD.length);
    const client = output.generated.find((f) => f.path === "src/generated/client.ts")!.contents;
    const methods = [...client.matchAll(/^ {2}(\w+)\(args: /gm)].map((m) => m[1]!);
    expect(methods).toHaveLength(AWKWARD.length);
    expect(new Set(methods).size).toBe(AWKWARD.length);
    expect(methods).toContain("class_");
    expect(methods).toContain("delete_");
    const modules = output.generated.filter((f) => f.path.startsWith("src/generated/tools/")).map((f) => f.path.toLowerCase());
    expect(new Set(modules).size).toBe(AWKWARD.length);
  });

  it("exports each handler under the name handlers.ts imports", async () => {
    const { output } = await emit(AWKWARD);
    const handlers = output.generated.find((f) => f.path === "src/generated/handlers.ts")!.contents;
    const imports = [...handlers.matchAll(/^import \{ (\w+) \} from "\.\.\/handlers\/([^"]+)\.js";$/gm)];
    expect(imports).toHaveLength(AWKWARD.length);
    for (const [, exportName, file] of imports) {
      const stub = output.scaffolds.find((f) => f.path === `src/handlers/${file}.ts`);
      expect(stub?.contents, file).toContain(`export const ${exportName}: ToolHandlers[`);
    }
  });

  it("makes every tool's handler an own member of handlers, __proto__ included", async () => {
    const names = ["__proto__", "constructor", "toString", "plain"];
    const { output } = await emit(names.map((name) => tool(name)));
    const text = output.generated.find((f) => f.path === "src/generated/handlers.ts")!.contents;
    const bindings = [...text.matchAll(/^import \{ (\w+) \} from/gm)].map((m) => m[1]!);
    const literal = /^export const handlers: ToolHandlers = (\{[\s\S]*?^\});$/m.exec(text)![1]!;
    // The object literal as JavaScript runs it, each handler a distinct function.
    const handlers = new Function(...bindings, `return ${literal};`)(...bindings.map((name) => () => name)) as Record<string, () => string>;
    for (const name of names) {
      expect(Object.hasOwn(handlers, name), name).toBe(true);
      expect(bindings).toContain(handlers[name]!());
    }
    expect(Object.getPrototypeOf(handlers)).toBe(Object.prototype);
  });

  it("types a schema whose root $ref points into its own definitions, as zod-to-json-schema names a root", async () => {
    const args = { type: "object", properties: { q: { type: "string" } }, required: ["q"] };
    const { output } = await emit([
      tool("named_args", { inputSchema: { type: "object", $ref: "#/$defs/Args", $defs: { Args: args } } }),
      tool("named_result", { outputSchema: { $schema: "http://json-schema.org/draft-07/schema#", $ref: "#/definitions/Rows", definitions: { Rows: { type: "array", items: { type: "string" } } } } }),
    ]);
    const module = (name: string) => output.generated.find((f) => f.path === `src/generated/tools/${name}.ts`)!.contents;
    expect(module("named_args")).toContain("export type NamedArgsArguments = Args;");
    expect(module("named_args")).toMatch(/export interface Args \{\n {2}q: string;/);
    expect(module("named_result")).toContain("export type NamedResultResult = Rows;\nexport type Rows = string[];");
  });

  it("derives invalid arguments only as objects: a schema that accepts every object gets a todo", async () => {
    const open = { name: "open", description: "Takes anything.", inputSchema: { type: "object" } };
    const closed = { name: "closed", description: "Takes nothing.", inputSchema: { type: "object", additionalProperties: false } };
    const { output } = await emit([open, closed, tool("needs_id")]);
    const test = (name: string) => output.scaffolds.find((f) => f.path === `test/tools/${name}.test.ts`)!.contents;
    // tools/call arguments must be an object: the SDK refuses anything else before the schema is asked.
    expect(test("open")).not.toMatch(/arguments: (\[|")/);
    expect(test("open")).toContain('it.todo("rejects arguments that break inputSchema (inputSchema accepts every object)");');
    expect(test("closed")).toContain("arguments: { mcp_gen_unexpected_argument: true }");
    expect(test("needs_id")).toContain('session.client.callTool({ name: "needs_id", arguments: {} })');
  });

  it("keeps a tool's own type names when titles and $defs deep in inputSchema would take them first", async () => {
    const report = tool("report", {
      inputSchema: {
        type: "object",
        $defs: { ReportInputs: { type: "object", properties: { n: { type: "integer" } } } },
        properties: { layout: { title: "ReportResult", type: "string" }, form: { title: "Report confirm input", type: "string" }, list: { $ref: "#/$defs/ReportInputs" } },
      },
      ...withOutput,
      "x-mcp-gen": { inputRequests: { confirm: { message: "Sure?", requestedSchema: { type: "object", properties: { ok: { type: "boolean" } } } } } },
    });
    const { output } = await emit([report]);
    const module = output.generated.find((f) => f.path === "src/generated/tools/report.ts")!.contents;
    expect(module).toContain("export interface ReportTypes {\n  arguments: ReportArguments;\n  result: ReportResult;\n  inputs: ReportInputs;\n}");
    expect(module).toMatch(/^export interface ReportInputs \{\n {2}confirm: ReportConfirmInput;\n/m);
    expect(module).toMatch(/^export interface ReportResult \{\n {2}ok\?: boolean;\n/m);
    // The schema's own names are numbered, as json-schema-to-typescript numbers any taken name.
    expect(module).toMatch(/^ {2}layout\?: ReportResult1;\n {2}form\?: ReportConfirmInput1;\n {2}list\?: ReportInputs1;\n/m);
  });

  it("keeps a tool's own type names for schemas json-schema-to-typescript reads as more than one type", async () => {
    // properties and allOf: the library names an intersection it makes of the schema, not the schema.
    const both = { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, allOf: [{ anyOf: [{ required: ["a"] }, { required: ["b"] }] }] };
    const { output } = await emit([tool("either", { inputSchema: both, outputSchema: both })]);
    const module = output.generated.find((f) => f.path === "src/generated/tools/either.ts")!.contents;
    expect(module).toContain("export interface EitherTypes {\n  arguments: EitherArguments;\n  result: EitherResult;\n}");
    expect(module).toMatch(/^export type EitherArguments = /m);
    expect(module).toMatch(/^export type EitherResult = /m);
  });

  it("never mutates its (deep-frozen) input and gives the same bytes twice", async () => {
    const { output, tools } = await emit(AWKWARD);
    const again = await emitProject({ tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analyzeTools(AWKWARD).analysis.schemas });
    expect(again).toEqual(output);
  });

  it("writes generated files under out, each with the banner, and scaffolds under handlers and tests", async () => {
    const { output } = await emit([tool("one"), tool("two", withOutput)]);
    const paths = output.generated.map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    for (const file of output.generated) {
      expect(file.path.startsWith(`${config.out}/`), file.path).toBe(true);
      expect(file.contents, file.path).toMatch(/^\/\/ (Generated|Copied) by mcp-gen .*\n\/\/ Do not edit: `mcp-gen build` rewrites this file/);
    }
    expect(output.scaffolds.map((f) => f.path)).toEqual(["src/handlers/one.ts", "src/handlers/two.ts", "test/tools/one.test.ts", "test/tools/two.test.ts"]);
    for (const file of output.scaffolds) expect(file.contents).toContain("this file is yours: mcp-gen never overwrites it");
  });
});

describe("precompiled templates", () => {
  it("render exactly what the same templates compiled now render", async () => {
    const { analysis } = analyzeTools([tool("get_user", withOutput), tool("list-repos"), tool("delete", { annotations: { destructiveHint: true } })]);
    const templates = await readTemplates();
    // A comment changes each source's hash but not what it renders: these are compiled now.
    const changed = Object.fromEntries(Object.entries(templates).map(([name, source]) => [name, `{{!-- compiled now --}}${source}`])) as typeof templates;
    const withRuntime = async (sources: typeof templates) => emitProject({ tools: analysis.tools, config, templates: sources, runtime: await readRuntimeSources(), schemas: analysis.schemas });
    const precompiled = await withRuntime(templates);
    const compiledNow = await withRuntime(changed);
    expect(compiledNow).toEqual(precompiled);
    expect(precompiled.generated.length).toBeGreaterThan(5);
    expect(precompiled.scaffolds.length).toBe(6);
  });
});

describe("moduleFrom", () => {
  it("gives relative specifiers, a dot folder included", async () => {
    const { moduleFrom } = await import("../../src/emit/emit-project.js");
    expect(moduleFrom("src/generated", "src/handlers/a.ts")).toBe("../handlers/a.js");
    expect(moduleFrom("src/generated", "src/generated/tools/a.ts")).toBe("./tools/a.js");
    expect(moduleFrom("src/generated", "src/generated/.hidden/a.ts")).toBe("./.hidden/a.js");
    expect(moduleFrom("src", "src/..a.ts")).toBe("./..a.js");
  });
});
