// Adversarial inputs to `mcp-gen build` (hardening issue): each gives a clear diagnostic and a
// non-zero exit, promptly, writes nothing, and never reads or writes outside the project.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = (name: string, extra = "") => `name: ${JSON.stringify(name)}\ndescription: An adversarial case.\ninputSchema:\n  type: object\n${extra}`;

/** Every file under root with its contents, to prove a failed build wrote nothing. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) files.set(relative(root, path), readFileSync(path, "latin1"));
    }
  };
  walk(root);
  return files;
}

async function expectRefused(files: Record<string, string | Uint8Array>, ruleId: string, exit = 1, setup?: (root: string) => void) {
  const root = tempProject(files);
  setup?.(root);
  const before = snapshot(root);
  const run = await runInProcess(root, ["build"]);
  expect(run.code, run.stdout + run.stderr).toBe(exit);
  expect(run.stdout).toContain(` error ${ruleId} `);
  expect(run.stderr).toBe("");
  expect(snapshot(root)).toEqual(before);
  return run;
}

const outside = mkdtempSync(join(tmpdir(), "mcp-gen-outside-"));
writeFileSync(join(outside, "secret.json"), '{ "type": "string" }');
afterAll(() => rmSync(outside, { recursive: true, force: true }));

describe("adversarial descriptors and configs", () => {
  it("a $ref through a symlink that leaves the project is refused and not read", async () => {
    await expectRefused({ "tools/t.yaml": TOOL("t", "  properties:\n    p: { $ref: ../schemas/link.json }\n") }, "ref-outside-root", 1, (root) => {
      mkdirSync(join(root, "schemas"));
      symlinkSync(join(outside, "secret.json"), join(root, "schemas/link.json"));
    });
  });

  it("a $ref to a plain file inside a linked folder that leaves the project is refused and not read", async () => {
    // The file is no link itself: only its folder's real path shows that it lies outside.
    await expectRefused({ "tools/t.yaml": TOOL("t", "  properties:\n    p: { $ref: ../schemas/away/secret.json }\n") }, "ref-outside-root", 1, (root) => {
      mkdirSync(join(root, "schemas"));
      symlinkSync(outside, join(root, "schemas/away"));
    });
  });

  it("a descriptor that is a symlink leaving the project is refused", async () => {
    await expectRefused({ "tools/ok.yaml": TOOL("ok") }, "load-outside-root", 1, (root) => {
      symlinkSync(join(outside, "secret.json"), join(root, "tools/evil.json"));
    });
  });

  it("duplicate tool names across files stop the build", async () => {
    await expectRefused({ "tools/a.yaml": TOOL("same"), "tools/b.json": JSON.stringify({ name: "same", description: "x", inputSchema: { type: "object" } }) }, "tool-name-unique");
  });

  it("a pattern that runs in exponential time is refused, naming its attack string", async () => {
    // A lookahead that a back-reference keeps from splitting into re2js matches: only RegExp runs
    // it, and the ReDoS checker finds it exponential, so nothing runs it.
    const run = await expectRefused({ "tools/t.yaml": TOOL("t", '  properties:\n    p: { type: string, pattern: "^(?=(a+)+$)\\\\1b" }\n') }, "schema-pattern-bounded-time");
    expect(run.stdout).toContain("exponential time in the length of the input");
    expect(run.stdout).toContain("hint: Attack string: 'a' + 'a'.repeat(31) + 'b'.");
  });

  it("invalid UTF-8 is refused", async () => {
    await expectRefused({ "tools/t.yaml": new Uint8Array([...Buffer.from("name: t\ndescription: caf"), 0xe9, 0x0a]) }, "load-encoding");
  });

  it("100,000 subschemas are refused without hanging", async () => {
    const anyOf = Array.from({ length: 100_000 }, () => "{}").join(",");
    await expectRefused({ "tools/t.json": `{"name":"t","description":"x","inputSchema":{"type":"object","anyOf":[${anyOf}]}}` }, "load-too-many-nodes");
  });

  it("a config whose out leaves the project exits 2", async () => {
    await expectRefused({ "mcp-gen.config.yaml": "out: ../elsewhere\n", "tools/t.yaml": TOOL("t") }, "config-invalid", 2);
  });

  it("a config whose out is the handlers folder exits 2", async () => {
    await expectRefused({ "mcp-gen.config.yaml": "out: src/handlers\n", "tools/t.yaml": TOOL("t") }, "config-invalid", 2);
  });
});

describe("hostile but valid names and keys build safely", () => {
  it("tools named .., CON, __proto__ and constructor get safe files inside the project", async () => {
    const root = tempProject({
      "tools/a.yaml": TOOL(".."),
      "tools/b.yaml": TOOL("CON"),
      "tools/c.yaml": TOOL("__proto__"),
      "tools/d.yaml": TOOL("constructor"),
    });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    const written = [...snapshot(root).keys()].filter((p) => p.startsWith("src/handlers/")).sort();
    expect(written).toEqual(["src/handlers/_CON.ts", "src/handlers/___.ts", "src/handlers/__proto__.ts", "src/handlers/constructor.ts"]);
    expect(statSync(join(root, "..")).isDirectory()).toBe(true);
  });

  it("prototype-pollution keys stay data: nothing reaches Object.prototype", async () => {
    const root = tempProject({
      "tools/t.json": '{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string","polluted":true},"constructor":{"prototype":{"polluted":true}}}}}',
    });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readFileSync(join(root, "src/generated/tools/t.ts"), "utf8")).toContain('["__proto__"]: { type: "string", polluted: true }');
  });

  it("enum members whose toString is no function build, and the scaffold keeps the default that equals one", async () => {
    // ajv's fast-deep-equal would call `toString` (load-ajv.ts, patch 4); the pattern makes the
    // schema one whose scaffold arguments are judged by running the validator.
    const root = tempProject({
      "tools/t.json":
        '{"name":"t","description":"x","inputSchema":{"type":"object","properties":{"a":{"enum":[{"toString":1}],"default":{"toString":1}},"b":{"type":"string","pattern":"^x"}},"required":["a"]}}',
    });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(readFileSync(join(root, "test/tools/t.test.ts"), "utf8")).toMatch(/toString: 1/);
  });

  it("data with hasOwnProperty or $ref members builds, and the types keep those members", async () => {
    // json-schema-to-typescript calls every object's hasOwnProperty and dereferences any object
    // with a $ref member, data included (emit-types.ts, dataFor): both stopped the build with an
    // internal error.
    const root = tempProject({
      "tools/t.json": JSON.stringify({
        name: "t",
        description: "x",
        inputSchema: {
          type: "object",
          properties: {
            a: { enum: [{ hasOwnProperty: 3 }, { constructor: 2 }], default: { hasOwnProperty: 3 } },
            b: { enum: [{ $ref: "#/definitions/nope" }, { $ref: "#/properties/a" }] },
            c: { const: { $ref: "http://127.0.0.1:9/x.json" }, examples: [JSON.parse('{"__proto__": 1}')] },
          },
          required: ["a"],
        },
      }),
    });
    const run = await runInProcess(root, ["build"]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const module = readFileSync(join(root, "src/generated/tools/t.ts"), "utf8");
    expect(module).toContain("a: ({hasOwnProperty:3} | {constructor:2});");
    // Data, not references: neither dereferenced to the schema it names nor fetched.
    expect(module).toContain('b?: ({$ref:"#/definitions/nope"} | {$ref:"#/properties/a"});');
    expect(module).toContain('c?: {$ref:"http://127.0.0.1:9/x.json"};');
  });
});
