// The dependency specs init writes for mcp-gen and @mcp-gen/runtime resolve wherever this mcp-gen came
// from: the spec a package.json already gives (the project's, or a workspace root's above it), npm's
// lockfile record of the installed package (registry, tarball file or URL, git), or the checkout it
// runs from. Each case is a folder laid out as npm leaves it.
import { mkdirSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dependencySpecs, installedSource, RUNTIME_TARBALL, runtimeInstallArgument, sourceOfSpec } from "../../src/cli/dependency-specs.js";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { MCP_GEN_VERSION } from "../../src/model/version.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TARBALL = `mcp-gen-${MCP_GEN_VERSION}.tgz`;

/** A project in app/ whose mcp-gen npm installed from `resolved`, as recorded in node_modules/.package-lock.json. */
function installed(resolved: string, files: Record<string, string> = {}): { root: string; app: string; packageRoot: string } {
  const root = tempProject({
    "app/package.json": "{}\n",
    "app/node_modules/mcp-gen/package.json": `{ "name": "mcp-gen", "version": "${MCP_GEN_VERSION}" }\n`,
    "app/node_modules/.package-lock.json": JSON.stringify({ lockfileVersion: 3, packages: { "node_modules/mcp-gen": { version: MCP_GEN_VERSION, resolved } } }),
    ...files,
  });
  return { root, app: join(root, "app"), packageRoot: join(root, "app", "node_modules", "mcp-gen") };
}

describe("dependency specs", () => {
  it("from the registry: the caret ranges of this mcp-gen and its runtime", () => {
    const { app, packageRoot } = installed(`https://registry.npmjs.org/mcp-gen/-/${TARBALL}`);
    expect(dependencySpecs(app, packageRoot)).toEqual({ mcpGen: `^${MCP_GEN_VERSION}`, runtime: RUNTIME_RANGE, from: "the npm registry" });
    // npm 11 leaves `resolved` out for the default registry (npx's cache too).
    const npx = tempProject({ "node_modules/mcp-gen/package.json": "{}\n", "node_modules/.package-lock.json": JSON.stringify({ packages: { "node_modules/mcp-gen": { version: MCP_GEN_VERSION } } }) });
    expect(installedSource(join(npx, "node_modules", "mcp-gen"))).toEqual({ kind: "registry" });
    // No record at all (an install npm did not write down): the registry too.
    const bare = tempProject({ "node_modules/mcp-gen/package.json": "{}\n" });
    expect(installedSource(join(bare, "node_modules", "mcp-gen"))).toEqual({ kind: "registry" });
  });

  it("from the registry, pinned as the project's .npmrc pins what npm and pnpm save: save-exact, save-prefix", () => {
    const registry = `https://registry.npmjs.org/mcp-gen/-/${TARBALL}`;
    const exact = installed(registry, { "app/.npmrc": "registry=https://registry.npmjs.org/\nsave-exact = true\n" });
    expect(dependencySpecs(exact.app, exact.packageRoot)).toMatchObject({ mcpGen: MCP_GEN_VERSION, runtime: RUNTIME_RANGE.slice(1) });
    expect(runtimeInstallArgument(exact.app, exact.packageRoot)).toBe(`@mcp-gen/runtime@${RUNTIME_RANGE.slice(1)}`);
    const tilde = installed(registry, { "app/.npmrc": "save-prefix='~'\n" });
    expect(dependencySpecs(tilde.app, tilde.packageRoot)).toMatchObject({ mcpGen: `~${MCP_GEN_VERSION}`, runtime: `~${RUNTIME_RANGE.slice(1)}` });
    // An .npmrc of a workspace root above the package decides for it too; one that sets neither, not.
    const above = installed(registry, { ".npmrc": "save-exact=true\n", "app/.npmrc": "fund=false\n" });
    expect(dependencySpecs(above.app, above.packageRoot).mcpGen).toBe(MCP_GEN_VERSION);
    const pnpm = pnpmInstalled(`mcp-gen@${MCP_GEN_VERSION}`, `mcp-gen@${MCP_GEN_VERSION}`, "{integrity: sha512-BBBB}", { "app/.npmrc": "save-exact=true\n" });
    expect(dependencySpecs(pnpm.app, pnpm.packageRoot).mcpGen).toBe(MCP_GEN_VERSION);
  });

  it("from a tarball: that tarball, and the runtime's beside it; none beside it means a vendored runtime", () => {
    const { app, packageRoot } = installed(`file:../dl/${TARBALL}`, { [`dl/${TARBALL}`]: "", [`dl/${RUNTIME_TARBALL}`]: "" });
    expect(dependencySpecs(app, packageRoot)).toEqual({ mcpGen: `file:../dl/${TARBALL}`, runtime: `file:../dl/${RUNTIME_TARBALL}`, from: `file:../dl/${TARBALL}` });
    const alone = installed(`file:../dl/${TARBALL}`, { [`dl/${TARBALL}`]: "" });
    expect(dependencySpecs(alone.app, alone.packageRoot).runtime).toBeUndefined();
  });

  it("from a release's URL: the runtime's asset of the same release", () => {
    const url = `https://github.com/mcp-gen/mcp-gen/releases/download/v${MCP_GEN_VERSION}/${TARBALL}`;
    const { app, packageRoot } = installed(url);
    expect(dependencySpecs(app, packageRoot)).toEqual({ mcpGen: url, runtime: `https://github.com/mcp-gen/mcp-gen/releases/download/v${MCP_GEN_VERSION}/${RUNTIME_TARBALL}`, from: url });
  });

  it("from a git URL: that commit, and no runtime package (npm cannot install a workspace of a git repository)", () => {
    const git = "git+ssh://git@github.com/mcp-gen/mcp-gen.git#0123456789abcdef0123456789abcdef01234567";
    const { app, packageRoot } = installed(git);
    expect(dependencySpecs(app, packageRoot)).toEqual({ mcpGen: git, runtime: undefined, from: git });
    for (const spec of ["github:mcp-gen/mcp-gen#v0.1.0", "mcp-gen/mcp-gen", "git+https://github.com/mcp-gen/mcp-gen.git", "https://github.com/mcp-gen/mcp-gen"]) {
      expect(sourceOfSpec(spec, "/p")).toEqual({ kind: "git", spec });
    }
  });

  it("from a checkout (a clone, or npm link): the folder, and its packages/runtime", () => {
    const root = tempProject({ "mcp-gen/package.json": '{ "name": "mcp-gen" }\n', "mcp-gen/packages/runtime/package.json": '{ "name": "@mcp-gen/runtime" }\n', "app/package.json": "{}\n" });
    expect(dependencySpecs(join(root, "app"), join(root, "mcp-gen"))).toEqual({ mcpGen: "file:../mcp-gen", runtime: "file:../mcp-gen/packages/runtime", from: "file:../mcp-gen" });
  });

  it("a spec the project already gives wins, and one a workspace root gives is rebased to the package", () => {
    const { root, app, packageRoot } = installed(`https://registry.npmjs.org/mcp-gen/-/${TARBALL}`, {
      "app/package.json": `{ "devDependencies": { "mcp-gen": "./vendor/${TARBALL}" } }\n`,
      [`app/vendor/${TARBALL}`]: "",
      [`app/vendor/${RUNTIME_TARBALL}`]: "",
      "app/packages/a/package.json": '{ "name": "a" }\n',
    });
    expect(dependencySpecs(app, packageRoot)).toMatchObject({ mcpGen: `./vendor/${TARBALL}`, runtime: `file:vendor/${RUNTIME_TARBALL}` });
    expect(dependencySpecs(join(app, "packages", "a"), packageRoot)).toMatchObject({ mcpGen: `file:../../vendor/${TARBALL}`, runtime: `file:../../vendor/${RUNTIME_TARBALL}` });
    // The install line for a missing runtime names the same tarball; one the project declares is that one.
    expect(runtimeInstallArgument(app, packageRoot)).toBe(`vendor/${RUNTIME_TARBALL}`);
    expect(runtimeInstallArgument(root, packageRoot)).toBe(`@mcp-gen/runtime@${RUNTIME_RANGE}`);
    // A runtime a workspace root declares, from a package of it: the same tarball, from there.
    writeFileSync(join(app, "package.json"), `{ "devDependencies": { "mcp-gen": "./vendor/${TARBALL}" }, "dependencies": { "@mcp-gen/runtime": "file:vendor/${RUNTIME_TARBALL}" } }\n`);
    expect(runtimeInstallArgument(join(app, "packages", "a"), packageRoot)).toBe(`../../vendor/${RUNTIME_TARBALL}`);
  });
});

/**
 * A project in app/ whose mcp-gen pnpm installed as the package `key` of its lockfile, resolved as
 * `resolution` (YAML flow text): the package in node_modules/.pnpm/<folder>/node_modules/mcp-gen,
 * node_modules/mcp-gen a symlink to it, and the lockfile's copy in node_modules/.pnpm/lock.yaml, as
 * pnpm 9 leaves them. The project's package.json does not name mcp-gen (pnpm dlx, a global install).
 */
function pnpmInstalled(key: string, folder: string, resolution: string, files: Record<string, string> = {}): { root: string; app: string; packageRoot: string } {
  const store = `app/node_modules/.pnpm/${folder}/node_modules/mcp-gen`;
  const root = tempProject({
    "app/package.json": "{}\n",
    [`${store}/package.json`]: `{ "name": "mcp-gen", "version": "${MCP_GEN_VERSION}" }\n`,
    "app/node_modules/.pnpm/lock.yaml": `lockfileVersion: '9.0'\n\nimporters:\n\n  .: {}\n\npackages:\n\n  typescript@5.9.3:\n    resolution: {integrity: sha512-AAAA}\n\n  '${key}':\n    resolution: ${resolution}\n    version: ${MCP_GEN_VERSION}\n`,
    ...files,
  });
  symlinkSync(`.pnpm/${folder}/node_modules/mcp-gen`, join(root, "app", "node_modules", "mcp-gen"));
  // What the running mcp-gen sees: Node loads it by its real path, inside .pnpm.
  return { root, app: join(root, "app"), packageRoot: realpathSync(join(root, "app", "node_modules", "mcp-gen")) };
}

describe("dependency specs of an mcp-gen pnpm installed", () => {
  it("from a tarball: that tarball and the runtime's beside it, not the registry's range", () => {
    const { app, packageRoot } = pnpmInstalled(`mcp-gen@file:../dl/${TARBALL}`, `mcp-gen@file+..+dl+${TARBALL}`, `{integrity: sha512-BBBB, tarball: file:../dl/${TARBALL}}`, {
      [`dl/${TARBALL}`]: "",
      [`dl/${RUNTIME_TARBALL}`]: "",
    });
    expect(packageRoot).toContain(join("node_modules", ".pnpm"));
    expect(dependencySpecs(app, packageRoot)).toEqual({ mcpGen: `file:../dl/${TARBALL}`, runtime: `file:../dl/${RUNTIME_TARBALL}`, from: `file:../dl/${TARBALL}` });
  });

  it("from the registry, a release's URL, a git commit or a folder: each as npm would write it", () => {
    const registry = pnpmInstalled(`mcp-gen@${MCP_GEN_VERSION}`, `mcp-gen@${MCP_GEN_VERSION}`, "{integrity: sha512-BBBB}");
    expect(dependencySpecs(registry.app, registry.packageRoot)).toEqual({ mcpGen: `^${MCP_GEN_VERSION}`, runtime: RUNTIME_RANGE, from: "the npm registry" });
    const url = `https://github.com/mcp-gen/mcp-gen/releases/download/v${MCP_GEN_VERSION}/${TARBALL}`;
    const release = pnpmInstalled(`mcp-gen@${url}`, `mcp-gen@${url.replace(/[/:]/g, "+")}`, `{integrity: sha512-BBBB, tarball: '${url}'}`);
    expect(dependencySpecs(release.app, release.packageRoot).mcpGen).toBe(url);
    const sha = "0123456789abcdef0123456789abcdef01234567";
    const codeload = `https://codeload.github.com/mcp-gen/mcp-gen/tar.gz/${sha}`;
    const github = pnpmInstalled(`mcp-gen@${codeload}`, `mcp-gen@${codeload.replace(/[/:]/g, "+")}`, `{tarball: '${codeload}'}`);
    expect(dependencySpecs(github.app, github.packageRoot)).toEqual({ mcpGen: `github:mcp-gen/mcp-gen#${sha}`, runtime: undefined, from: `github:mcp-gen/mcp-gen#${sha}` });
    const git = pnpmInstalled(
      `mcp-gen@git+https://example.com/mcp-gen.git#${sha}`,
      `mcp-gen@git+https+++example.com+mcp-gen.git#${sha}`,
      `{commit: ${sha}, repo: 'https://example.com/mcp-gen.git', type: git}`,
    );
    expect(dependencySpecs(git.app, git.packageRoot).mcpGen).toBe(`git+https://example.com/mcp-gen.git#${sha}`);
    const folder = pnpmInstalled("mcp-gen@file:../mcp-gen", "mcp-gen@file+..+mcp-gen", "{directory: ../mcp-gen, type: directory}", {
      "mcp-gen/package.json": '{ "name": "mcp-gen" }\n',
      "mcp-gen/packages/runtime/package.json": '{ "name": "@mcp-gen/runtime" }\n',
    });
    expect(dependencySpecs(folder.app, folder.packageRoot)).toMatchObject({ mcpGen: "file:../mcp-gen", runtime: "file:../mcp-gen/packages/runtime" });
  });

  it("with two versions installed, the one whose folder it runs from", () => {
    const { app, root } = pnpmInstalled(`mcp-gen@file:../dl/${TARBALL}`, `mcp-gen@file+..+dl+${TARBALL}`, `{integrity: sha512-BBBB, tarball: file:../dl/${TARBALL}}`, { [`dl/${TARBALL}`]: "" });
    const lock = join(app, "node_modules", ".pnpm", "lock.yaml");
    writeFileSync(lock, `${readFileSync(lock, "utf8")}\n  mcp-gen@0.0.9:\n    resolution: {integrity: sha512-CCCC}\n`);
    const old = join(app, "node_modules", ".pnpm", "mcp-gen@0.0.9", "node_modules", "mcp-gen");
    mkdirSync(old, { recursive: true });
    expect(installedSource(old)).toEqual({ kind: "registry" });
    expect(installedSource(realpathSync(join(app, "node_modules", "mcp-gen")))).toEqual({ kind: "tarball", location: join(root, "dl", TARBALL) });
  });
});

describe("init with an mcp-gen from a git URL", () => {
  it("vendors the runtime (re2js instead of @mcp-gen/runtime), says why, and the project builds and checks", async () => {
    const root = tempProject({ "package.json": '{ "name": "app", "type": "module", "devDependencies": { "mcp-gen": "github:mcp-gen/mcp-gen#v0.1.0" } }\n' });
    const init = await runInProcess(root, ["init"]);
    expect(init.code).toBe(0);
    expect(init.stdout).toContain("Note: mcp-gen comes from github:mcp-gen/mcp-gen#v0.1.0, from where no @mcp-gen/runtime can be installed: the config says `runtime: vendored`");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, Record<string, string>>;
    expect(Object.keys(pkg.dependencies!)).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/node", "@modelcontextprotocol/server", "re2js"]);
    expect(pkg.devDependencies!["mcp-gen"]).toBe("github:mcp-gen/mcp-gen#v0.1.0");
    expect(readFileSync(join(root, "mcp-gen.config.yaml"), "utf8")).toMatch(/\nruntime: vendored\n$/);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(readFileSync(join(root, "src/generated/runtime/tool-table.ts"), "utf8")).toContain("export");
    expect(await runInProcess(root, ["check"])).toMatchObject({ code: 0 });
  });
});
