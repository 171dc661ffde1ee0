// A tool added whose name maps to the same identifier or file as an older tool's gives the older tool
// a suffixed name: its handler stub goes to another file (Get_User beside get_user: file names that
// differ only in case), or the generated handlers.ts imports it under another export (get-user beside
// get_user: both are getUser). The handler written at the old place would serve nothing, or not
// compile, so build stops with handler-moved before it writes, naming where the handler goes now; once
// it is there, the build goes through.
import { readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { buildFindings } from "../support/build-findings.js";

const TOOL = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  properties:\n    login: { type: string }\n`;

/** A project with the tool get_user built, and its handler written. */
async function implemented(): Promise<string> {
  const root = tempProject({ "tools/get_user.yaml": TOOL("get_user") });
  expect((await runInProcess(root, ["build"])).code).toBe(0);
  const stub = join(root, "src/handlers/get_user.ts");
  writeFiles(root, { "src/handlers/get_user.ts": readFileSync(stub, "utf8").replace(/throw new ToolNotImplementedError\([^)]*\);/, "return { login: args.login };") });
  return root;
}

const build = (root: string) => buildFindings(root, "handler-moved");

describe("handler-moved", () => {
  it("stops a build that would move an implemented handler to another file, until it is moved there", async () => {
    const root = await implemented();
    const lock = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    writeFiles(root, { "tools/Get_User.yaml": TOOL("Get_User") });
    const stopped = await build(root);
    expect(stopped.code).toBe(1);
    expect(stopped.findings).toHaveLength(1);
    const [finding] = stopped.findings;
    expect(finding).toMatchObject({ file: "src/handlers/get_user.ts", severity: "error" });
    expect(finding!.message).toMatch(
      /^src\/handlers\/get_user\.ts holds the handler of the tool "get_user", whose handler now goes in src\/handlers\/get_user-[0-9a-f]{6}\.ts, exported as getUser_[0-9a-f]{6}, since the tool "Get_User" was added\./,
    );
    // Nothing was written.
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(lock);
    // Moved and renamed as the hint says: the build goes through, and the tool is served by the handler written.
    const [, newStub, newExport] = /goes in (\S+), exported as (\w+)/.exec(finding!.message)!;
    const text = readFileSync(join(root, "src/handlers/get_user.ts"), "utf8").replace("export const getUser:", `export const ${newExport}:`);
    renameSync(join(root, "src/handlers/get_user.ts"), join(root, newStub!));
    writeFiles(root, { [newStub!]: text });
    const through = await build(root);
    expect(through.code).toBe(0);
    expect(readFileSync(join(root, "src/generated/handlers.ts"), "utf8")).toContain(`import { ${newExport} } from "../handlers/${newStub!.split("/").pop()!.replace(/\.ts$/, ".js")}";`);
  });

  it("stops a build that would import the handler under another export from the same file, until the export is renamed", async () => {
    const root = await implemented();
    writeFiles(root, { "tools/get-user.yaml": TOOL("get-user") });
    const stopped = await build(root);
    expect(stopped.code).toBe(1);
    expect(stopped.findings.map((f) => f.file)).toEqual(["src/handlers/get_user.ts"]);
    const [, newExport] = /now imports as (\w+), since the tool "get-user" was added\.$/.exec(stopped.findings[0]!.message)!;
    const stub = join(root, "src/handlers/get_user.ts");
    writeFiles(root, { "src/handlers/get_user.ts": readFileSync(stub, "utf8").replace("export const getUser:", `export const ${newExport}:`) });
    expect((await build(root)).code).toBe(0);
  });

  it("names the test scaffold that moves with the handler, and the way back when the clashing tool goes again", async () => {
    const root = await implemented();
    writeFiles(root, { "tools/Get_User.yaml": TOOL("Get_User") });
    const [finding] = (await build(root)).findings;
    expect(finding!.message).toMatch(/Its test test\/tools\/get_user\.test\.ts goes to test\/tools\/get_user-[0-9a-f]{6}\.test\.ts, calling the client's getUser_[0-9a-f]{6}\(\)\./);
    expect(finding!.hint).toMatch(/^Move the file to \S+ and rename its export getUser to getUser_[0-9a-f]{6}, and its test to \S+, or rename one of the tools so that their names no longer clash\.$/);
    // Moved as told, built; then Get_User goes again: get_user's handler goes back, and only that is said.
    const [, newStub, newExport] = /goes in (\S+), exported as (\w+)/.exec(finding!.message)!;
    renameSync(join(root, "src/handlers/get_user.ts"), join(root, newStub!));
    writeFiles(root, { [newStub!]: readFileSync(join(root, newStub!), "utf8").replace("export const getUser:", `export const ${newExport}:`) });
    expect((await build(root)).code).toBe(0);
    rmSync(join(root, "tools/Get_User.yaml"));
    const back = (await build(root)).findings;
    expect(back).toHaveLength(1);
    expect(back[0]!.message).toContain('whose handler now goes in src/handlers/get_user.ts, exported as getUser, since the tool "Get_User" was removed.');
    expect(back[0]!.hint).toBe(`Move the file to src/handlers/get_user.ts and rename its export ${newExport} to getUser.`);
  });

  it("says nothing when a tool added moves no name", async () => {
    const root = await implemented();
    writeFiles(root, { "tools/list_users.yaml": TOOL("list_users") });
    expect(await build(root)).toEqual({ code: 0, findings: [] });
  });
});
