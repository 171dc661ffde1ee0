// The HTTP entry `mcp-gen init` writes (src/http.ts, the generated `serveHttp`), attacked as written
// (issue 25 item 3): a project scaffolded by init into a temp folder, built by mcp-gen, compiled by
// tsc, and its dist/http.js started on 127.0.0.1 with port 0. Raw HTTP requests at the socket level
// (a DNS-rebinding Host, a foreign Origin, headers on two lines, oversized headers and bodies)
// are refused before the handler runs; a legitimate call through the SDK's client is served, before
// the attacks and after them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileProject, runNode, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { attack, expectVerdict, GUARD_CASES } from "../support/http-guard-attacks.js";
import { installLinked } from "../support/linked-install.js";
import { runInProcess } from "../support/temp-project.js";

let root = "";
let served: ServedChild | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-gen-init-http-"));
  for (const argv of [["init"], ["build"]]) {
    const run = await runInProcess(root, argv);
    if (run.code !== 0) throw new Error(`mcp-gen ${argv[0]} failed (exit ${run.code}):\n${run.stdout}${run.stderr}`);
  }
  installLinked(root);
  await compileProject(join(root, "tsconfig.build.json"));
  served = await startHttpChild(join(root, "dist", "http.js"));
}, 120_000);

afterAll(async () => {
  if (served) await stopChild(served.child);
  if (root !== "") rmSync(root, { recursive: true, force: true });
});

/** greet, called through the SDK v2 client over Streamable HTTP. */
async function greetOverHttp(url: URL): Promise<unknown> {
  const client = new Client({ name: "init-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    return (await client.callTool({ name: "greet", arguments: { name: "Ada", language: "pt" } })).structuredContent;
  } finally {
    await client.close();
  }
}

describe("the HTTP entry init writes", () => {
  it("listens on 127.0.0.1 and serves a legitimate SDK client", async () => {
    expect(served!.url.hostname).toBe("127.0.0.1");
    expect(served!.url.pathname).toBe("/mcp");
    expect(await greetOverHttp(served!.url)).toEqual({ greeting: "Olá, Ada!" });
  });

  for (const guardCase of GUARD_CASES) {
    it(`answers ${guardCase.name} with ${guardCase.expected.status}`, async () => {
      expectVerdict(await attack(served!.url, guardCase), guardCase);
    });
  }

  it("still serves the legitimate client after every attack, in the same process", async () => {
    expect(served!.child.exitCode).toBeNull();
    expect(await greetOverHttp(served!.url)).toEqual({ greeting: "Olá, Ada!" });
  });

  it("says why it cannot serve (its port is taken) and exits 1", async () => {
    const second = await runNode([join(root, "dist", "http.js"), served!.url.port], root);
    expect(second.output).toMatch(new RegExp(`^Cannot serve on port ${served!.url.port}: listen EADDRINUSE`));
    expect(second.code).toBe(1);
  });
});
