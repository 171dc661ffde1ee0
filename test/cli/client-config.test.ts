// `mcp-gen import --client-config` and `mcp-gen verify --client-config` over a VS Code .vscode/mcp.json
// with two published stdio servers (@modelcontextprotocol/server-memory and server-everything) and
// one Streamable HTTP server on 127.0.0.1: each pinned in a folder of its own with its own lock, the
// environment variables the config references passed to the server and written nowhere, and each
// server reported on its own: exit 1 when one drifted, 2 when one misbehaved, the others still checked.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { renderLock } from "../../src/lock/render-lock.js";
import type { LockFile } from "../../src/model/lock.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { FAKE_SERVER, startHttp, stopServers } from "../live/servers.js";

// One project and one HTTP server for the whole file: importing four servers is the slow part.
afterAll(stopServers);

const MEMORY = join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");
const EVERYTHING = join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-everything/dist/index.js");

/** A value only the environment holds: it must reach the server and no file. */
const SECRET_DIR = "memory-store-c0ffee";

function mcpJson(url: URL, fakeMode = "ok"): string {
  return `{
  // Servers this workspace uses (VS Code).
  "servers": {
    "memory": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(MEMORY)}], "env": { "MEMORY_FILE_PATH": "\${env:MEMORY_DIR}/memory.jsonl" } },
    "everything": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(EVERYTHING)}, "stdio"] },
    "fake": { "type": "stdio", "command": ${JSON.stringify(process.execPath)}, "args": [${JSON.stringify(FAKE_SERVER)}, "${fakeMode}"] },
    "remote": { "type": "http", "url": "${url.href}" },
  },
}
`;
}

function files(root: string, dir = ""): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => (statSync(join(root, dir, name)).isDirectory() ? files(root, join(dir, name)) : [join(dir, name)]));
}

describe("a client config with several servers", () => {
  let url: URL;
  let root: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    url = await startHttp(FAKE_SERVER, ["ok", "--http"]);
    root = mkdtempSync(join(tmpdir(), "mcp-gen-clients-"));
    env = { MEMORY_DIR: join(root, SECRET_DIR) };
    writeFiles(root, { ".vscode/mcp.json": mcpJson(url), [`${SECRET_DIR}/.keep`]: "" });
    const run = await runInProcess(root, ["import", "--client-config", ".vscode/mcp.json"], env);
    expect(run.stderr).toBe("");
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^"memory" \(mcp-servers\/memory\):\nImported 9 tools from "memory-server" /);
    expect(run.stdout).toMatch(
      /\n\n4 servers: 4 imported\.\nThe typed clients import [^\n]+\nNext: run `mcp-gen build --client-config \.vscode\/mcp\.json` to generate each server's typed client; `mcp-gen verify --client-config \.vscode\/mcp\.json` checks every server against its lock\.\n$/,
    );
  }, 120_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("a pinned server's project builds without advice only the server's author can act on", async () => {
    // server-memory writes draft-07 schemas and the 2025-era `execution` field: info findings that
    // its author, not the project that pins it, can act on. The import's config turns them off.
    const build = await runInProcess(join(root, "mcp-servers", "memory"), ["build"]);
    expect(build.code, build.stdout).toBe(0);
    expect(build.stdout).not.toMatch(/ (info|warning) /);
    // With the default rules, the same descriptors get that advice.
    writeFiles(join(root, "mcp-servers", "memory"), { "defaults.yaml": "generate: client\n" });
    const advice = await runInProcess(join(root, "mcp-servers", "memory"), ["validate", "--format", "json", "--config", "defaults.yaml"]);
    rmSync(join(root, "mcp-servers", "memory", "defaults.yaml"));
    const rules = new Set((JSON.parse(advice.stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId));
    expect([...rules].sort()).toEqual(["input-schema-no-params", "schema-dialect-legacy", "tool-unknown-field"]);
  });

  it("import pins each server in a folder of its own, a client-only project, and writes no variable anywhere", () => {
    expect(readdirSync(join(root, "mcp-servers")).sort()).toEqual(["everything", "fake", "memory", "remote"]);
    for (const server of ["everything", "fake", "memory", "remote"]) {
      const folder = join(root, "mcp-servers", server);
      expect(readFileSync(join(folder, "mcp-gen.config.yaml"), "utf8")).toMatch(/\ngenerate: client\n/);
      const lock = JSON.parse(readFileSync(join(folder, "mcp-tools.lock.json"), "utf8")) as LockFile;
      expect(Object.keys(lock.tools).length, server).toBeGreaterThan(0);
    }
    expect(Object.keys((JSON.parse(readFileSync(join(root, "mcp-servers/memory/mcp-tools.lock.json"), "utf8")) as LockFile).tools)).toContain("read_graph");
    for (const path of files(join(root, "mcp-servers"))) expect(readFileSync(join(root, "mcp-servers", path), "utf8"), path).not.toContain(SECRET_DIR);
  });

  it("verify checks every server against its own lock", async () => {
    const run = await runInProcess(root, ["verify", "--client-config", ".vscode/mcp.json"], env);
    expect(run.stderr).toBe("");
    expect(run.stdout).toMatch(
      /^"memory" \(mcp-servers\/memory\):\n"memory-server" \S+ \(legacy era\) listed 9 tools on 1 page\.\n\nAll 9 tools match mcp-tools\.lock\.json\.\n\n"everything" \(mcp-servers\/everything\):\n/,
    );
    expect(run.stdout).toMatch(/\n\n4 servers: 4 match their locks\.\n$/);
    expect(run.code).toBe(0);
  });

  it("one server drifted and one misbehaves: exit 2, every server reported, one finding per changed tool", async () => {
    const lockPath = join(root, "mcp-servers/memory/mcp-tools.lock.json");
    const pristine = readFileSync(lockPath, "utf8");
    try {
      const lock = JSON.parse(pristine) as LockFile;
      const { read_graph: _gone, ...tools } = lock.tools;
      writeFiles(root, { "mcp-servers/memory/mcp-tools.lock.json": renderLock({ ...lock, tools }), ".vscode/mcp.json": mcpJson(url, "crash") });
      const run = await runInProcess(root, ["verify", "--client-config", ".vscode/mcp.json"], env);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain('The server does not match mcp-tools.lock.json: 1 tool added ("read_graph").');
      expect(run.stdout).toContain('"fake" (mcp-servers/fake):\nThe server exited or closed the connection before answering tools/list.\n');
      expect(run.stdout).toMatch(/\n\n4 servers: 2 match their locks, 1 changed, 1 could not be checked\.\n$/);
      const json = JSON.parse((await runInProcess(root, ["verify", "--client-config", ".vscode/mcp.json", "--format", "json"], env)).stdout) as {
        servers: { name: string; status: string; findings?: { tool: string }[] }[];
      };
      expect(json.servers.map((s) => [s.name, s.status])).toEqual([
        ["memory", "drift"],
        ["everything", "match"],
        ["fake", "failed"],
        ["remote", "match"],
      ]);
      expect(json.servers[0]!.findings!.map((f) => f.tool)).toEqual(["read_graph"]);
      // Only the drift left: exit 1.
      writeFiles(root, { ".vscode/mcp.json": mcpJson(url) });
      expect((await runInProcess(root, ["verify", "--client-config", ".vscode/mcp.json", "--server", "memory", "--server", "fake"], env)).code).toBe(1);
    } finally {
      writeFiles(root, { "mcp-servers/memory/mcp-tools.lock.json": pristine, ".vscode/mcp.json": mcpJson(url) });
    }
  });

  it("a variable the config needs and the environment lacks makes that server fail, not the others", async () => {
    const run = await runInProcess(root, ["verify", "--client-config", ".vscode/mcp.json", "--server", "memory", "--server", "remote"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('"memory" (mcp-servers/memory):\nmcp-gen cannot reach this server: "env".MEMORY_FILE_PATH uses the environment variable MEMORY_DIR, which is not set.\n');
    expect(run.stdout).toContain("2 servers: 1 matches its lock, 1 could not be checked.");
  });

  it("a server the config lists but nobody imported is not pinned (exit 1)", async () => {
    const other = tempProject({ ".vscode/mcp.json": mcpJson(url) });
    const run = await runInProcess(other, ["verify", "--client-config", ".vscode/mcp.json", "--server", "remote"]);
    expect(run).toMatchObject({ code: 1, stderr: "" });
    expect(run.stdout).toBe(
      '"remote" (mcp-servers/remote):\nNot pinned: there is no mcp-servers/remote/mcp-tools.lock.json; pin it with `mcp-gen import --client-config`.\n\n1 server: 1 not pinned.\n',
    );
  });

  it("--config naming an MCP client's config, with no server named otherwise, is --client-config (DESIGN.md's form)", async () => {
    const other = tempProject({ ".vscode/mcp.json": mcpJson(url) });
    const run = await runInProcess(other, ["verify", "--config", ".vscode/mcp.json", "--server", "remote"]);
    expect(run).toMatchObject({ code: 1, stderr: "" });
    expect(run.stdout).toBe(
      '"remote" (mcp-servers/remote):\nNot pinned: there is no mcp-servers/remote/mcp-tools.lock.json; pin it with `mcp-gen import --client-config`.\n\n1 server: 1 not pinned.\n',
    );
  });

  it("usage: --config with --command or --url is mcp-gen's own config, and a client's config given there says so", async () => {
    const wrong = await runInProcess(root, ["verify", "--config", ".vscode/mcp.json", "--url", url.href]);
    expect(wrong).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'mcp-gen verify: --config ".vscode/mcp.json" is an MCP client\'s config; --config names mcp-gen\'s own config. Pass the client\'s config as --client-config ".vscode/mcp.json".\nRun "mcp-gen verify --help" for usage.\n',
    });
    for (const argv of [
      ["--client-config", ".vscode/mcp.json", "--url", url.href],
      ["--client-config", ".vscode/mcp.json", "--server", "nope"],
      ["--client-config", "missing.json"],
      ["--url", url.href, "--server", "x"],
      ["--client-config", ".vscode/mcp.json", "--lock", "x.json"],
    ]) {
      const run = await runInProcess(root, ["verify", ...argv], env);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/^mcp-gen verify: /);
    }
  });
});

describe("import --client-config says each next step once; build --client-config builds every server's project (issue 23.4)", () => {
  /** A Claude Desktop config whose servers are the fake server in these modes. */
  const claude = (modes: Record<string, string>) =>
    JSON.stringify({ mcpServers: Object.fromEntries(Object.entries(modes).map(([name, mode]) => [name, { command: process.execPath, args: [FAKE_SERVER, mode] }])) });
  const manifest = JSON.stringify({ name: "app", dependencies: { "@mcp-gen/runtime": RUNTIME_RANGE, "@modelcontextprotocol/client": "^2.4.0" } });

  it("no install line the root package.json satisfies, the next steps once with the config file; build builds each, and names the one never imported", async () => {
    const root = tempProject({ "package.json": manifest, "claude.json": claude({ alpha: "ok", beta: "upgraded", broken: "crash" }) });
    const run = await runInProcess(root, ["import", "--client-config", "claude.json"]);
    expect(run.code).toBe(2);
    expect(run.stdout).not.toContain("npm install");
    expect(run.stdout).not.toContain("Next: run `mcp-gen build` to");
    expect(run.stdout).toMatch(
      /\n\n3 servers: 2 imported, 1 could not be imported\.\nNext: run `mcp-gen build --client-config claude\.json` to generate each server's typed client; `mcp-gen verify --client-config claude\.json` checks every server against its lock\.\n$/,
    );
    const build = await runInProcess(root, ["build", "--client-config", "claude.json"]);
    expect(build.code).toBe(1);
    expect(build.stdout).toMatch(/^"alpha" \(mcp-servers\/alpha\):\n/);
    expect(build.stdout).toContain(
      '\n\n"broken" (mcp-servers/broken):\nNot imported: there is no mcp-servers/broken/mcp-gen.config.yaml; pin the server with `mcp-gen import --client-config` first.\n\n3 projects: 2 built, 1 not imported.\n',
    );
    for (const server of ["alpha", "beta"]) expect(existsSync(join(root, "mcp-servers", server, "src/generated/client.ts")), server).toBe(true);
    // From the servers' folder, which has no config of its own: every project in it.
    const here = await runInProcess(join(root, "mcp-servers"), ["build"]);
    expect(here.code, here.stdout).toBe(0);
    expect(here.stdout).toMatch(/^alpha:\n[\s\S]*\n\nbeta:\n[\s\S]*\n\n2 projects: 2 built\.\n$/);
    expect((await runInProcess(root, ["build", "--client-config", "claude.json", "--format", "json"])).code).toBe(2);
  });

  it("without a package.json that has them, one install line for every server", async () => {
    const root = tempProject({ "claude.json": claude({ alpha: "ok", beta: "ok" }) });
    const run = await runInProcess(root, ["import", "--client-config", "claude.json", "--servers-dir", "pinned"]);
    expect(run.code).toBe(0);
    expect(run.stdout.match(/npm install/g)).toHaveLength(1);
    expect(run.stdout).toMatch(
      /\n\n2 servers: 2 imported\.\nThe typed clients import @mcp-gen\/runtime and @modelcontextprotocol\/client: `npm install (?:@mcp-gen\/runtime@\S+|\S+\/packages\/runtime) @modelcontextprotocol\/client@\S+` adds them to package\.json\.\nNext: run `mcp-gen build --client-config claude\.json --servers-dir pinned` to generate/,
    );
  });
});
