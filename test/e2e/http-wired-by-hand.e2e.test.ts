// docs/http.md "Wiring by hand", run as written: its sample is copied verbatim into a project that
// `mcp-gen init` scaffolded and mcp-gen built, with only its port changed (0, and a line that prints
// the URL it got), compiled by tsc and started on 127.0.0.1 beside the same project's `serveHttp`
// entry (dist/http.js). The generated `mcpRequestValidation()` in front must make the sample as safe
// as `serveHttp`: the requests the SDK's own Host and Origin checks let through (Host on two lines
// after a loopback one, a Host with userinfo, another path) get serveHttp's very answers, and so does
// every other attack of the shared table; a legitimate SDK v2 client is served. The runtime is
// vendored, so that the project runs this checkout's runtime whatever node_modules links.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compileProject, startHttpChild, stopChild, type ServedChild } from "../support/e2e-processes.js";
import { attack, expectVerdict, GUARD_CASES, INITIALIZE } from "../support/http-guard-attacks.js";
import { installLinked } from "../support/linked-install.js";
import { exchange } from "../support/raw-http.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess } from "../support/temp-project.js";

const LISTEN = '.listen(3000, "127.0.0.1");';
/** The same call on port 0, announcing the URL it got as startHttpChild waits for it. */
const LISTEN_ANY_PORT =
  '.listen(0, "127.0.0.1").once("listening", function (this: { address(): unknown }) { console.error(`MCP server on http://127.0.0.1:${(this.address() as { port: number }).port}/mcp`); });';

/** The first TypeScript block after the "Wiring by hand" heading of docs/http.md. */
function wiredByHandSample(markdown: string): string {
  const section = markdown.indexOf("\n## Wiring by hand\n");
  const block = /```ts\n([\s\S]*?)```/.exec(markdown.slice(section));
  if (section === -1 || block === null) throw new Error('docs/http.md has no "Wiring by hand" section with a ts block');
  return block[1]!;
}

let root = "";
let wired: ServedChild | undefined;
let served: ServedChild | undefined;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-gen-wired-http-"));
  const init = await runInProcess(root, ["init"]);
  if (init.code !== 0) throw new Error(`mcp-gen init failed (exit ${init.code}):\n${init.stdout}${init.stderr}`);
  appendFileSync(join(root, "mcp-gen.config.yaml"), "runtime: vendored\n");
  const build = await runInProcess(root, ["build"]);
  if (build.code !== 0) throw new Error(`mcp-gen build failed (exit ${build.code}):\n${build.stdout}${build.stderr}`);
  installLinked(root);
  const sample = wiredByHandSample(readFileSync(join(REPO_ROOT, "docs", "http.md"), "utf8"));
  expect(sample.split(LISTEN).length, `the sample listens with ${LISTEN} once`).toBe(2);
  writeFileSync(join(root, "src", "wired.ts"), sample.replace(LISTEN, LISTEN_ANY_PORT));
  await compileProject(join(root, "tsconfig.build.json"));
  [wired, served] = await Promise.all([startHttpChild(join(root, "dist", "wired.js")), startHttpChild(join(root, "dist", "http.js"))]);
}, 120_000);

afterAll(async () => {
  await Promise.all([wired, served].map((child) => (child ? stopChild(child.child) : undefined)));
  if (root !== "") rmSync(root, { recursive: true, force: true });
});

const JSON_POST = ["Content-Type: application/json", "Accept: application/json, text/event-stream", `Content-Length: ${Buffer.byteLength(INITIALIZE)}`];

/** What the SDK's localhostHostValidation and localhostOriginValidation let through, and serveHttp refuses. */
const PAST_THE_SDK_CHECKS = [
  {
    name: "Host on two lines, the first a loopback name",
    lines: () => ["POST /mcp HTTP/1.1", "Host: localhost", "Host: attacker.example", ...JSON_POST],
    status: 400,
    body: { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Bad request: the Host header is sent more than once." } },
  },
  {
    name: "a Host with userinfo before a loopback name",
    lines: () => ["POST /mcp HTTP/1.1", "Host: attacker.example@localhost", ...JSON_POST],
    status: 400,
    body: { jsonrpc: "2.0", id: null, error: { code: -32600, message: "Bad request: the Host header is not a host name and port." } },
  },
  {
    name: "another path than /mcp",
    lines: (host: string) => ["POST /admin HTTP/1.1", `Host: ${host}`, ...JSON_POST],
    status: 404,
    body: { jsonrpc: "2.0", id: null, error: { code: -32601, message: "Not found: this server answers MCP requests at /mcp." } },
  },
];

async function greetOverHttp(url: URL): Promise<unknown> {
  const client = new Client({ name: "wired-http-test", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(url));
  try {
    return (await client.callTool({ name: "greet", arguments: { name: "Ada", language: "pt" } })).structuredContent;
  } finally {
    await client.close();
  }
}

describe("the hand-wired HTTP server of docs/http.md", () => {
  it("serves a legitimate SDK v2 client", async () => {
    expect(await greetOverHttp(wired!.url)).toEqual({ greeting: "Olá, Ada!" });
  });

  for (const request of PAST_THE_SDK_CHECKS) {
    it(`refuses ${request.name} with ${request.status}, as serveHttp does`, async () => {
      const [mine, reference] = await Promise.all([wired!, served!].map(({ url }) => exchange(url, request.lines(url.host), INITIALIZE)));
      expect({ status: mine!.status, body: mine!.body }).toEqual({ status: reference!.status, body: reference!.body });
      expect(mine!.status, mine!.body).toBe(request.status);
      expect(JSON.parse(mine!.body)).toEqual(request.body);
    });
  }

  for (const guardCase of GUARD_CASES) {
    it(`answers ${guardCase.name} as serveHttp does`, async () => {
      const [mine, reference] = await Promise.all([attack(wired!.url, guardCase), attack(served!.url, guardCase)]);
      expectVerdict(mine!, guardCase);
      expect(mine!.status, mine!.body).toBe(reference!.status);
      if (reference!.status !== 200) expect(mine!.body).toBe(reference!.body);
    });
  }

  it("still serves the legitimate client after every attack, in the same process", async () => {
    expect(wired!.child.exitCode).toBeNull();
    expect(await greetOverHttp(wired!.url)).toEqual({ greeting: "Olá, Ada!" });
  });
});
