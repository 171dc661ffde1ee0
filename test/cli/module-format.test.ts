// The common new-project setup (issue 23.4): `npm init -y` (CommonJS) and `tsc --init` from
// TypeScript 5.9 (verbatimModuleSyntax, module nodenext). tsc refuses the generated ES modules there
// (TS1295, TS1287); `build` says so first, at the option, with the one setting to change, and either
// change makes the project compile under TypeScript 5.9, 6.0 and 7.0. An ES module project with the
// same tsconfig gets no finding and the same generated files.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { moduleFormatFindings } from "../../src/cli/module-format.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { TYPESCRIPT_COMPILERS, typeCheck } from "../support/typescript-compilers.js";

const TSC_59 = join(REPO_ROOT, "node_modules", "typescript-5.9", "bin", "tsc");
const TOOL = { name: "greet", description: "Greets someone by name.", inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] } };

/** A project as `npm init -y` and TypeScript 5.9's `tsc --init` leave it, with one tool. */
function newProject(): string {
  const root = tempProject({ "tools/greet.json": JSON.stringify(TOOL, null, 2) });
  execFileSync("npm", ["init", "-y"], { cwd: root, stdio: "pipe", env: { ...process.env, npm_config_init_module: "", npm_config_yes: "true" } });
  execFileSync(process.execPath, [TSC_59, "--init"], { cwd: root, stdio: "pipe" });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  return root;
}

function withPackage(root: string, edit: (manifest: Record<string, unknown>) => void): void {
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;
  edit(manifest);
  writeFileSync(join(root, "package.json"), JSON.stringify(manifest, null, 2));
}

/** The generated folder, path → text. */
function generated(root: string): Map<string, string> {
  const folder = join(root, "src", "generated");
  return new Map(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [join(entry.parentPath, entry.name).slice(folder.length), readFileSync(join(entry.parentPath, entry.name), "utf8")]),
  );
}

async function errorsUnder(root: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const compiler of TYPESCRIPT_COMPILERS) out[compiler.version] = [...(await typeCheck(compiler, join(root, "tsconfig.json"))).errors];
  return out;
}

describe("npm init -y with tsc --init (TypeScript 5.9)", () => {
  it("build warns at verbatimModuleSyntax, naming the setting to change, and the project compiles after either change", async () => {
    const root = newProject();
    const tsconfig = readFileSync(join(root, "tsconfig.json"), "utf8");
    expect(tsconfig).toMatch(/"verbatimModuleSyntax": true/);
    expect(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).type ?? "commonjs").toBe("commonjs");

    const build = await runInProcess(root, ["build", "--format", "json"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    type Finding = { ruleId: string; file: string; line: number; severity: string; message: string; hint: string };
    // npm init -y declares no dependency: runtime-missing is reported too, as in any such project.
    const findings = (JSON.parse(build.stdout) as { diagnostics: Finding[] }).diagnostics.filter((finding) => finding.ruleId !== "runtime-missing");
    const line = tsconfig.split("\n").findIndex((text) => text.includes('"verbatimModuleSyntax"')) + 1;
    expect(findings).toEqual([
      expect.objectContaining({ ruleId: "module-format-commonjs", severity: "warning", file: "tsconfig.json", line, hint: expect.stringMatching(/^Add "type": "module" to package\.json/) }),
    ]);
    expect(findings[0]!.message).toContain('"module": "nodenext", and package.json has "type": "commonjs"');

    // As it is, tsc refuses the generated modules: what the warning is for.
    const asItIs = await typeCheck(TYPESCRIPT_COMPILERS.at(-1)!, join(root, "tsconfig.json"));
    expect(asItIs.errors.some((e) => /src\/generated\/.*TS1295/.test(e))).toBe(true);

    // The hint's first change: an ES module package.
    withPackage(root, (manifest) => void (manifest.type = "module"));
    expect(await errorsUnder(root)).toEqual({ "5.9": [], "6.0": [], "7.0": [] });
    const rebuilt = await runInProcess(root, ["build", "--format", "json"]);
    expect((JSON.parse(rebuilt.stdout) as { diagnostics: Finding[] }).diagnostics.filter((finding) => finding.ruleId !== "runtime-missing")).toEqual([]);

    // The other: CommonJS kept, verbatimModuleSyntax off (tsc writes require() calls, which load the ES module SDK on Node 20.19+).
    withPackage(root, (manifest) => void (manifest.type = "commonjs"));
    writeFileSync(join(root, "tsconfig.json"), tsconfig.replace('"verbatimModuleSyntax": true', '"verbatimModuleSyntax": false'));
    expect(await errorsUnder(root)).toEqual({ "5.9": [], "6.0": [], "7.0": [] });
  }, 300_000);

  it("gives an ES module project with the same tsconfig no finding and the same generated files", async () => {
    const [commonjs, esm] = [newProject(), newProject()];
    // The same name and version (npm init takes the folder's name), which the generated server states.
    withPackage(commonjs, (manifest) => void (manifest.name = "p"));
    withPackage(esm, (manifest) => Object.assign(manifest, { name: "p", type: "module" }));
    const plain = tempProject({ "tools/greet.json": JSON.stringify(TOOL, null, 2), "package.json": '{ "name": "p", "version": "1.0.0", "type": "module" }\n' });
    const runs = [await runInProcess(commonjs, ["build"]), await runInProcess(esm, ["build"]), await runInProcess(plain, ["build"])];
    expect(runs.map((run) => run.code)).toEqual([0, 0, 0]);
    expect(runs[0]!.stdout + runs[0]!.stderr).toContain("module-format-commonjs");
    expect(runs[1]!.stdout + runs[1]!.stderr).not.toContain("module-format-commonjs");
    expect(runs[2]!.stdout + runs[2]!.stderr).not.toContain("module-format-commonjs");
    expect(generated(esm)).toEqual(generated(commonjs));
    expect(generated(plain)).toEqual(generated(esm));
  }, 120_000);
});

describe("mcp-gen init in that project", () => {
  it("notes both settings tsc --init wrote that the project fails under, and following the notes it compiles, init's own files included", async () => {
    const root = newProject();
    // init writes its own example tool, of the same name.
    rmSync(join(root, "tools"), { recursive: true });
    const tsconfig = readFileSync(join(root, "tsconfig.json"), "utf8");
    // TypeScript 5.9 to 7 write "types": [] (no @types/node), with a comment to add "node".
    expect(tsconfig).toMatch(/"types": \[\]/);
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stdout + init.stderr).toBe(0);
    const typesLine = tsconfig.split("\n").findIndex((text) => text.includes('"types": []')) + 1;
    expect(init.stdout).toContain('Note: tsconfig.json sets "verbatimModuleSyntax": true with "module": "nodenext", and package.json has "type": "commonjs"');
    expect(init.stdout).toContain(`Note: tsconfig.json (line ${typesLine}) sets "types": [], without "node": tsc then loads none of Node's types, and src/http.ts`);
    expect(init.stdout).toContain('Add "node" to "types" ("types": ["node"])');
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    // With only the module change, init's src/http.ts still does not compile: Node's process is unknown.
    withPackage(root, (manifest) => void (manifest.type = "module"));
    expect((await errorsUnder(root))["7.0"]!.some((e) => /src\/http\.ts.*TS2591/.test(e))).toBe(true);
    writeFileSync(join(root, "tsconfig.json"), tsconfig.replace('"types": []', '"types": ["node"]'));
    expect(await errorsUnder(root)).toEqual({ "5.9": [], "6.0": [], "7.0": [] });
    // A tsconfig that loads Node's types and emits nothing, in an ES module package: nothing to note.
    const again = newProject();
    rmSync(join(again, "tools"), { recursive: true });
    withPackage(again, (manifest) => void (manifest.type = "module"));
    writeFileSync(join(again, "tsconfig.json"), tsconfig.replace('"types": []', '"types": ["node"], "noEmit": true'));
    const quiet = await runInProcess(again, ["init"]);
    expect(quiet.stdout).not.toMatch(/Note: tsconfig\.json/);
  }, 300_000);

  it("notes that tsc --init's tsconfig writes compiled files beside the sources, which check then reports; with noEmit, as the note says, tsc -p . and check pass", async () => {
    const tsc = (root: string) => execFileSync(process.execPath, [TSC_59, "-p", "."], { cwd: root, stdio: "pipe" });
    // tsc --init names "outDir" only in a comment; the other two notes are followed here.
    const prepared = () => {
      const root = newProject();
      rmSync(join(root, "tools"), { recursive: true });
      withPackage(root, (manifest) => void (manifest.type = "module"));
      writeFileSync(join(root, "tsconfig.json"), readFileSync(join(root, "tsconfig.json"), "utf8").replace('"types": []', '"types": ["node"]'));
      return root;
    };
    const root = prepared();
    const init = await runInProcess(root, ["init"]);
    expect(init.code, init.stdout + init.stderr).toBe(0);
    expect(init.stdout).toContain('Note: tsconfig.json sets neither "outDir" nor "noEmit": `npx tsc -p .` then writes each .js, .d.ts and map beside its source');
    expect(init.stdout).toContain('Add "noEmit": true');
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    // What the note is for: init's next step `npx tsc -p .` fills src/generated, and check fails.
    tsc(root);
    const dirty = await runInProcess(root, ["check"]);
    expect(dirty.code).toBe(1);
    expect(dirty.stdout).toContain("src/generated/server.js:1:1 error generated-file-extra");

    // The note followed: tsc -p . type-checks only, and check passes.
    const clean = prepared();
    writeFileSync(join(clean, "tsconfig.json"), readFileSync(join(clean, "tsconfig.json"), "utf8").replace('"types": ["node"]', '"types": ["node"], "noEmit": true'));
    const quiet = await runInProcess(clean, ["init"]);
    expect(quiet.stdout).not.toContain('"outDir"');
    expect((await runInProcess(clean, ["build"])).code).toBe(0);
    tsc(clean);
    const checked = await runInProcess(clean, ["check"]);
    expect(checked.code, checked.stdout + checked.stderr).toBe(0);
  }, 300_000);
});

describe("moduleFormatFindings", () => {
  const tsconfig = (options: object, more: object = {}) => ({ path: "tsconfig.json", name: "tsconfig.json", text: JSON.stringify({ ...more, compilerOptions: options }, null, 2) });
  const commonjs = '{ "name": "p" }';

  it("warns only for verbatimModuleSyntax under a Node module mode in a package that is not an ES module", () => {
    const ids = (packageText: string | undefined, options: object) => moduleFormatFindings({ packageText, tsconfigs: [tsconfig(options)] }).map((d) => d.ruleId);
    expect(ids(commonjs, { module: "NodeNext", verbatimModuleSyntax: true })).toEqual(["module-format-commonjs"]);
    expect(ids(undefined, { module: "node16", verbatimModuleSyntax: true })).toEqual(["module-format-commonjs"]);
    expect(ids('{ "type": "commonjs" }', { module: "node20", verbatimModuleSyntax: true })).toEqual(["module-format-commonjs"]);
    expect(ids('{ "type": "module" }', { module: "nodenext", verbatimModuleSyntax: true })).toEqual([]);
    expect(ids(commonjs, { module: "nodenext", verbatimModuleSyntax: false })).toEqual([]);
    expect(ids(commonjs, { module: "nodenext" })).toEqual([]);
    expect(ids(commonjs, { module: "esnext", verbatimModuleSyntax: true })).toEqual([]);
    expect(moduleFormatFindings({ packageText: commonjs, tsconfigs: [] })).toEqual([]);
  });

  it("reads tsconfig's comments and trailing commas, and points at the extends that brings the option in", () => {
    const withComments = { path: "tsconfig.json", name: "tsconfig.json", text: '{\n  // tsc --init\n  "compilerOptions": {\n    "module": "nodenext",\n    "verbatimModuleSyntax": true,\n  },\n}\n' };
    expect(moduleFormatFindings({ packageText: commonjs, tsconfigs: [withComments] })).toEqual([expect.objectContaining({ line: 5, column: 5 })]);
    const leaf = { path: "tsconfig.json", name: "tsconfig.json", text: '{\n  "extends": "./tsconfig.base.json",\n  "compilerOptions": { "module": "nodenext" }\n}\n' };
    const base = { path: "tsconfig.base.json", name: "./tsconfig.base.json", text: '{ "compilerOptions": { "verbatimModuleSyntax": true, "module": "esnext" } }' };
    const [finding] = moduleFormatFindings({ packageText: commonjs, tsconfigs: [leaf, base] });
    expect(finding).toMatchObject({ file: "tsconfig.json", line: 2, column: 14 });
    expect(finding!.message).toMatch(/^tsconfig\.json, through the \.\/tsconfig\.base\.json it extends, sets "verbatimModuleSyntax": true with "module": "nodenext"/);
  });

  it("finds the option and extends written with escapes, which a look for their names alone would miss", async () => {
    const escaped = { path: "tsconfig.json", name: "tsconfig.json", text: '{ "compilerOptions": { "module": "nodenext", "verbatim\\u004doduleSyntax": true } }' };
    expect(moduleFormatFindings({ packageText: commonjs, tsconfigs: [escaped] }).map((d) => d.ruleId)).toEqual(["module-format-commonjs"]);
    const root = tempProject({
      "package.json": '{ "name": "p" }',
      "tsconfig.json": '{ "\\u0065xtends": "./base.json" }',
      "base.json": '{ "compilerOptions": { "module": "nodenext", "verbatimModuleSyntax": true } }',
      "tools/greet.json": JSON.stringify(TOOL),
    });
    const build = await runInProcess(root, ["build"]);
    expect(build.stdout + build.stderr).toContain("tsconfig.json, through the ./base.json it extends, sets");
  });

  it("follows extends on disk, to relative files and to packages in node_modules", async () => {
    const root = tempProject({
      "package.json": '{ "name": "p" }',
      "tsconfig.json": '{ "extends": ["@tsconfig/strictest", "./config/base"] }',
      "config/base.json": '{ "extends": "@tsconfig/node-esm/tsconfig.json", "compilerOptions": { "strict": true } }',
      "node_modules/@tsconfig/node-esm/tsconfig.json": '{ "compilerOptions": { "module": "nodenext", "verbatimModuleSyntax": true } }',
      "tools/greet.json": JSON.stringify(TOOL),
    });
    const build = await runInProcess(root, ["build"]);
    expect(build.stdout + build.stderr).toContain("tsconfig.json, through the @tsconfig/node-esm/tsconfig.json it extends, sets");
    writeFiles(root, { "package.json": '{ "name": "p", "type": "module" }' });
    const again = await runInProcess(root, ["build"]);
    expect(again.stdout + again.stderr).not.toContain("module-format-commonjs");
  });
});
