// `mcp-gen build` with the pattern shapes real servers publish (issue 23): zod's e-mail pattern
// (lookaheads after ^: split into re2js matches) and a comma list of fields that forbids a repeat
// (a back-reference: certified by the ReDoS checker, run on RegExp) build, and their generated
// validators decide as RegExp does; an exponential lookaround pattern is refused with its attack
// string, except in a generate: client project, whose validator leaves that keyword out.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { STRICT_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig } from "../support/typescript-compilers.js";

const ZOD_EMAIL = "^(?!\\.)(?!.*\\.\\.)([A-Za-z0-9_'+\\-\\.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
const FIELD_LIST = "^(?!.*\\b(id|name|email|created_at)\\b.*\\b\\1\\b)(?:id|name|email|created_at)(?:,(?:id|name|email|created_at))*$";
const EXPONENTIAL = "^(\\w+\\s?)*(?<!\\s)$";

function project(patterns: Record<string, string>, config = "", cache = true): string {
  const properties = Object.fromEntries(Object.entries(patterns).map(([name, pattern]) => [name, { type: "string", pattern }]));
  return tempProject({
    ...(cache ? { "node_modules/.keep": "" } : {}),
    "package.json": '{ "name": "x", "version": "1.0.0", "type": "module" }',
    "mcp-gen.config.yaml": `tools: [tools/*.json]\n${config}`,
    "tools/t.json": JSON.stringify({ name: "t", description: "T.", inputSchema: { type: "object", properties } }),
  });
}

/** The text of every generated validators module. */
function validatorsText(root: string): string {
  const folder = join(root, "src", "generated", "validators");
  return readdirSync(folder)
    .map((file) => readFileSync(join(folder, file), "utf8"))
    .join("\n");
}

describe("build with lookaround and back-reference patterns", () => {
  it("builds zod's e-mail pattern as re2js parts and the field list on RegExp once certified", async () => {
    // No node_modules of its own (so no verdict cache): writeTsconfig links the repository's.
    const root = project({ to: ZOD_EMAIL, fields: FIELD_LIST }, "", false);
    const run = await runInProcess(root, ["build"]);
    expect(run.stderr + run.stdout).not.toMatch(/schema-pattern|schema-valid/);
    expect(run.code).toBe(0);
    const text = validatorsText(root);
    expect(text).toContain(', { not: ["^(?:\\\\.)", "^(?:');
    expect(text).toContain(`__rt.certifiedPattern(${JSON.stringify(FIELD_LIST)})`);
    // The generated code compiles under each TypeScript the project supports.
    const tsconfig = writeTsconfig(root, "tsconfig.check.json", { ...STRICT_OPTIONS, noEmit: true }, ["src/generated/**/*.ts"]);
    for (const compiler of TYPESCRIPT_COMPILERS) expect((await typeCheck(compiler, tsconfig)).errors, compiler.packageName).toEqual([]);
  }, 180_000);

  it("refuses an exponential lookaround pattern, naming its attack string", async () => {
    const run = await runInProcess(project({ title: EXPONENTIAL }), ["build"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("error schema-pattern-bounded-time");
    expect(run.stdout).toContain("hint: Attack string: '0' + '0'.repeat(31) + '\\x00'.");
  }, 120_000);

  it("warns in a generate: client project, whose validator leaves the keyword out", async () => {
    const root = project({ title: EXPONENTIAL, to: ZOD_EMAIL }, "generate: client\n");
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("warning schema-pattern-bounded-time");
    expect(run.stdout).toContain("leaves this pattern out and does not check it");
    const text = validatorsText(root);
    expect(text).not.toContain("(?<!");
    expect(text).toContain(', { not: ["^(?:\\\\.)", "^(?:');
  }, 120_000);
});
