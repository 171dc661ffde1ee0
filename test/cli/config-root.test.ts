// `--config FILE` names the project as `--cwd DIR` does (docs/monorepo.md: "`--cwd` (or `--config`)
// runs any command on a package from anywhere"): the folder that holds the file is the root, and every
// path in the config is relative to it, whether FILE is absolute or relative to the current folder.
// The current folder's own tools/, src/ and lock are never read or written, and a --config that names
// no file is bad usage (exit 2), never a run on whatever project the current folder is.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runWatch } from "../../src/cli/commands/watch.js";
import type { CliIo } from "../../src/cli/io.js";
import { FAKE_SERVER } from "../live/servers.js";
import { projectTree } from "../support/project-tree.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";

const WEATHER = "name: get_weather\ndescription: Get the weather.\ninputSchema:\n  type: object\n  properties: { city: { type: string } }\n";
const PACKAGE = '{ "name": "weather", "version": "1.0.0", "type": "module", "dependencies": { "@mcp-gen/runtime": "*" } }\n';
const CONFIG = "packages/weather/mcp-gen.config.yaml";

/**
 * A monorepo: packages/weather is a project (built, unless `built` is false), and the repository's
 * root has a tools/ folder and a hand-written src/generated/index.ts of its own, which no command
 * on the package may read or write.
 */
async function monorepo(built = true): Promise<{ repo: string; pkg: string }> {
  const repo = tempProject({
    ".git/HEAD": "ref: refs/heads/main\n",
    "package.json": '{ "private": true, "workspaces": ["packages/*"] }\n',
    "tools/lint.yaml": "name: lint\ndescription: Not an MCP tool of the package.\ninputSchema: { type: object }\n",
    "src/generated/index.ts": "// the repository's own hand-written file\n",
    "packages/weather/mcp-gen.config.yaml": "server: { name: weather }\n",
    "packages/weather/tools/get_weather.yaml": WEATHER,
    "packages/weather/package.json": PACKAGE,
  });
  const pkg = join(repo, "packages/weather");
  if (built) expect((await runInProcess(pkg, ["build"])).code).toBe(0);
  return { repo, pkg };
}

/** The files outside packages/, which a command on the package must leave as they are. */
function outsidePackages(repo: string): Map<string, string> {
  return new Map([...projectTree(repo)].filter(([path]) => !path.startsWith("packages/")));
}

describe("--config names the project: the folder that holds it is the root", () => {
  it("check from the repository's root reports the package's drift and fails, with an absolute or a relative --config", async () => {
    const { repo, pkg } = await monorepo();
    // Up to date first: the package's lock, generated files and descriptors agree.
    for (const config of [CONFIG, join(repo, CONFIG)]) {
      const clean = await runInProcess(repo, ["check", "--config", config]);
      expect([clean.code, clean.stdout, clean.stderr], config).toEqual([0, expect.stringMatching(/^Up to date: 1 tool/), ""]);
    }
    writeFiles(pkg, { "tools/get_weather.yaml": WEATHER.replace("Get the weather", "Get the weather NOW") });
    const before = projectTree(repo);
    for (const args of [
      ["--config", CONFIG],
      ["--config", join(repo, CONFIG)],
      ["--config", CONFIG, "--full"],
      ["--cwd", "packages/weather"],
    ]) {
      const run = await runInProcess(repo, ["check", ...args]);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stdout, args.join(" ")).toMatch(/^packages\/weather\/tools\/get_weather\.yaml:\d+:\d+ error lock-tool-changed /m);
      expect(run.stdout).not.toMatch(/project-not-found|tools-not-found/);
    }
    expect(projectTree(repo)).toEqual(before);
  });

  it("build from the repository's root builds the package into the package, leaving the root's tools/ and src/ alone", async () => {
    const { repo, pkg } = await monorepo(false);
    const outside = outsidePackages(repo);
    const run = await runInProcess(repo, ["build", "--config", CONFIG]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toMatch(/^Built 1 tool into packages\/weather\/src\/generated: /);
    expect(outsidePackages(repo)).toEqual(outside);
    expect(readdirSync(pkg).sort()).toEqual(["mcp-gen.config.yaml", "mcp-tools.lock.json", "package.json", "src", "test", "tools"]);
    expect(readdirSync(join(pkg, "src/handlers"))).toEqual(["get_weather.ts"]);
    // The same project as the package's own folder sees: nothing left to do there.
    expect((await runInProcess(pkg, ["check"])).code).toBe(0);
  });

  it("build with an absolute --config from a folder outside the repository builds the package", async () => {
    const { repo, pkg } = await monorepo(false);
    const outside = outsidePackages(repo);
    const elsewhere = tempProject({ "tools/other.yaml": WEATHER.replace("get_weather", "other") });
    const run = await runInProcess(elsewhere, ["build", "--config", join(pkg, "mcp-gen.config.yaml")]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect((await runInProcess(pkg, ["check"])).code).toBe(0);
    expect(readdirSync(elsewhere)).toEqual(["tools"]);
    expect(outsidePackages(repo)).toEqual(outside);
  });

  it("validate and diff read the package's descriptors, not the current folder's", async () => {
    const { repo, pkg } = await monorepo();
    writeFiles(pkg, { "tools/get_weather.yaml": WEATHER.replace("Get the weather", "Get the weather NOW") });
    const validate = await runInProcess(repo, ["validate", "--config", CONFIG, "--format", "json"]);
    expect(validate.code).toBe(0);
    const files = (JSON.parse(validate.stdout) as { diagnostics: { file: string }[] }).diagnostics.map((d) => d.file);
    expect(files.filter((file) => !file.startsWith("packages/weather/"))).toEqual([]);
    const diff = await runInProcess(repo, ["diff", "--config", CONFIG, "--format", "json"]);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain("get_weather");
    expect(diff.stdout).not.toContain('"lint"');
  });

  it("with --cwd too, --config is relative to --cwd, which stays the root", async () => {
    const { repo, pkg } = await monorepo();
    writeFiles(pkg, { "ci/strict.yaml": "server: { name: weather }\npreset: strict\n" });
    const run = await runInProcess(repo, ["build", "--cwd", "packages/weather", "--config", "ci/strict.yaml"]);
    // The same project (tools/ and src/ of packages/weather, not of ci/) under another config.
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(run.stdout).toMatch(/^Built 1 tool into packages\/weather\/src\/generated: /);
    expect(readdirSync(join(pkg, "ci"))).toEqual(["strict.yaml"]);
  });

  it("with --cwd, a --config outside that folder is bad usage (exit 2), not a crash: the lock could not name it", async () => {
    const { repo } = await monorepo(false);
    writeFiles(repo, { "common.yaml": "server: { name: weather }\n" });
    const before = projectTree(repo);
    for (const command of ["build", "check", "validate", "diff", "watch"]) {
      const run = await runInProcess(repo, [command, "--cwd", "packages/weather", "--config", "../../common.yaml"]);
      expect(run.code, `${command}: ${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`--config: ${JSON.stringify(join(repo, "common.yaml"))} lies outside the project folder`);
    }
    expect(projectTree(repo)).toEqual(before);
  });

  it("import writes into the folder of --config, and verify checks that lock, from anywhere", async () => {
    const repo = tempProject({ ".git/HEAD": "ref: refs/heads/main\n", "packages/client/mcp-gen.config.yaml": "generate: client\n" });
    const fake = ["--command", `node ${JSON.stringify(FAKE_SERVER)} ok`, "--timeout", "5000"];
    const imported = await runInProcess(repo, ["import", "--config", "packages/client/mcp-gen.config.yaml", ...fake]);
    expect([imported.code, imported.stderr]).toEqual([0, ""]);
    expect(imported.stdout).toContain("Wrote packages/client/mcp-tools.lock.json.");
    expect(readdirSync(repo).sort()).toEqual([".git", "packages"]);
    const elsewhere = tempProject({});
    const verified = await runInProcess(elsewhere, ["verify", "--config", join(repo, "packages/client/mcp-gen.config.yaml"), ...fake]);
    expect([verified.code, verified.stderr]).toEqual([0, ""]);
  });

  it("watch builds the package named by --config", async () => {
    const { repo, pkg } = await monorepo(false);
    const outside = outsidePackages(repo);
    let output = "";
    const io: CliIo = { cwd: repo, env: {}, isTty: false, stdout: (t) => void (output += t), stderr: (t) => void (output += t) };
    const stop = new AbortController();
    const done = runWatch(["--config", CONFIG], io, stop.signal);
    for (let waited = 0; !output.includes("Watching ") && waited < 30_000; waited += 20) await new Promise((r) => setTimeout(r, 20));
    stop.abort();
    expect(await done).toBe(0);
    expect(output).toContain("Built 1 tool into ");
    expect(readdirSync(pkg)).toContain("mcp-tools.lock.json");
    expect(outsidePackages(repo)).toEqual(outside);
  });

  it("a --config that names no file is bad usage (exit 2), and nothing is read or written", async () => {
    const { repo } = await monorepo(false);
    const before = projectTree(repo);
    for (const command of ["build", "check", "validate", "diff"]) {
      for (const args of [
        ["--config", "packages/wether/mcp-gen.config.yaml"],
        ["--config", join(repo, "packages/weather")],
        ["--cwd", "packages/weather", "--config", "nowhere.yaml"],
      ]) {
        const run = await runInProcess(repo, [command, ...args]);
        expect(run.code, `${command} ${args.join(" ")}`).toBe(2);
        expect(run.stderr).toMatch(new RegExp(`^mcp-gen ${command}: --config: `));
        expect(run.stdout).toBe("");
      }
    }
    expect(projectTree(repo)).toEqual(before);
  });
});
