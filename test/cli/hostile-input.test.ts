// Hostile input (issue: foundation, "Done when"): each gives a clear diagnostic and exit 1, promptly,
// without a stack trace, and nothing is ever fetched.
import { createServer, type Server } from "node:http";
import { truncateSync, openSync, closeSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectValidSarif } from "../support/sarif-schema.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL_HEAD = "name: hostile\ndescription: Hostile input.\n";

function expectRejected(run: { code: number; stdout: string; stderr: string }, ruleId: string): void {
  expect(run.code).toBe(1);
  expect(run.stdout).toContain(` error ${ruleId} `);
  expect(run.stderr).toBe("");
  expect(run.stdout).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
}

describe("hostile descriptors", () => {
  it("a YAML alias bomb stops at the alias budget", async () => {
    const lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(", ")}]`,
      );
    const root = tempProject({ "tools/bomb.yaml": `${TOOL_HEAD}inputSchema: { type: object }\nx-mcp-gen:\n  ${lines.join("\n  ")}\n` });
    expectRejected(await runInProcess(root, ["validate"]), "yaml-alias-limit");
  });

  it("10,000 levels of nesting in YAML are refused before parsing", async () => {
    const deep = "- ".repeat(10_000) + "x\n";
    const root = tempProject({ "tools/deep.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  default:\n    ${deep}` });
    expectRejected(await runInProcess(root, ["validate"]), "load-too-deep");
  });

  it("collections nested deep on one line are refused before parsing, however they are written", async () => {
    const deep = 3_000;
    const values = {
      flow: `${"[".repeat(deep)}${"]".repeat(deep)}`,
      anchoredFlow: `&a ${"[".repeat(deep)}${"]".repeat(deep)}`,
      taggedFlow: `!!seq ${"[".repeat(deep)}${"]".repeat(deep)}`,
      dashesWideApart: `\n    ${"-  ".repeat(deep)}1`,
      dashesAndTabs: `\n    ${"- \t".repeat(deep)}1`,
      explicitKeys: `\n    ${"? ".repeat(deep)}1`,
    };
    for (const [name, value] of Object.entries(values)) {
      const root = tempProject({ "tools/deep.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  x: ${value}\n` });
      const run = await runInProcess(root, ["validate"]);
      expect(run.stdout, name).toContain("load-too-deep");
      expect(run.stdout, name).not.toContain("call stack");
    }
  });

  it("brackets inside plain text are not nesting: 300 descriptions with [0, N) are no deep file", async () => {
    let properties = "";
    for (let i = 0; i < 300; i++) properties += `    p${i}:\n      type: integer\n      description: An index in [0, ${i}).\n`;
    const root = tempProject({ "tools/intervals.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  properties:\n${properties}` });
    const run = await runInProcess(root, ["validate"]);
    expect(run.stdout).not.toContain("load-too-deep");
  });

  it("block-style YAML nested as deep as 1 MiB allows is refused before parsing", async () => {
    let block = "";
    for (let i = 0; i < 1_400; i++) block += `${" ".repeat(i)}k:\n`;
    const root = tempProject({ "tools/deep.yaml": block });
    expectRejected(await runInProcess(root, ["validate"]), "load-too-deep");
  });

  it("10,000 levels of nesting in JSON are refused before parsing", async () => {
    const nested = '{"type":"object","properties":{"a":'.repeat(10_000) + "{}" + "}}".repeat(10_000);
    const root = tempProject({ "tools/deep.json": `{"name":"deep","inputSchema":${nested}}` });
    expectRejected(await runInProcess(root, ["validate"]), "load-too-deep");
  });

  it("a 50 MiB file is refused by size without being parsed", async () => {
    const root = tempProject({ "tools/huge.json": "" });
    const fd = openSync(join(root, "tools/huge.json"), "r+");
    closeSync(fd);
    truncateSync(join(root, "tools/huge.json"), 50 * 1024 * 1024);
    expectRejected(await runInProcess(root, ["validate"]), "load-file-too-large");
  });

  it("a $ref cycle that never descends is an error", async () => {
    const root = tempProject({
      "tools/loop.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  properties: { x: { $ref: "../schemas/a.yaml" } }\n`,
      "schemas/a.yaml": "$ref: b.yaml\n",
      "schemas/b.yaml": "allOf: [{ $ref: a.yaml }]\n",
    });
    expectRejected(await runInProcess(root, ["validate"]), "ref-cycle");
  });

  it("a loop through $dynamicRef or $recursiveRef is a ref-cycle error, and build never crashes on it", async () => {
    const schemas = {
      // "$dynamicRef": "#" with no "$dynamicAnchor" is "$ref": "#"; ajv calls A's own function again.
      dynamic: '{ type: object, $ref: "#/$defs/A", $defs: { A: { $dynamicRef: "#" } } }',
      // 2019-09: "$recursiveRef": "#" without "$recursiveAnchor" names the root, whose $ref names x.
      recursive: '{ $schema: "https://json-schema.org/draft/2019-09/schema", type: object, properties: { x: { $recursiveRef: "#" } }, $ref: "#/properties/x" }',
    };
    for (const [name, schema] of Object.entries(schemas)) {
      const root = tempProject({ "tools/loop.yaml": `${TOOL_HEAD}inputSchema: ${schema}\n` });
      for (const command of ["validate", "build"]) {
        const run = await runInProcess(root, [command]);
        expect(run.code, `${name} ${command}`).toBe(1);
        expect(run.stdout, `${name} ${command}`).toContain(" error ref-cycle ");
        expect(run.stderr, `${name} ${command}`).toBe("");
      }
    }
  });

  it("a loop through a $dynamicRef that names the anchor of the resource validation entered first is a ref-cycle error", async () => {
    // Through "a", A is entered first of the resources declaring "node": "#node" in C names A, which
    // applies C in place. The generated validator ran out of stack on every value of "a".
    const schema =
      '{ type: object, properties: { a: { $ref: "https://example.com/A" }, b: { $ref: "https://example.com/B" } }, $defs: { ' +
      'A: { $id: "https://example.com/A", $dynamicAnchor: node, allOf: [{ $ref: "https://example.com/C" }] }, ' +
      'B: { $id: "https://example.com/B", $dynamicAnchor: node, properties: { x: { $ref: "https://example.com/C" } } }, ' +
      'C: { $id: "https://example.com/C", $dynamicAnchor: node, anyOf: [{ $dynamicRef: "#node" }, { type: string }] } } }';
    const root = tempProject({ "tools/loop.yaml": `${TOOL_HEAD}inputSchema: ${schema}\n` });
    for (const command of ["validate", "build"]) {
      const run = await runInProcess(root, [command]);
      expect(run.code, command).toBe(1);
      expect(run.stdout, command).toContain(" error ref-cycle ");
      expect(run.stderr, command).toBe("");
    }
  });

  it("build works out no scaffold samples where the validator runs out of stack on a loop no rule can see", async () => {
    // ajv enters B (and its "$dynamicAnchor") only inside x: before, it reads "$dynamicRef": "#n" as
    // the root, from inside the root's own anyOf. Whether it loops depends on the value.
    const schema = '{ type: object, properties: { x: { $ref: "#/$defs/B" } }, $defs: { B: { $dynamicAnchor: n } }, anyOf: [{ $dynamicRef: "#n" }, { required: [a] }] }';
    const root = tempProject({ "tools/loop.yaml": `${TOOL_HEAD}inputSchema: ${schema}\n` });
    const run = await runInProcess(root, ["build"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
  });

  it("a broken file never hides the diagnostics of the others", async () => {
    const root = tempProject({
      "tools/a-broken.json": "{",
      "tools/b-bad-schema.yaml": "name: bad_schema\ndescription: x\ninputSchema: { type: objekt }\n",
    });
    const run = await runInProcess(root, ["validate"]);
    expect(run.code).toBe(1);
    // At the { left open, not one past the file's last character (json-unclosed.test.ts).
    expect(run.stdout).toContain("tools/a-broken.json:1:1 error json-syntax");
    expect(run.stdout).toContain("tools/b-bad-schema.yaml:3:22 error input-schema-object");
  });
});

describe("YAML slips inside { } (issue 18.5)", () => {
  const slips = {
    "tools/bare-key.yaml": `${TOOL_HEAD}inputSchema: { type: object, foo }\n`,
    "tools/comma.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  properties:\n    path: { type: string, description: Path of the file, relative to the workspace. }\n`,
  };

  it("name the file, line and column of the key without a value, in every format", async () => {
    const root = tempProject(slips);
    const run = await runInProcess(root, ["validate"]);
    expectRejected(run, "yaml-key-without-value");
    expect(run.stdout).toContain("tools/bare-key.yaml:3:30 error yaml-key-without-value");
    expect(run.stdout).toContain("tools/comma.yaml:6:58 error yaml-key-without-value");
    const sarif = await runInProcess(root, ["check", "--format", "sarif"]);
    expect(sarif.code).toBe(1);
    const log = expectValidSarif(sarif.stdout) as { runs: { results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[] };
    expect(log.runs[0]!.results.map((r) => [r.ruleId, r.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ["yaml-key-without-value", 3],
      ["yaml-key-without-value", 6],
    ]);
  });
});

describe("remote $ref", () => {
  let server: Server;
  let requests = 0;
  let port = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      requests++;
      res.end('{"type":"string"}');
    });
    await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it("is refused and never fetched, over any scheme (T-REF-1, T-REF-4)", async () => {
    const refs = [
      `http://127.0.0.1:${port}/a.json`,
      `https://127.0.0.1:${port}/b.json`,
      `//127.0.0.1:${port}/c.json`,
      `ftp://127.0.0.1:${port}/d.json`,
      "data:application/json,{}",
      "file:///etc/passwd",
    ];
    const properties = refs.map((ref, i) => `    p${i}: { $ref: ${JSON.stringify(ref)} }`).join("\n");
    const root = tempProject({ "tools/remote.yaml": `${TOOL_HEAD}inputSchema:\n  type: object\n  properties:\n${properties}\n` });
    const run = await runInProcess(root, ["validate"]);
    expect(run.code).toBe(1);
    expect(run.stdout.match(/ error ref-network-refused /g)).toHaveLength(5);
    expect(run.stdout).toContain(" error ref-outside-root ");
    await new Promise((r) => setTimeout(r, 100));
    expect(requests).toBe(0);
  });
});
