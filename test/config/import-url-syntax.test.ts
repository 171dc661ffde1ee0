// The generated code imports across the configured folders (out's handlers.ts → each handler stub,
// each stub and test scaffold → out's modules). TypeScript reads such an import as a path and Node.js
// as a URL, so a folder whose name holds "#", "?" or "%" on the way cannot be imported by any
// spelling: build, check and tsc passed, and the compiled server then failed with
// ERR_MODULE_NOT_FOUND. Such a config is config-invalid (exit 2); a folder that holds both ends, the
// project's own path, and folders no import passes through are fine.
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: greet\ndescription: Greets.\ninputSchema:\n  type: object\n  additionalProperties: false\n";

async function run(config: string, argv: readonly string[]) {
  const root = tempProject({ "mcp-gen.config.yaml": config, "tools/greet.yaml": TOOL });
  const result = await runInProcess(root, [...argv, "--format", "json"]);
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: { ruleId: string; message: string; file: string; line: number }[] };
  return { code: result.code, diagnostics };
}

describe("folders the generated imports pass through", () => {
  for (const argv of [["build"], ["check"], ["validate"]]) {
    it(`handlers "src/h #1": ${argv[0]} exits 2 with config-invalid at handlers`, async () => {
      const { code, diagnostics } = await run('handlers: "src/h #1"\n', argv);
      expect(code).toBe(2);
      expect(diagnostics.map((d) => [d.ruleId, d.file, d.line, d.message])).toEqual([
        [
          "config-invalid",
          "mcp-gen.config.yaml",
          1,
          'handlers ("src/h #1") is imported from out as "../h #1/…", whose "#" Node.js reads as URL syntax, not as part of a folder\'s name: the compiled code would not find the module.',
        ],
      ]);
    });
  }

  for (const [config, key, character] of [
    ['out: "src/gen%41"\n', "out", "%"],
    ['out: "src/gen?x"\n', "out", "?"],
    ['handlers: "src/a%20b/handlers"\n', "handlers", "%"],
    // The test scaffolds in test/tools import out's testing.ts through app#1.
    ['out: "app#1/generated"\nhandlers: "app#1/handlers"\n', "out", "#"],
  ] as const) {
    it(`${config.trim()}: config-invalid at ${key}, naming ${character}`, async () => {
      const { code, diagnostics } = await run(config, ["build"]);
      expect(code).toBe(2);
      expect(diagnostics).toHaveLength(1);
      expect(diagnostics[0]!.message).toMatch(new RegExp(`^${key} \\(.*whose "\\${character}" Node\\.js reads as URL syntax`));
    });
  }

  for (const config of ['tests: "test/t #2 %42"\n', 'out: "app#1/generated"\nhandlers: "app#1/handlers"\ntests: "app#1/tests"\n', 'generate: client\nhandlers: "src/h #1"\n']) {
    it(`${config.trim().replace(/\n/g, ", ")}: no import passes through the name, and the build succeeds`, async () => {
      const { code, diagnostics } = await run(config, ["build"]);
      expect(diagnostics.filter((d) => d.ruleId === "config-invalid")).toEqual([]);
      expect(code).toBe(0);
    });
  }
});
