// Text a server sends is printed one line per line the command means to print: a tool name, a
// property name, a version or a description with a line break in it would otherwise print a line of
// its own, which a GitHub job's log reads as a workflow command ("::error ...", even indented), and
// an escape sequence would rewrite the terminal. The fake server's `hostile` mode sends such text in
// each place; verify, import --update, diff and check show it as <U+...>, a description's lines
// still lines of the diff.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { FAKE_SERVER, stopServers } from "../live/servers.js";

afterEach(stopServers);

const fake = (mode: string) => ["--command", `node ${JSON.stringify(FAKE_SERVER)} ${mode}`, "--timeout", "5000"];

/** No line a log or a terminal would act on: no workflow command, no escape, no other control character. */
function expectInert(text: string): void {
  expect(text).not.toMatch(/^\s*::/m);
  expect(text).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/);
}

const DESCRIPTION_LINES = ["      +Echoes its input.<U+001B>[2J<U+000D>", "      +::error file=README.md::pwned<U+0009>by the description<U+2028>::warning::too"];
const NEW_TOOL = "new<U+000A>::error file=README.md::pwned by a name<U+001B>]0;title<U+0007>";

/** A project that pinned the fake server's `ok` tools; `mcp-tools.lock.json` as then is returned too. */
async function pinned(): Promise<{ root: string; lock: string }> {
  const root = tempProject({});
  expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
  return { root, lock: readFileSync(join(root, "mcp-tools.lock.json"), "utf8") };
}

describe("a hostile server's text in text output", () => {
  it("verify: the tool's name, a property's name, the server's version, each line of a description", async () => {
    const { root } = await pinned();
    const run = await runInProcess(root, ["verify", ...fake("hostile")]);
    expect(run.code).toBe(1);
    expectInert(run.stdout);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe('"fake" 1.0.0<U+000A>::error::version (legacy era) listed 3 tools on 1 page. mcp-tools.lock.json was written from version 1.0.0 of it.');
    expect(lines).toEqual(expect.arrayContaining([...DESCRIPTION_LINES, NEW_TOOL, "      +New.", "      +::notice::line two"]));
    expect(run.stdout).toContain('  compatible    Argument "[\\"c\\\\n::error::property\\"]" is new and optional.');
  });

  it("verify against another server: the lock's record of the server it pins, on one line", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("hostile")])).code).toBe(0);
    const run = await runInProcess(root, ["verify", ...fake("impostor")]);
    expect(run.code).toBe(1);
    expectInert(run.stdout);
    expect(run.stdout).toMatch(/^mcp-tools\.lock\.json pins "fake" 1\.0\.0<U\+000A>::error::version \(node .*\), but this server says it is "impostor" 9\.0\.0 /);
  });

  it("import --update: the diff it prints before writing", async () => {
    const { root } = await pinned();
    const run = await runInProcess(root, ["import", "--update", ...fake("hostile")]);
    expect(run.code, run.stderr).toBe(0);
    expectInert(run.stdout);
    expect(run.stdout.split("\n")).toEqual(expect.arrayContaining([...DESCRIPTION_LINES, NEW_TOOL]));
  });

  it("diff and check: between the lock as it was and the server's tools as imported", async () => {
    const { root, lock } = await pinned();
    expect((await runInProcess(root, ["import", "--update", ...fake("hostile")])).code).toBe(0);
    writeFileSync(join(root, "before.lock.json"), lock);
    const diff = await runInProcess(root, ["diff", "--base", "before.lock.json", "--head", "mcp-tools.lock.json"]);
    expect(diff.code).toBe(1);
    expectInert(diff.stdout);
    expect(diff.stdout.split("\n")).toEqual(expect.arrayContaining([...DESCRIPTION_LINES, `${NEW_TOOL}  tools/new___error_file_README.md__pwned_by_a_name__0_title_.yaml`]));
    // The lock as it was, against descriptors that hold the server's text: check shows the descriptions' diff.
    writeFileSync(join(root, "mcp-tools.lock.json"), lock);
    const check = await runInProcess(root, ["check"]);
    expect(check.code).toBe(1);
    expectInert(check.stdout);
    expect(check.stdout).toContain(`\n${DESCRIPTION_LINES.map((line) => line.slice(2)).join("\n")}\n`);
  });
});

describe("a client config's text in verify's and import's text output", () => {
  it("a server mcp-gen cannot reach is named with its reason on one line, a variable's line break shown as <U+000A>", async () => {
    const root = tempProject({ ".codex/config.toml": '[mcp_servers.fresh]\ncommand = "b"\nenv_vars = ["A\\n::error file=README.md::pwned\\u001b[2J"]\n' });
    const reason = 'mcp-gen cannot reach this server: its "env_vars" passes on A<U+000A>::error file=README.md::pwned<U+001B>[2J, which is not set.';
    for (const command of ["verify", "import"]) {
      const run = await runInProcess(root, [command, "--client-config", ".codex/config.toml"]);
      expect(run.code, command).toBe(2);
      expectInert(run.stdout);
      expect(run.stdout, command).toContain(`"fresh" (mcp-servers/fresh):\n${reason}\n`);
    }
  });
});
