// A tool removed or renamed since the last build leaves its handler stub and test scaffold behind:
// build never deletes them (they are the user's), but they are typed against a tool the generated code
// no longer has, so the project's tsc and vitest fail while `mcp-gen check` is green. The build that
// drops the tool says so (scaffold-leftover, a warning), naming both files; it writes as usual.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { buildFindings } from "../support/build-findings.js";

const TOOL = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  properties:\n    login: { type: string }\n`;

const build = (root: string) => buildFindings(root, "scaffold-leftover");

/** A project with the tools get_user and list_users built: their stubs and scaffolds exist. */
async function built(): Promise<string> {
  const root = tempProject({ "tools/get_user.yaml": TOOL("get_user"), "tools/list_users.yaml": TOOL("list_users") });
  expect((await build(root)).code).toBe(0);
  return root;
}

describe("scaffold-leftover", () => {
  it("names the handler and test of a removed tool in the build that removes it, and deletes neither", async () => {
    const root = await built();
    rmSync(join(root, "tools/list_users.yaml"));
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.findings).toEqual([
      {
        file: "src/handlers/list_users.ts",
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
        pointer: "",
        ruleId: "scaffold-leftover",
        severity: "warning",
        message:
          'src/handlers/list_users.ts was created as the handler of the tool "list_users", which no descriptor defines any more: nothing imports it now, and the generated code no longer has the tool\'s types, nor the client method its test test/tools/list_users.test.ts calls.',
        hint: "Delete src/handlers/list_users.ts and test/tools/list_users.test.ts (a build never deletes your files), or move the code into the tool that replaces it.",
      },
    ]);
    expect(existsSync(join(root, "src/handlers/list_users.ts"))).toBe(true);
    expect(existsSync(join(root, "test/tools/list_users.test.ts"))).toBe(true);
    expect(JSON.parse(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).tools).not.toHaveProperty("list_users");
  });

  it("says nothing while a descriptor does not load (a typo is no removed tool), and names the removal when the build writes", async () => {
    const root = await built();
    // The descriptor of list_users is still there, but unreadable; get_user was removed meanwhile.
    writeFiles(root, { "tools/list_users.yaml": TOOL("list_users").replace("{ type: string }", "{ type: string") });
    rmSync(join(root, "tools/get_user.yaml"));
    const broken = await runInProcess(root, ["build", "--format", "json"]);
    expect(broken.code).toBe(1);
    const ruleIds = (JSON.parse(broken.stdout) as { diagnostics: { ruleId: string }[] }).diagnostics.map((d) => d.ruleId);
    expect(ruleIds).toContain("yaml-syntax");
    expect(ruleIds).not.toContain("scaffold-leftover");
    expect(ruleIds).not.toContain("handler-moved");
    // Fixed: the build that drops get_user (the lock still has it: the failed build wrote nothing) says so.
    writeFiles(root, { "tools/list_users.yaml": TOOL("list_users") });
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => f.file)).toEqual(["src/handlers/get_user.ts"]);
  });

  it("names the old handler of a renamed tool beside the new stub it creates", async () => {
    const root = await built();
    rmSync(join(root, "tools/list_users.yaml"));
    writeFiles(root, { "tools/find_users.yaml": TOOL("find_users") });
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.findings.map((f) => [f.file, f.severity])).toEqual([["src/handlers/list_users.ts", "warning"]]);
    expect(existsSync(join(root, "src/handlers/find_users.ts"))).toBe(true);
  });

  it("names a test left alone when its handler was deleted, and nothing once both are gone", async () => {
    const root = await built();
    rmSync(join(root, "tools/list_users.yaml"));
    rmSync(join(root, "src/handlers/list_users.ts"));
    const run = await build(root);
    expect(run.findings.map((f) => f.file)).toEqual(["test/tools/list_users.test.ts"]);
    expect(run.findings[0]!.message).toBe(
      'test/tools/list_users.test.ts was created as the test of the tool "list_users", which no descriptor defines any more: the generated client no longer has the method it calls.',
    );

    const clean = await built();
    rmSync(join(clean, "tools/list_users.yaml"));
    rmSync(join(clean, "src/handlers/list_users.ts"));
    rmSync(join(clean, "test/tools/list_users.test.ts"));
    expect((await build(clean)).findings).toEqual([]);
  });

  it("says nothing of a file that a tool of this build owns where file names ignore case (macOS, Windows)", async () => {
    const root = await built();
    rmSync(join(root, "tools/list_users.yaml"));
    writeFiles(root, { "tools/List_Users.yaml": TOOL("List_Users") });
    const run = await build(root);
    expect(run.code).toBe(0);
    expect(run.findings).toEqual([]);
  });
});
