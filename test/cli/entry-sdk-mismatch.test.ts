// init writes src/stdio.ts for SDK v2 (the default target). A project that then sets `target: sdk-v1`
// gets its generated code for the v1 SDK, but the entry still imports @modelcontextprotocol/server,
// which a v1 project does not install: its tsc and `npm start` fail while the build is green. Build
// never rewrites the project's files, so it says so (entry-sdk-mismatch, a warning) at the import,
// with the v1 lines that replace it; and the other way round.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { entrySdkMismatch } from "../../src/cli/entry-sdk-mismatch.js";
import { buildFindings } from "../support/build-findings.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const build = (root: string) => buildFindings(root, "entry-sdk-mismatch");

/** A project `mcp-gen init` made, its config's target then set to `target`. */
async function initialized(target: string): Promise<string> {
  // node_modules holds the build cache, so a build with nothing to do takes the fast path (unchanged-build-fast.ts).
  const root = tempProject({ "package.json": '{ "name": "app", "type": "module" }\n', "node_modules/.keep": "" });
  expect((await runInProcess(root, ["init"])).code).toBe(0);
  const config = join(root, "mcp-gen.config.yaml");
  writeFileSync(config, `${readFileSync(config, "utf8")}\ntarget: ${target}\n`);
  return root;
}

describe("entry-sdk-mismatch", () => {
  it("names init's src/stdio.ts, unchanged, once the target is sdk-v1, with the v1 lines; it rewrites nothing", async () => {
    const root = await initialized("sdk-v1");
    const before = readFileSync(join(root, "src/stdio.ts"), "utf8");
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.findings).toEqual([
      {
        file: "src/stdio.ts",
        line: 3,
        column: 28,
        endLine: 3,
        endColumn: 64,
        pointer: "",
        ruleId: "entry-sdk-mismatch",
        severity: "warning",
        message:
          'src/stdio.ts imports "@modelcontextprotocol/server/stdio", a package of the sdk-v2 SDK, and the config\'s target is sdk-v1: the generated code is written for the sdk-v1 SDK, so this entry no longer compiles against it.',
        hint: 'Serve stdio with the sdk-v1 SDK instead: `import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";` and `await createToolServerFactory(handlers)().connect(new StdioServerTransport());` (or set `target: sdk-v2` again).',
      },
    ]);
    expect(readFileSync(join(root, "src/stdio.ts"), "utf8")).toBe(before);
    // Said again by a build with nothing to do, until the entry is fixed.
    expect((await build(root)).findings.map((f) => [f.file, f.line, f.column])).toEqual([["src/stdio.ts", 3, 28]]);
    // Once the entry imports the v1 SDK, nothing is said; src/http.ts (serveHttp) fits both targets.
    writeFileSync(join(root, "src/stdio.ts"), readFileSync(join(import.meta.dirname, "../fixtures/sdk-v1-entries/stdio.ts"), "utf8"));
    expect((await build(root)).findings).toEqual([]);
  });

  it("says nothing of init's entries on the default target", async () => {
    const root = await initialized("sdk-v2");
    expect((await build(root)).findings).toEqual([]);
  });

  it("names a v1 import on sdk-v2, and dynamic imports and re-exports too", () => {
    const text =
      'import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";\nexport * from "@modelcontextprotocol/sdk";\nawait import("@modelcontextprotocol/sdk/types.js");\nimport "./generated/index.js";\n';
    const found = entrySdkMismatch("sdk-v2", new Map([["src/stdio.ts", text]]));
    expect(found.map((d) => [d.line, d.column, d.hint?.slice(0, 40)])).toEqual([
      [1, 38, "Serve stdio with the sdk-v2 SDK instead:"],
      [2, 15, "Serve stdio with the sdk-v2 SDK instead:"],
      [3, 14, "Serve stdio with the sdk-v2 SDK instead:"],
    ]);
    expect(entrySdkMismatch("sdk-v1", new Map([["src/http.ts", 'import { serveHttp } from "./generated/index.js";\nimport type { X } from "@modelcontextprotocol/client";\n']]))[0]).toMatchObject({
      line: 2,
      hint: "Import from the sdk-v1 SDK's packages instead (or set `target: sdk-v2` again).",
    });
  });
});
