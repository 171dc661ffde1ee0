// A `$ref`'s path is descriptor text, and any text reaches the file system's lookups: a name longer
// than the file system allows (ENAMETOOLONG), a path through a file (ENOTDIR), a loop of links
// (ELOOP). Each threw out of the project reader: validate and build ended with "internal error"
// (exit 70), and the language server's analysis of the whole project failed. Each is now the ref's
// problem, ref-unresolved at the ref, in the CLI and in the language server alike; and so is a path
// an earlier build read, which check, build and watch look up again once its folder is a file.
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { foldersToWatch } from "../../src/cli/watch-folders.js";
import { loadConfig } from "../../src/config/load-config.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

const LONG = "a".repeat(300);

function project(): string {
  const root = tempProject({
    "tools/t.yaml": [
      "name: t",
      "description: T.",
      "inputSchema:",
      "  type: object",
      "  properties:",
      `    long: { $ref: "../schemas/${LONG}.yaml#/$defs/A" }`,
      '    through_a_file: { $ref: "../schemas/plain.yaml/inner.yaml" }',
      '    loop: { $ref: "../schemas/loop/inner.yaml" }',
      '    loop_itself: { $ref: "../schemas/loop" }',
      "",
    ].join("\n"),
    "schemas/plain.yaml": "type: string\n",
  });
  symlinkSync("loop", join(root, "schemas", "loop"));
  return root;
}

const EXPECTED = [
  { pointer: "/inputSchema/properties/long/$ref", why: "its name is longer than the file system allows (ENAMETOOLONG)" },
  { pointer: "/inputSchema/properties/through_a_file/$ref", why: "its path goes through a file as if it were a folder (ENOTDIR)" },
  { pointer: "/inputSchema/properties/loop/$ref", why: "a symbolic link on its path leads back to itself (ELOOP)" },
  // The path named is the looping link itself: the finding says where it points.
  { pointer: "/inputSchema/properties/loop_itself/$ref", why: "it is a symbolic link to loop, which leads back to a link already followed (a loop of links, ELOOP)" },
];

function summary(diagnostics: readonly { ruleId: string; pointer: string; message: string }[]) {
  return diagnostics.map((d) => ({ ruleId: d.ruleId, pointer: d.pointer, why: d.message.replace(/^.*cannot be read: /, "").replace(/\.$/, "") }));
}

describe("a $ref whose path the file system refuses to look up", () => {
  it("is ref-unresolved at the ref for validate, not an internal error", async () => {
    const run = await runInProcess(project(), ["validate", "--format", "json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(1);
    const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; pointer: string; message: string }[] };
    expect(summary(diagnostics)).toEqual(EXPECTED.map((e) => ({ ruleId: "ref-unresolved", ...e })));
  });

  it("is the same finding in the language server, whose analysis of the project goes on", async () => {
    const root = realpathSync(project());
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const analysis = await session.analyze();
    expect(summary(analysis.diagnostics)).toEqual(EXPECTED.map((e) => ({ ruleId: "ref-unresolved", ...e })));
    expect(analysis.tools.get("tools/t.yaml")?.wire.name).toBe("t");
  });
});

describe("a file an earlier build read, whose folder is a file now", () => {
  it("is ref-unresolved for check and build, which look its stat up again (ENOTDIR)", async () => {
    const root = tempProject({
      "tools/t.yaml": 'name: t\ndescription: T.\ninputSchema:\n  type: object\n  properties:\n    a: { $ref: "../schemas/sub/x.yaml" }\n',
      "schemas/sub/x.yaml": "type: string\n",
    });
    mkdirSync(join(root, "node_modules"));
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    // Files written moments ago get no stat index entry (their stat could repeat), hence the wait;
    // the check records every file's stat, which the next commands look up again.
    await new Promise((done) => setTimeout(done, 150));
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    rmSync(join(root, "schemas", "sub"), { recursive: true });
    writeFileSync(join(root, "schemas", "sub"), "a file where the folder was\n");
    for (const command of ["check", "build"]) {
      const run = await runInProcess(root, [command, "--format", "json"]);
      expect(run.stderr, command).toBe("");
      expect(run.code, command).toBe(1);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { ruleId: string; message: string }[] };
      expect(
        diagnostics.map((d) => d.ruleId),
        command,
      ).toContain("ref-unresolved");
    }
  });

  it("leaves watch the nearest folder above it to listen to", () => {
    const root = tempProject({ "tools/t.yaml": "name: t\n", "schemas/a": "a file where a folder was\n" });
    symlinkSync("self", join(root, "tools", "self"));
    const config = loadConfig(undefined, [], {}).value!;
    expect(foldersToWatch(root, config, ["schemas/a/b/x.yaml", "tools/t.yaml"])).toEqual(["", "schemas", "tools"]);
  });
});
