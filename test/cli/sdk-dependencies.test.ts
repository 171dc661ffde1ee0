// @mcp-gen/runtime serves both targets, so every MCP SDK package is an optional peer of it (issue
// 23.4): `target: sdk-v1` no longer installs the SDK 2.x packages, nor an SDK v2 project the v1 SDK.
// A project names the SDK packages its target uses in its own package.json (`mcp-gen init` writes
// them for SDK v2), and `check` says which one an installed project lacks (sdk-missing).
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sdkDependencyFindings, sdkPackages } from "../../src/cli/sdk-dependencies.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const RUNTIME = join(REPO_ROOT, "packages", "runtime");
const SDK_PACKAGES = ["@modelcontextprotocol/client", "@modelcontextprotocol/node", "@modelcontextprotocol/sdk", "@modelcontextprotocol/server"];

/** npm without the settings `npm test` passes down to its scripts. */
function npmEnv(): NodeJS.ProcessEnv {
  return { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key))), NO_COLOR: "1" };
}

describe("@mcp-gen/runtime's peers", () => {
  it("are the SDK packages, each optional", () => {
    const manifest = JSON.parse(readFileSync(join(RUNTIME, "package.json"), "utf8")) as { peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(SDK_PACKAGES);
    expect(Object.keys(manifest.peerDependencies).filter((name) => manifest.peerDependenciesMeta[name]?.optional !== true)).toEqual([]);
  });

  it("are not installed with the packed runtime: npm installs it offline, with no SDK package", () => {
    // An SDK v1 project as npm sees it before its own SDK is added: the runtime and its one
    // dependency, from files. A required peer would send npm to the registry, which --offline refuses.
    const project = tempProject({});
    const packed = JSON.parse(execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", project], { cwd: RUNTIME, encoding: "utf8", env: npmEnv() })) as { filename: string }[];
    const manifest = {
      name: "v1-server",
      version: "1.0.0",
      private: true,
      dependencies: { "@mcp-gen/runtime": `file:${packed[0]!.filename}`, re2js: `file:${join(REPO_ROOT, "node_modules", "re2js")}` },
    };
    writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, 2));
    const install = spawnSync("npm", ["install", "--offline", "--ignore-scripts", "--no-audit", "--no-fund", "--cache", join(project, ".npm-cache")], {
      cwd: project,
      encoding: "utf8",
      env: npmEnv(),
      timeout: 120_000,
    });
    expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
    expect(existsSync(join(project, "node_modules", "@mcp-gen", "runtime", "dist"))).toBe(true);
    expect(existsSync(join(project, "node_modules", "@modelcontextprotocol"))).toBe(false);
  }, 180_000);
});

describe("sdk-missing", () => {
  it("names the SDK packages each target and generate mode import", () => {
    expect(sdkPackages({ target: "sdk-v2", generate: "all" })).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/server"]);
    expect(sdkPackages({ target: "sdk-v2", generate: "client" })).toEqual(["@modelcontextprotocol/client"]);
    expect(sdkPackages({ target: "sdk-v1", generate: "all" })).toEqual(["@modelcontextprotocol/sdk"]);
  });

  it("reports each package an installed project lacks, with the npm install that adds it, and says nothing before an install", () => {
    const config = { target: "sdk-v2", generate: "all", out: "src/generated" } as const;
    const absent = () => "absent" as const;
    const none = sdkDependencyFindings(config, '{ "name": "app" }', absent);
    expect(none.map((d) => [d.ruleId, d.severity, d.hint])).toEqual([
      ["sdk-missing", "error", "Run `npm install @modelcontextprotocol/client@^2.4.0`."],
      ["sdk-missing", "error", "Run `npm install @modelcontextprotocol/server@^2.4.0`."],
    ]);
    // Declared but not installed: at its entry, and a plain npm install.
    const declared = sdkDependencyFindings(config, '{\n  "dependencies": { "@modelcontextprotocol/client": "2.4.0" },\n  "devDependencies": { "@modelcontextprotocol/server": "2.4.0" }\n}\n', absent);
    expect(declared.map((d) => [d.line, d.hint])).toEqual([
      [2, "Run `npm install` (package.json declares it)."],
      [3, "Run `npm install` (package.json declares it)."],
    ]);
    expect(sdkDependencyFindings(config, '{ "name": "app" }', () => "installed")).toEqual([]);
    expect(sdkDependencyFindings(config, '{ "name": "app" }', () => "not-installed")).toEqual([]);
    expect(sdkDependencyFindings(config, undefined, absent)).toEqual([]);
  });

  it("check reports a v2 project's missing SDK, and an SDK v1 project is not asked for the v2 packages", async () => {
    const tool = JSON.stringify({ name: "ping", description: "Answers pong.", inputSchema: { type: "object" } });
    const v2 = tempProject({
      "tools/ping.json": tool,
      "package.json": '{ "name": "app", "type": "module", "dependencies": { "@modelcontextprotocol/client": "2.4.0" } }\n',
      "mcp-gen.config.yaml": "runtime: vendored\n",
      // Installed as npm now installs such a project: the client it names, and no server.
      "node_modules/@modelcontextprotocol/client/package.json": '{ "name": "@modelcontextprotocol/client", "version": "2.4.0" }',
    });
    expect((await runInProcess(v2, ["build"])).code).toBe(0);
    const check = await runInProcess(v2, ["check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(
      "package.json does not depend on @modelcontextprotocol/server: the generated code in src/generated imports it (target sdk-v2), and no node_modules from there up holds it;",
    );
    expect(check.stdout).not.toContain("@modelcontextprotocol/client,");

    const v1 = tempProject({
      "tools/ping.json": tool,
      "package.json": '{ "name": "app", "type": "module", "dependencies": { "@modelcontextprotocol/sdk": "1.32.2" } }\n',
      "mcp-gen.config.yaml": "target: sdk-v1\nruntime: vendored\n",
      "node_modules/@modelcontextprotocol/sdk/package.json": '{ "name": "@modelcontextprotocol/sdk", "version": "1.32.2" }',
    });
    expect((await runInProcess(v1, ["build"])).code).toBe(0);
    const v1Check = await runInProcess(v1, ["check"]);
    expect(v1Check.stdout + v1Check.stderr).not.toContain("sdk-missing");
    expect(v1Check.code).toBe(0);
  });

  it("check gives the commands of the project's package manager: pnpm's beside a pnpm lockfile", async () => {
    const tool = JSON.stringify({ name: "ping", description: "Answers pong.", inputSchema: { type: "object" } });
    const pnpm = tempProject({
      "tools/ping.json": tool,
      "package.json": '{ "name": "app", "type": "module", "dependencies": { "@modelcontextprotocol/client": "2.4.0" } }\n',
      "pnpm-lock.yaml": "lockfileVersion: '9.0'\n",
      "node_modules/@modelcontextprotocol/client/package.json": '{ "name": "@modelcontextprotocol/client", "version": "2.4.0" }',
    });
    await runInProcess(pnpm, ["build"]);
    const check = await runInProcess(pnpm, ["check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("hint: Run `pnpm add @modelcontextprotocol/server@^2.4.0`.");
    // The runtime, which package.json does not name either.
    expect(check.stdout).toMatch(/error runtime-missing package\.json does not depend on @mcp-gen\/runtime[^\n]*\n\s+hint: Run `pnpm add /);
    expect(check.stdout).not.toContain("npm install");
  });

  it("an up-to-date check's Markdown headline names what has findings: the packages, or the configuration alone", async () => {
    const tool = JSON.stringify({ name: "ping", description: "Answers pong.", inputSchema: { type: "object" } });
    const missingServer = tempProject({
      "tools/ping.json": tool,
      "package.json": '{ "name": "app", "type": "module", "dependencies": { "@modelcontextprotocol/client": "2.4.0" } }\n',
      "mcp-gen.config.yaml": "runtime: vendored\n",
      "node_modules/@modelcontextprotocol/client/package.json": '{ "name": "@modelcontextprotocol/client", "version": "2.4.0" }',
    });
    expect((await runInProcess(missingServer, ["build"])).code).toBe(0);
    const packages = await runInProcess(missingServer, ["check", "--format", "markdown"]);
    expect(packages.stdout).toContain("The generated files are up to date, but the packages they import");
    expect(packages.stdout).not.toContain("configuration has findings");

    const configOnly = tempProject({ "tools/ping.json": tool, "mcp-gen.config.yaml": "runtime: vendored\nserver:\n  name: app\n  version: 1.0.0\n" });
    expect((await runInProcess(configOnly, ["build"])).code).toBe(0);
    // package.json that is no JSON: a warning of the configuration, not of the packages.
    writeFileSync(join(configOnly, "package.json"), "{ not json");
    const config = await runInProcess(configOnly, ["check", "--format", "markdown"]);
    expect(config.stdout).toContain("The generated files are up to date, but the project's configuration has findings");
    expect(config.stdout).not.toContain("the packages they import");
  });
});
