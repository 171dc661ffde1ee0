// A project that consumes someone else's server: `mcp-gen import` pins the published
// @modelcontextprotocol/server-memory over stdio and sets `generate: client`; the build writes the
// typed client, its types and validators and the lock, and no server, handler stubs or test
// scaffolds; the result compiles under tsc --strict for SDK v2 and (with `target: sdk-v1`) SDK v1,
// and `ToolsClient.connectStdio` starts the server and calls its tools, validating arguments
// before sending and results before typing them; its close() ends the server.
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { compileProject } from "../support/e2e-processes.js";
import { E2E_TSCONFIG } from "../support/e2e-project.js";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, writeFiles } from "../support/temp-project.js";

const MEMORY = join(REPO_ROOT, "node_modules/@modelcontextprotocol/server-memory/dist/index.js");

/** What the compiled client module exports, as far as these tests use it. */
interface ClientModule {
  readonly ToolsClient: {
    connectStdio(server: { command: string; args?: readonly string[]; env?: Readonly<Record<string, string>>; cwd?: string; stderr?: "inherit" | "ignore" | "pipe" }): Promise<MemoryClient>;
  };
  readonly ToolArgumentsError: new (...args: never[]) => Error;
}

interface MemoryClient {
  readonly client: { readonly transport?: { readonly pid?: number | null } };
  close(): Promise<void>;
  createEntities(args: unknown): Promise<{ isError: boolean; output?: unknown }>;
  readGraph(args: unknown): Promise<{ isError: boolean; output?: unknown }>;
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** Whether the process `pid` is still there (signal 0 tests for it and sends nothing). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}

/** Imports server-memory into a new folder (with `extraConfig` appended to the config import writes), builds and compiles it. */
async function importedProject(extraConfig: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-client-only-"));
  roots.push(root);
  const imported = await runInProcess(root, ["import", "--command", `${JSON.stringify(process.execPath)} ${JSON.stringify(MEMORY)}`, "--env", `MEMORY_FILE_PATH=${join(root, "memory.jsonl")}`]);
  expect(imported.code, imported.stderr).toBe(0);
  // The dependencies import's output names (linked from the repository's node_modules below).
  const dependencies = { "@mcp-gen/runtime": RUNTIME_RANGE, "@modelcontextprotocol/client": "^2.4.0" };
  writeFiles(root, { "package.json": JSON.stringify({ name: "memory-consumer", private: true, type: "module", dependencies }), "tsconfig.json": JSON.stringify(E2E_TSCONFIG, null, 2) });
  if (extraConfig !== "") writeFileSync(join(root, "mcp-gen.config.yaml"), `generate: client\n${extraConfig}`, { flag: "w" });
  const build = await runInProcess(root, ["build"]);
  expect(build.code, build.stdout).toBe(0);
  expect(build.stdout).not.toContain("Created ");
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  await compileProject(join(root, "tsconfig.json"));
  return root;
}

describe.each([
  ["sdk-v2", ""],
  ["sdk-v1", "target: sdk-v1\n"],
])("a client-only project (%s)", (_, extraConfig) => {
  it("builds the client only, compiles, and calls the server's tools through connectStdio", async () => {
    const root = await importedProject(extraConfig);
    const generated = filesUnder(join(root, "src/generated"));
    expect(generated).toContain("client.ts");
    expect(generated).toContain("tools/read_graph.ts");
    for (const absent of ["server.ts", "handlers.ts", "testing.ts", "runtime/server-runtime.ts", "runtime/v1/server-runtime.ts", "runtime/http-runtime.ts"]) expect(generated).not.toContain(absent);
    expect(filesUnder(root).filter((path) => path.startsWith("src/handlers/") || path.startsWith("test/"))).toEqual([]);
    expect((await runInProcess(root, ["check"])).code).toBe(0);

    const module = (await import(pathToFileURL(join(root, "dist/src/generated/index.js")).href)) as ClientModule;
    const tools = await module.ToolsClient.connectStdio({ command: process.execPath, args: [MEMORY], env: { MEMORY_FILE_PATH: join(root, "memory.jsonl") }, stderr: "ignore" });
    const pid = tools.client.transport?.pid;
    expect(typeof pid).toBe("number");
    try {
      const created = await tools.createEntities({ entities: [{ name: "Lisbon", entityType: "city", observations: ["sunny"] }] });
      expect(created).toMatchObject({ isError: false, output: { entities: [{ name: "Lisbon", entityType: "city", observations: ["sunny"] }] } });
      expect(await tools.readGraph({})).toMatchObject({ isError: false, output: { entities: [{ name: "Lisbon" }], relations: [] } });
      // Arguments that break the inputSchema never reach the server.
      await expect(tools.createEntities({ entities: [{ name: 1 }] })).rejects.toBeInstanceOf(module.ToolArgumentsError);
    } finally {
      await tools.close();
    }
    // close() ended the server connectStdio started, and the connection with it.
    await expect.poll(() => isRunning(pid!), { timeout: 5_000 }).toBe(false);
    await expect(tools.readGraph({})).rejects.toThrow("Not connected");
  });
});

describe("an existing project switches to generate: client", () => {
  it("the next build removes the server code it wrote and leaves the handlers and tests, which are the user's", async () => {
    const root = mkdtempSync(join(tmpdir(), "mcp-gen-client-only-"));
    roots.push(root);
    writeFiles(root, { "tools/echo.yaml": "name: echo\ndescription: Echoes.\ninputSchema: { type: object, properties: { text: { type: string } } }\n" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const before = filesUnder(root);
    expect(before).toContain("src/generated/server.ts");
    writeFiles(root, { "mcp-gen.config.yaml": "generate: client\n" });
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    expect(build.stdout).toMatch(/^Built 1 tool into src\/generated: \d+ files? written, \d+ unchanged, \d+ removed\.\n/);
    const after = filesUnder(root);
    for (const gone of ["src/generated/server.ts", "src/generated/handlers.ts", "src/generated/testing.ts"]) expect(after).not.toContain(gone);
    expect(after).toContain("src/handlers/echo.ts");
    expect(after).toContain("test/tools/echo.test.ts");
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    // And an unchanged client-only project builds nothing.
    expect((await runInProcess(root, ["build"])).stdout).toMatch(/: 0 files written, \d+ unchanged\.\nLock file unchanged\.\n$/);
  });
});
