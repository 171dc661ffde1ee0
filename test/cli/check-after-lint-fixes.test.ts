// `mcp-gen check` after Biome's `check --write` with its import organizer and the safe fix of
// noUnusedImports (what eslint-plugin-unused-imports' autofix does too) ran over the generated
// folder: a generated module imports nothing it does not use, so the fix takes nothing out and check
// sees formatting only. These tools' validators use nothing of the validator runtime (no minLength,
// format, pattern or deep equality), which is when the validators module used to import it anyway.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const PING = '{ "name": "ping", "description": "Check that the server answers.", "inputSchema": { "type": "object" } }\n';

const ECHO = `{
  "name": "echo",
  "description": "Say the text back.",
  "inputSchema": { "type": "object", "properties": { "text": { "type": "string" } }, "required": ["text"], "additionalProperties": false },
  "outputSchema": { "type": "object", "properties": { "text": { "type": "string" } }, "required": ["text"] }
}
`;

/** Biome with only the import organizer and noUnusedImports on, its fix applied by `--write`. */
const BIOME_CONFIG = JSON.stringify({
  root: true,
  files: { includes: ["src/generated/**"] },
  assist: { enabled: true, actions: { source: { organizeImports: "on" } } },
  linter: { enabled: true, rules: { recommended: false, correctness: { noUnusedImports: { level: "error", fix: "safe" } } } },
});

function biomeCheckWrite(root: string): void {
  const biome = join(REPO_ROOT, "node_modules", ".bin", "biome");
  execFileSync(biome, ["check", "--write", "--no-errors-on-unmatched", "."], { cwd: root, encoding: "utf8", stdio: "pipe" });
}

describe("check after a linter's unused-import fix over the generated folder", () => {
  it.each([["package"], ["vendored"]])("finds formatting only, no edit (runtime: %s)", async (runtime) => {
    const root = tempProject({
      "mcp-gen.config.yaml": `runtime: ${runtime}\nserver:\n  name: lint-fixed\n  version: 1.0.0\n`,
      "tools/ping.json": PING,
      "tools/echo.json": ECHO,
      "biome.json": BIOME_CONFIG,
    });
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    const validators = join(root, "src/generated/validators/2020-12.ts");
    biomeCheckWrite(root);
    // Biome did rewrite the generated files (tabs, sorted imports), so check has something to judge.
    expect(readFileSync(validators, "utf8")).toContain("\tconst schema0");
    const check = await runInProcess(root, ["check", "--format", "json"]);
    const findings = (JSON.parse(check.stdout) as { diagnostics: { ruleId: string; file: string }[] }).diagnostics.filter((d) => d.ruleId.startsWith("generated-file-"));
    expect(findings.map((d) => d.ruleId)).toEqual(["generated-file-formatted"]);
  });
});
