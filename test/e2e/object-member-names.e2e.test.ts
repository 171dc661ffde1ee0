// Property names that are members of Object.prototype (issue 23.3) work in every generated position.
// One project holds a tool per position; it is built, compiled with the strictest flags under every
// supported TypeScript, and its own tests run: the scaffolds mcp-gen wrote and calls.test.ts below,
// which drives the generated client against the generated server (over the in-process HTTP handler,
// so Mcp-Param headers are mirrored and checked).
// - types: an optional `toString`/`constructor`/... may be left out of an arguments or result literal
//   (TypeScript compares the member every object inherits with the property's type), and a handler
//   reading one sees the inherited member in its type too;
// - scaffolds: the issue's anyOf branch `{ "properties": { "constructor": { "const": "" } } }` no
//   longer makes the scaffold write `constructor: undefined`, which chose that branch for TypeScript;
// - validators: a `__proto__` property is checked against its own schema and allowed by a closed object;
// - client and header mirroring: member-named arguments and headers, at the root and nested.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runNode } from "../support/e2e-processes.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, writeFiles } from "../support/temp-project.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig, type TypeCheck } from "../support/typescript-compilers.js";

const VITEST = join(REPO_ROOT, "node_modules", "vitest", "vitest.mjs");
/** Members of Object.prototype that TypeScript's Object interface does not declare. */
const LEGACY = ["__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"];

const TOOLS: Record<string, object> = {
  // types: every member of Object.prototype as an optional property of each JSON type, one required.
  members: {
    name: "members",
    description: "Echoes which Object-member-named arguments it got.",
    inputSchema: {
      type: "object",
      properties: {
        item: { type: "string" },
        constructor: { type: "string", description: "Named like Object's constructor." },
        toString: { type: "integer" },
        toLocaleString: { type: "boolean" },
        valueOf: { type: "object", properties: { hasOwnProperty: { type: "string" } } },
        hasOwnProperty: { type: "array", items: { type: "string" } },
        isPrototypeOf: { enum: ["a", "b"] },
        propertyIsEnumerable: { const: "" },
        ...Object.fromEntries(LEGACY.map((name) => [name, { type: "string" }])),
      },
      required: ["item", "isPrototypeOf"],
    },
    outputSchema: {
      type: "object",
      properties: { got: { type: "array", items: { type: "string" } }, toString: { type: "string" }, constructor: { type: "string" } },
      required: ["got", "constructor"],
    },
  },
  // scaffolds: the issue's branch, beside a closed branch the derived arguments are written for.
  branches: {
    name: "branches",
    description: "An anyOf whose second branch has a constructor const.",
    inputSchema: {
      type: "object",
      properties: {
        p: {
          anyOf: [
            { type: "object", properties: { a: { type: "string" } }, required: ["a"], additionalProperties: false },
            { properties: { constructor: { const: "" } }, additionalProperties: false },
            { properties: { constructor: { const: "" } } },
          ],
        },
      },
      required: ["p"],
    },
  },
  // validators: a closed object with a __proto__ property.
  closed: {
    name: "closed",
    description: "A closed object whose properties include __proto__.",
    inputSchema: {
      type: "object",
      properties: { inner: { type: "object", properties: { ["__proto__"]: { type: "string" }, constructor: { type: "string" } }, additionalProperties: false } },
      required: ["inner"],
    },
  },
  // header mirroring: member-named parameters at the root and below a member-named object.
  headers: {
    name: "headers",
    description: "Mirrors member-named arguments into Mcp-Param headers.",
    inputSchema: {
      type: "object",
      properties: {
        toString: { type: "string", "x-mcp-header": "To-String" },
        constructor: {
          type: "object",
          properties: { valueOf: { type: "integer", "x-mcp-header": "Value-Of" }, ["__proto__"]: { type: "boolean", "x-mcp-header": "Proto" } },
        },
      },
    },
  },
};

/** Handlers that report what arrived: own keys only, so an inherited member never counts. */
const HANDLERS: Record<string, string> = {
  "src/handlers/members.ts": `import type { ToolHandlers } from "../generated/server.js";

export const members: ToolHandlers["members"] = (args) => {
  // Left out, args.toString is the inherited method, and the type says so.
  const count: number = typeof args.toString === "number" ? args.toString : -1;
  const text = typeof args.constructor === "string" ? args.constructor : "inherited";
  return { got: Object.keys(args).filter((key) => Object.hasOwn(args, key)), constructor: text, ...(count >= 0 ? { toString: String(count) } : {}) };
};
`,
  "src/handlers/branches.ts": `import type { ToolHandlers } from "../generated/server.js";

export const branches: ToolHandlers["branches"] = (args) => JSON.stringify(args.p);
`,
  "src/handlers/closed.ts": `import type { ToolHandlers } from "../generated/server.js";

export const closed: ToolHandlers["closed"] = (args) => JSON.stringify(Object.keys(args.inner));
`,
  "src/handlers/headers.ts": `import type { ToolHandlers } from "../generated/server.js";

export const headers: ToolHandlers["headers"] = (args, ctx) => {
  const sent = ctx.sdk.http?.req?.headers;
  const mirrored = ["to-string", "value-of", "proto"].map((name) => \`\${name}=\${sent?.get(\`mcp-param-\${name}\`) ?? "-"}\`);
  return \`\${JSON.stringify(args)} \${mirrored.join(" ")}\`;
};
`,
};

/** Calls a user would write, by position; each expectation failed before issue 23.3. */
const CALLS = `import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { connectInProcess, type InProcessSession } from "../src/generated/testing.js";
import { ToolArgumentsError } from "../src/generated/client.js";

const text = (outcome: { isError: boolean; result: { content: unknown[] } }) => {
  if (outcome.isError) throw new Error(JSON.stringify(outcome.result));
  return (outcome.result.content[0] as { text: string }).text;
};

describe("Object-member-named properties", () => {
  let session: InProcessSession;
  beforeEach(async () => {
    session = await connectInProcess();
  });
  afterEach(async () => {
    await session.close();
  });

  it("types: the client takes arguments that leave them out or set them, and refuses other types", async () => {
    const left = await session.tools.members({ item: "x", isPrototypeOf: "a" });
    if (left.isError) throw new Error(left.message);
    expect(left.output).toEqual({ got: ["item", "isPrototypeOf"], constructor: "inherited" });
    const set = await session.tools.members({ item: "x", isPrototypeOf: "b", constructor: "c", toString: 3, valueOf: { hasOwnProperty: "h" }, propertyIsEnumerable: "" });
    if (set.isError) throw new Error(set.message);
    expect(set.output).toEqual({ got: ["item", "isPrototypeOf", "constructor", "toString", "valueOf", "propertyIsEnumerable"], constructor: "c", toString: "3" });
    // @ts-expect-error toString is an integer
    await expect(session.tools.members({ item: "x", isPrototypeOf: "a", toString: "3" })).rejects.toBeInstanceOf(ToolArgumentsError);
    // @ts-expect-error isPrototypeOf is required
    await expect(session.tools.members({ item: "x" })).rejects.toBeInstanceOf(ToolArgumentsError);
  });

  it("scaffolds: arguments for the first anyOf branch are sent as they are", async () => {
    expect(text(await session.tools.branches({ p: { a: "x" } }))).toBe('{"a":"x"}');
    expect(text(await session.tools.branches({ p: { constructor: "" } }))).toBe('{"constructor":""}');
  });

  it("validators: a closed object keeps its __proto__ member, checked against its own schema", async () => {
    expect(text(await session.tools.closed({ inner: { ["__proto__"]: "x", constructor: "y" } }))).toBe('["__proto__","constructor"]');
    const wrong = JSON.parse('{ "inner": { "__proto__": 1 } }') as Parameters<typeof session.tools.closed>[0];
    await expect(session.tools.closed(wrong)).rejects.toBeInstanceOf(ToolArgumentsError);
  });

  it("header mirroring: member-named parameters become headers, and left out, none", async () => {
    expect(text(await session.tools.headers({ toString: "t", constructor: { valueOf: 7, ["__proto__"]: true } }))).toBe(
      '{"toString":"t","constructor":{"valueOf":7,"__proto__":true}} to-string=t value-of=7 proto=true',
    );
    expect(text(await session.tools.headers({ constructor: {} }))).toBe('{"constructor":{}} to-string=- value-of=- proto=-');
    expect(text(await session.tools.headers({}))).toBe("{} to-string=- value-of=- proto=-");
  });
});
`;

let root = "";
let build = { code: -1, stdout: "", stderr: "" };
const checks = new Map<string, TypeCheck>();

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "mcp-gen-object-members-"));
  writeFiles(root, {
    "package.json": '{ "name": "members", "version": "1.0.0", "private": true, "type": "module" }\n',
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

describe("property names that are Object.prototype members", () => {
  it("build", () => {
    expect(build.code, build.stdout + build.stderr).toBe(0);
  });

  for (const compiler of TYPESCRIPT_COMPILERS) {
    it(`types, scaffolds, client and handlers compile under TypeScript ${compiler.version} with the strictest flags`, () => {
      expect(checks.get(compiler.version)?.errors).toEqual([]);
    });
  }

  it("the arguments type lets an optional member-named property be left out, and says what a handler reads then", () => {
    const module = readFileSync(join(root, "src/generated/tools/members.ts"), "utf8");
    expect(module).toContain('  constructor?: (string | globalThis.Object["constructor"]);');
    expect(module).toContain('  toString?: (number | globalThis.Object["toString"]);');
    expect(module).toContain('      hasOwnProperty?: (string | globalThis.Object["hasOwnProperty"]);');
    // Required, it is exactly its schema's type; a name TypeScript's Object does not declare needs nothing.
    expect(module).toContain('  isPrototypeOf: ("a" | "b");');
    expect(module).toContain("  __defineGetter__?: string;");
  });

  it("the scaffold writes the derived arguments as they are, without spelling out members of other branches", () => {
    const scaffold = readFileSync(join(root, "test/tools/branches.test.ts"), "utf8");
    expect(scaffold).toContain("session.tools.branches({");
    expect(scaffold).not.toContain("constructor");
  });

  it("runs: the scaffolds and the calls of every position pass", async () => {
    writeFileSync(join(root, "vitest.config.ts"), 'export default { test: { include: ["test/**/*.test.ts"] } };\n');
    const run = await runNode([VITEST, "run", "--root", root, "--reporter", "verbose"], root);
    const output = run.output.replace(/\u001b\[[0-9;]*m/g, "");
    for (const position of ["types:", "scaffolds:", "validators:", "header mirroring:"]) expect(output).toMatch(new RegExp(`✓ .*${position}`));
    expect(output).toMatch(/Test Files\s+5 passed \(5\)/);
    expect(run.code, output).toBe(0);
  }, 120_000);
});
