// Descriptor text never runs inside mcp-gen (issue 14, item 1). Payloads that break out of a
// comment, a string, a template literal, a line or a Handlebars expression are put in every string
// position of a schema and of a tool; `validate`, `build` and `check --full` run on them (in this
// process, and once as the installed command with worker threads), and then the generated validators
// run. Each payload's code would write a canary file and set a global: neither may ever appear.
// On bc5300c the `$id` payloads wrote the canary in all three commands.
import { existsSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess, tempProject, type CliRun } from "../support/temp-project.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const CANARY_DIR = tempProject({});
const CANARY = join(CANARY_DIR, "CANARY");
const FLAG = "__mcpGenCanary";

/**
 * The code every payload tries to run: a file and a global flag, so that any process or thread shows
 * it. Single quotes and no backslash, so that JSON escaping (ajv writes texts as JSON) leaves it whole.
 */
const CODE = `(globalThis.${FLAG}=1,process.getBuiltinModule('fs').writeFileSync('${CANARY}','ran'))`;

/** Ways out of the place where a text lands in generated or evaluated code, each around CODE. */
const PAYLOADS: Readonly<Record<string, string>> = {
  "comment, closing the function": `*/}, ${CODE}, function(){/*`,
  comment: `*/ ${CODE}; /*`,
  "double-quoted string": `"; ${CODE}; "`,
  "single-quoted string": `'; ${CODE}; '`,
  "string concatenation": `" + ${CODE} + '`,
  "template literal": `\`; ${CODE}; \` \${${CODE}}`,
  "line break": `\n${CODE}; //`,
  "line separator": `\u2028${CODE}; //\u2029${CODE}`,
  "escaped quote": `\\"; ${CODE}; //`,
  handlebars: `{{${CODE}}} {{{${CODE}}}} }}{{${CODE}`,
  script: `</script><script>${CODE}</script><!--`,
};

/** `text` as a regular expression that matches it literally (the comment-closing characters stay in it). */
function literalPattern(text: string): string {
  return text
    .replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")
    .replace(/\n/g, "\\n")
    .replace(/\r/g, "\\r")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** A JSON Pointer fragment naming `$defs/<name>`, percent-encoded as a `$ref` value needs. */
function defsRef(name: string): string {
  return `#/$defs/${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
}

/** One tool per string position of a schema and of a tool, each holding `text` there. */
function toolsWith(text: string): Record<string, unknown>[] {
  const q = { type: "string" };
  const object = (schema: Record<string, unknown>) => ({ type: "object", properties: { q }, ...schema });
  const schemas: Record<string, Record<string, unknown>> = {
    "root-id": object({ $id: `https://e.example/${text}` }),
    "root-id-raw": object({ $id: text }),
    "nested-id": object({ properties: { q: { $id: `https://e.example/n/${text}`, type: "string" } } }),
    "defs-id": object({ $defs: { d: { $id: `https://e.example/d/${text}`, type: "string" } }, properties: { q: { $ref: `https://e.example/d/${text}` } } }),
    anchor: object({ properties: { q: { $anchor: text, type: "string" } } }),
    "dynamic-anchor": object({ $dynamicAnchor: text }),
    comment: object({ $comment: text, properties: { q: { $comment: text, type: "string" } } }),
    "property-name": { type: "object", properties: { [text]: { type: "string" } }, required: [text], additionalProperties: false },
    "defs-name": object({ $defs: { [text]: { type: "string", minLength: 1 } }, properties: { q: { $ref: defsRef(text) } } }),
    pattern: object({ properties: { q: { type: "string", pattern: literalPattern(text) } } }),
    "pattern-properties": { type: "object", patternProperties: { [literalPattern(text)]: { type: "string" } } },
    format: object({ properties: { q: { type: "string", format: text } } }),
    enum: object({ properties: { q: { enum: [text, "plain"] } } }),
    const: object({ properties: { q: { const: text } } }),
    "default-examples": object({ properties: { q: { type: "string", default: text, examples: [text] } } }),
    "title-description": object({ title: text, description: text, properties: { q: { type: "string", title: text, description: text } } }),
    "dependent-required": { type: "object", properties: { q, [text]: q }, dependentRequired: { q: [text] } },
    "property-names": object({ propertyNames: { not: { const: text } } }),
    contains: object({ properties: { q: { type: "array", contains: { const: text } } } }),
  };
  const tools: Record<string, unknown>[] = Object.entries(schemas).map(([position, inputSchema]) => ({
    name: `in_${position.replace(/-/g, "_")}`,
    description: "A tool with hostile text in its schema.",
    inputSchema,
    outputSchema: inputSchema,
  }));
  tools.push({
    name: "tool_texts",
    title: text,
    description: text,
    inputSchema: { type: "object", properties: { q } },
    annotations: { title: text },
    _meta: { [`example.com/${text}`]: text },
    "x-mcp-gen": { examples: [{ arguments: { q: text } }] },
  });
  return tools;
}

function projectFiles(tools: readonly Record<string, unknown>[]): Record<string, string> {
  return Object.fromEntries(tools.map((tool) => [`tools/${String(tool.name)}.json`, JSON.stringify(tool, null, 2)]));
}

function expectNothingRan(run: CliRun, what: string): void {
  expect(existsSync(CANARY), `${what}: the canary file exists`).toBe(false);
  expect((globalThis as Record<string, unknown>)[FLAG], `${what}: the canary flag is set`).toBeUndefined();
  expect(run.code, `${what}: exit code (stdout: ${run.stdout.slice(0, 400)}, stderr: ${run.stderr.slice(0, 400)})`).not.toBe(70);
  expect(run.stdout + run.stderr, what).not.toMatch(/internal error/);
}

/** The files of `tools` whose descriptors validate with no error. */
function validFiles(run: CliRun, tools: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const report = JSON.parse(run.stdout) as { diagnostics: { file: string; severity: string }[] };
  const failing = new Set(report.diagnostics.filter((d) => d.severity === "error").map((d) => d.file));
  return tools.filter((tool) => !failing.has(`tools/${String(tool.name)}.json`));
}

afterEach(() => {
  rmSync(CANARY, { force: true });
  delete (globalThis as Record<string, unknown>)[FLAG];
});

describe("descriptor text never runs inside mcp-gen", () => {
  for (const [kind, text] of Object.entries(PAYLOADS)) {
    it(`a ${kind} payload in every string position: validate, build, check --full, then the generated validators`, async () => {
      const tools = toolsWith(text);
      const all = tempProject(projectFiles(tools));
      const validated = await runInProcess(all, ["validate", "--format", "json"]);
      expectNothingRan(validated, "validate");
      // The tools that validate are built and checked; the others (a `$anchor` must be a name, for
      // instance) stop at validation, which compiled nothing of theirs that could run.
      const valid = validFiles(validated, tools);
      expect(valid.map((tool) => tool.name)).toContain("in_root_id");
      expect(valid.map((tool) => tool.name)).toContain("in_property_name");
      const root = tempProject(projectFiles(valid));
      const built = await runInProcess(root, ["build"]);
      expectNothingRan(built, "build");
      expect(built.code, built.stdout).toBe(0);
      const checked = await runInProcess(root, ["check", "--full"]);
      expectNothingRan(checked, "check --full");
      expect(checked.code, checked.stdout).toBe(0);
      // The generated validators, loaded and run on the payload itself and on plain data; they import
      // @mcp-gen/runtime, installed as the repository's node_modules (linked only now, so that the
      // commands above kept their caches out of it).
      symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
      const folder = join(root, "src", "generated", "validators");
      for (const file of readdirSync(folder).filter((name) => name.endsWith(".ts"))) {
        const module = (await import(pathToFileURL(join(folder, file)).href)) as Record<string, unknown>;
        for (const validate of Object.values(module)) {
          if (typeof validate !== "function") continue;
          for (const data of [{ q: text }, { [text]: text }, { q: [text] }, text]) (validate as (data: unknown) => boolean)(data);
        }
      }
      expectNothingRan({ code: 0, stdout: "", stderr: "" }, "the generated validators");
    });
  }

  it("property: random mixes of breakers around the code, in a random position, never run", async () => {
    const breakers = ["*/", "/*", "//", '"', "'", "`", "${", "}", ")", "(", "{{", "}}", "\n", "\u2028", "\\", ";", ",", "</script>", "#", "~1"];
    const piece = fc.oneof(fc.constantFrom(...breakers), fc.string({ maxLength: 4 }));
    const payload = fc.tuple(fc.array(piece, { maxLength: 6 }), fc.array(piece, { maxLength: 6 })).map(([before, after]) => `${before.join("")}${CODE}${after.join("")}`);
    const positions = toolsWith("x").length;
    await fc.assert(
      fc.asyncProperty(payload, fc.nat(positions - 1), async (text, position) => {
        const tool = toolsWith(text)[position]!;
        const root = tempProject(projectFiles([tool]));
        for (const args of [["validate"], ["build"], ["check", "--full"]]) expectNothingRan(await runInProcess(root, args), args.join(" "));
      }),
      // The seed is the run's (PROPERTY_SEED, test/support/property-seed.ts): fixed in `npm test`.
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 30) },
    );
  });

  it("the installed command with worker threads: every payload in one project", () => {
    const tools = Object.values(PAYLOADS).flatMap((text, i) => toolsWith(text).map((tool) => ({ ...tool, name: `${String(tool.name)}_${i}` })));
    const root = tempProject(projectFiles(tools));
    const bin = join(REPO_ROOT, "bin", "mcp-gen.js");
    for (const args of [["validate"], ["build"], ["check", "--full"]]) {
      const run = spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: "utf8", env: { ...process.env, MCP_GEN_WORKERS: "2" } });
      expectNothingRan({ code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr }, args.join(" "));
    }
  });
});
