// The generated client checks the server's tools against the lock (issue 24 item 3), end to end: a real
// server (test/fixtures/live/drifting-server.mjs, the official SDK v2 server in a child process) is
// pinned with `mcp-gen import`, the client built for SDK v2 and (target: sdk-v1) SDK v1 and compiled,
// then connected over stdio and over Streamable HTTP on 127.0.0.1. A tool changed before connect makes
// connect… fail with ToolDriftError (or warn); a tool changed after connect (the server sends
// list_changed) is re-checked, and a call to it is refused before it reaches the server, which counts
// its calls.
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { startHttp, stopServers } from "../live/servers.js";
import { compileProject } from "../support/e2e-processes.js";
import { E2E_TSCONFIG } from "../support/e2e-project.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, writeFiles } from "../support/temp-project.js";

const SERVER = join(REPO_ROOT, "test/fixtures/live/drifting-server.mjs");

type Outcome = { readonly isError: false; readonly output: unknown } | { readonly isError: true; readonly message: string };

interface PinnedClient {
  readonly client: { close(): Promise<void> };
  echo(args: { text: string }): Promise<Outcome>;
  drift(args: Record<string, never>): Promise<Outcome>;
  calls(args: Record<string, never>): Promise<{ readonly isError: false; readonly output: { calls: number; drift: number; echo: number } }>;
  listTools(): Promise<{ readonly tools: readonly { readonly name: string }[] }>;
  checkTools(): Promise<readonly { readonly name: string; readonly kind: string }[]>;
}

interface Options {
  readonly onDrift?: "throw" | "warn" | "ignore";
  readonly warn?: (message: string) => void;
}

interface Drift {
  readonly name: string;
  readonly kind: string;
  readonly parts?: readonly string[];
}

interface PinnedModule {
  readonly ToolsClient: {
    connectStdio(server: { command: string; args?: readonly string[]; stderr?: "ignore" }, options?: Options): Promise<PinnedClient>;
    connectHttp(url: URL, options?: Options): Promise<PinnedClient>;
  };
  readonly ToolDriftError: new (...args: never[]) => Error & { readonly drift: readonly Drift[] };
  readonly TOOL_PINS: readonly { readonly name: string; readonly sha256: string; readonly parts: Readonly<Record<string, string>> }[];
}

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
afterEach(stopServers);

/** The server imported into a new client-only project (with `extraConfig`), built, compiled and loaded. */
async function pinnedProject(extraConfig: string): Promise<{ readonly root: string; readonly module: PinnedModule }> {
  const root = mkdtempSync(join(tmpdir(), "mcp-gen-pinning-"));
  roots.push(root);
  const imported = await runInProcess(root, ["import", "--command", `${JSON.stringify(process.execPath)} ${JSON.stringify(SERVER)}`]);
  expect(imported.code, imported.stderr).toBe(0);
  const dependencies = { "@mcp-gen/runtime": RUNTIME_RANGE, "@modelcontextprotocol/client": "^2.4.0" };
  writeFiles(root, { "package.json": JSON.stringify({ name: "pinned-consumer", private: true, type: "module", dependencies }), "tsconfig.json": JSON.stringify(E2E_TSCONFIG, null, 2) });
  if (extraConfig !== "") writeFiles(root, { "mcp-gen.config.yaml": `generate: client\n${extraConfig}` });
  const build = await runInProcess(root, ["build"]);
  expect(build.code, build.stdout).toBe(0);
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  await compileProject(join(root, "tsconfig.json"));
  return { root, module: (await import(pathToFileURL(join(root, "dist/src/generated/index.js")).href)) as PinnedModule };
}

/** What `run` throws (or undefined). */
async function rejection(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
    return undefined;
  } catch (error) {
    return error;
  }
}

/** A warn callback, and a promise of its first message that matches `pattern`. */
function warnings(pattern: RegExp) {
  const seen: string[] = [];
  let resolve: (message: string) => void = () => undefined;
  const first = new Promise<string>((done) => (resolve = done));
  return {
    seen,
    first,
    warn: (message: string) => {
      seen.push(message);
      if (pattern.test(message)) resolve(message);
    },
  };
}

const stdioServer = (...args: string[]) => ({ command: process.execPath, args: [SERVER, ...args], stderr: "ignore" as const });

describe.each([
  ["sdk-v2", "", ["stdio", "http"]],
  ["sdk-v1", "target: sdk-v1\n", ["stdio", "http"]],
] as const)("the generated client (%s) pins the server's tools", (target, extraConfig, transports) => {
  let module: PinnedModule;
  let root: string;
  beforeAll(async () => {
    ({ root, module } = await pinnedProject(extraConfig));
  }, 180_000);

  const connect = async (transport: "stdio" | "http", drifted: boolean, options: Options = {}): Promise<PinnedClient> => {
    const flags = drifted ? ["--drifted"] : [];
    if (transport === "stdio") return module.ToolsClient.connectStdio(stdioServer(...flags), options);
    return module.ToolsClient.connectHttp(await startHttp(SERVER, [...flags, "--http"]), options);
  };

  it("carries the lock's hashes of every tool, whole and per part", () => {
    const lock = JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")) as { tools: Record<string, { sha256: string; parts: Record<string, string> }> };
    expect(module.TOOL_PINS.map((pin) => pin.name)).toEqual(["calls", "drift", "echo"]);
    for (const pin of module.TOOL_PINS) expect({ sha256: pin.sha256, parts: pin.parts }).toEqual({ sha256: lock.tools[pin.name]!.sha256, parts: lock.tools[pin.name]!.parts });
  });

  for (const transport of transports) {
    describe(`over ${transport}`, () => {
      it("refuses to connect to a server whose tool changed before connect, naming the tool and the part, never the text", async () => {
        const error = await rejection(() => connect(transport, true));
        expect(error).toBeInstanceOf(module.ToolDriftError);
        const drift = (error as { readonly drift: readonly Drift[] }).drift;
        expect(drift.map((d) => [d.name, d.kind, d.parts])).toEqual([["echo", "changed", ["description"]]]);
        expect((error as Error).message).toContain('"echo" changed (description)');
        expect((error as Error).message).not.toContain("id_rsa");
      });

      it('with onDrift: "warn", connects, reports the change once and lets calls through', async () => {
        const watch = warnings(/"echo" changed \(description\)/);
        const tools = await connect(transport, true, { onDrift: "warn", warn: watch.warn });
        try {
          expect(await tools.echo({ text: "hi" })).toMatchObject({ isError: false });
          expect((await tools.checkTools()).map((d) => d.name)).toEqual(["echo"]);
          expect(watch.seen).toHaveLength(1);
          expect(watch.seen[0]).not.toContain("id_rsa");
        } finally {
          await tools.client.close();
        }
      });

      // 2025-era Streamable HTTP is served statelessly (createMcpHandler), with no stream for a
      // notification: the change is seen at the next listing instead.
      const notified = !(target === "sdk-v1" && transport === "http");
      it(`a change after connect${notified ? " (list_changed)" : ""} is checked again, and a call to the changed tool never reaches the server`, async () => {
        const watch = warnings(/"echo" changed \(description\)/);
        const tools = await connect(transport, false, { warn: watch.warn });
        try {
          expect(await tools.echo({ text: "before" })).toMatchObject({ isError: false });
          expect(await tools.drift({})).toMatchObject({ isError: false });
          if (notified) expect(await watch.first).toContain("calls to a changed or missing tool are refused");
          else await expect(tools.listTools()).rejects.toBeInstanceOf(module.ToolDriftError);
          const refused = await rejection(() => tools.echo({ text: "after" }));
          expect(refused).toBeInstanceOf(module.ToolDriftError);
          expect((refused as Error).message).toMatch(/^The call to "echo" was not sent/);
          // The unchanged tools still work, and the server saw one echo only.
          expect((await tools.calls({})).output).toMatchObject({ echo: 1, drift: 1 });
          await expect(tools.listTools()).rejects.toBeInstanceOf(module.ToolDriftError);
        } finally {
          await tools.client.close();
        }
      });
    });
  }
});
