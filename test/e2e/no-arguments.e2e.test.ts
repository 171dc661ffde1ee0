// A tool whose inputSchema allows no property (`additionalProperties: false`, no `properties`) takes
// only `{}`, or nothing (issue 23.4). Its arguments type was an empty interface, which every value but
// null and undefined is assignable to: `tool("oops")` and `tool({ extra: 1 })` compiled, and failed
// only when called. The same holds for such an object deeper in a schema. Checked with tsc (5.9, 6.0
// and 7.0, the strictest flags), on the client and on the handler side, and by calling the tools.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, writeFiles } from "../support/temp-project.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig, type TypeCheck } from "../support/typescript-compilers.js";

const VITEST = join(REPO_ROOT, "node_modules", "vitest", "vitest.mjs");

const TOOLS = {
  ping: { name: "ping", description: "Answers pong; takes no argument.", inputSchema: { type: "object", additionalProperties: false } },
  closed_empty: { name: "closed_empty", description: "Takes no argument, with an empty properties.", inputSchema: { type: "object", properties: {}, additionalProperties: false } },
  nested: {
    name: "nested",
    description: "Takes an options object that must be empty.",
    inputSchema: { type: "object", properties: { options: { type: "object", additionalProperties: false } }, required: ["options"] },
  },
  open: { name: "open", description: "Takes any argument.", inputSchema: { type: "object" } },
};

const HANDLERS: Record<string, string> = {
  "src/handlers/ping.ts": 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const ping: ToolHandlers["ping"] = (args) => `pong ${Object.keys(args).length}`;\n',
  "src/handlers/closed_empty.ts": 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const closedEmpty: ToolHandlers["closed_empty"] = () => "empty";\n',
  "src/handlers/nested.ts": 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const nested: ToolHandlers["nested"] = (args) => JSON.stringify(args);\n',
  "src/handlers/open.ts": 'import type { ToolHandlers } from "../generated/server.js";\n\nexport const open: ToolHandlers["open"] = (args) => JSON.stringify(args);\n',
};

/** Calls as a user writes them: the @ts-expect-error lines must not compile (tsc fails on an unused one), the others must. */
const CALLS = `import { afterEach, beforeEach, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../src/generated/testing.js";
import type { ToolHandlers } from "../src/generated/server.js";
import { ping } from "../src/handlers/ping.js";

let session: InProcessSession;
beforeEach(async () => {
  session = await connectInProcess();
});
afterEach(async () => {
  await session.close();
});

const text = (outcome: { isError: boolean; result: { content: unknown[] } }) => (outcome.result.content[0] as { text: string }).text;

it("client: a tool that takes no argument is called with {} or nothing, and nothing else compiles", async () => {
  expect(text(await session.tools.ping({}))).toBe("pong 0");
  expect(text(await session.tools.ping())).toBe("pong 0");
  expect(text(await session.tools.closedEmpty())).toBe("empty");
  // Type-checked, never run.
  const refused = async () => {
    // @ts-expect-error a string is not arguments
    await session.tools.ping("oops");
    // @ts-expect-error no property is allowed
    await session.tools.ping({ extra: 1 });
    // @ts-expect-error no property is allowed
    await session.tools.closedEmpty({ extra: "x" });
    // @ts-expect-error options must be an empty object
    await session.tools.nested({ options: "oops" });
    // @ts-expect-error options must be an empty object
    await session.tools.nested({ options: { extra: 1 } });
    // @ts-expect-error options is required: only a tool that takes no argument has a default
    await session.tools.nested();
  };
  void refused;
  expect(text(await session.tools.nested({ options: {} }))).toBe('{"options":{}}');
  expect(text(await session.tools.open({ extra: 1 }))).toBe('{"extra":1}');
});

it("handler side: the handler takes {} and nothing else", async () => {
  const handler: ToolHandlers["ping"] = ping;
  const ctx = undefined as unknown as Parameters<ToolHandlers["ping"]>[1];
  expect(await handler({}, ctx)).toBe("pong 0");
  // Type-checked, never run.
  const refused = async () => {
    // @ts-expect-error a string is not arguments
    await handler("oops", ctx);
    // @ts-expect-error no property is allowed
    await handler({ extra: 1 }, ctx);
  };
  void refused;
});
`;

let root = "";
let build = { code: -1, stdout: "", stderr: "" };
const checks = new Map<string, TypeCheck>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-gen-no-arguments-"));
  writeFiles(root, {
    "package.json": '{ "name": "no-arguments", "version": "1.0.0", "private": true, "type": "module" }\n',
    ...Object.fromEntries(Object.entries(TOOLS).map(([name, tool]) => [`tools/${name}.json`, `${JSON.stringify(tool, null, 2)}\n`])),
  });
  build = await runInProcess(root, ["build"]);
  writeFiles(root, { ...HANDLERS, "test/calls.test.ts": CALLS });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
  const tsconfig = writeTsconfig(root, "tsconfig.json", STRICTEST_OPTIONS, ["src", "test"]);
  for (const compiler of TYPESCRIPT_COMPILERS) checks.set(compiler.version, await typeCheck(compiler, tsconfig));
}, 300_000);

afterAll(() => {
  if (root !== "") rmSync(root, { recursive: true, force: true });
});

describe("a tool that takes no argument", () => {
  it("builds", () => {
    expect(build.code, build.stdout + build.stderr).toBe(0);
  });

  it("has an arguments type that admits no property, and a client method callable without arguments", () => {
    expect(readFileSync(join(root, "src/generated/tools/ping.ts"), "utf8")).toContain("export interface PingArguments {\n  [k: string]: never;\n}\n");
    const client = readFileSync(join(root, "src/generated/client.ts"), "utf8");
    expect(client).toContain("  ping(args: PingArguments = {}, options?: CallOptions): Promise<ToolOutcome<ContentBlock[]>> {");
    expect(client).toContain("  nested(args: NestedArguments, options?: CallOptions)");
    expect(client).toContain("  open(args: OpenArguments, options?: CallOptions)");
  });

  for (const compiler of TYPESCRIPT_COMPILERS) {
    it(`refuses every other call under TypeScript ${compiler.version}, client and handler side, and compiles the good ones`, () => {
      expect(checks.get(compiler.version)?.errors).toEqual([]);
    });
  }

  it("runs: the calls and the scaffolds pass", async () => {
    writeFileSync(join(root, "vitest.config.ts"), 'export default { test: { include: ["test/**/*.test.ts"] } };\n');
    const run = await runNode([VITEST, "run", "--root", root], root);
    const output = run.output.replace(/\u001b\[[0-9;]*m/g, "");
    expect(output).toMatch(/Test Files\s+5 passed \(5\)/);
    expect(run.code, output).toBe(0);
  }, 120_000);
});
