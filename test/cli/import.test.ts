// `mcp-gen import` end to end (in-process, against server processes on this machine): one YAML
// descriptor per tool exactly as sent and a lock that pins them, never overwriting a file without
// --force, and a typed client built from the result for a server someone else runs.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { RUNTIME_RANGE } from "../../src/emit/runtime-modules.js";
import { parseLock } from "../../src/lock/parse-lock.js";
import { renderLock } from "../../src/lock/render-lock.js";
import type { LockFile } from "../../src/model/lock.js";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { FAKE_SERVER, startHttp, stopServers, TRACKER } from "../live/servers.js";
import { compileTracker } from "../live/tracker.js";

/** The runtime to install, from `root`: this mcp-gen runs from a checkout, so its packages/runtime (dependency-specs.ts). */
const runtimeFrom = (root: string) =>
  relative(root, join(REPO_ROOT, "packages", "runtime"))
    .split(sep)
    .join("/");

afterEach(stopServers);

/** The SDK client version mcp-gen is built with, which import suggests installing. */
const CLIENT_VERSION = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies["@modelcontextprotocol/client"];

const fake = (mode: string) => ["--command", `node ${JSON.stringify(FAKE_SERVER)} ${mode}`, "--timeout", "5000"];

describe("mcp-gen import", () => {
  it("writes one YAML descriptor per tool, exactly as sent, and a lock that pins them", async () => {
    const root = tempProject({});
    const run = await runInProcess(root, ["import", ...fake("ok")]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toBe(
      [
        'Imported 2 tools from "fake" 1.0.0 (legacy era):',
        "  tools/echo.yaml",
        "  tools/add.yaml",
        "Wrote mcp-tools.lock.json.",
        "Wrote mcp-gen.config.yaml: `generate: client`, so a build writes the typed client only.",
        "Wrote tsconfig.json and tsconfig.build.json, as `mcp-gen init` writes them: `npx tsc -p .` type-checks the project.",
        `The typed client imports @mcp-gen/runtime and @modelcontextprotocol/client: \`npm install ${runtimeFrom(root)} @modelcontextprotocol/client@${CLIENT_VERSION}\` adds them to package.json.`,
        "Next: run `mcp-gen build` to generate the typed client; `mcp-gen verify` with the same server options checks the server against the lock.",
        "",
      ].join("\n"),
    );
    await expect(readFileSync(join(root, "mcp-gen.config.yaml"), "utf8")).toMatchFileSnapshot(join(REPO_ROOT, "test/fixtures/live/expected/mcp-gen.config.yaml"));
    await expect(readFileSync(join(root, "tools/add.yaml"), "utf8")).toMatchFileSnapshot(join(REPO_ROOT, "test/fixtures/live/expected/add.yaml"));
    const lock = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json");
    expect(lock.diagnostics).toEqual([]);
    expect(lock.value!.tools.add).toMatchObject({ file: "tools/add.yaml", descriptor: { "x-vendor-extension": { rank: 1 } } });
    expect(Object.keys(lock.value!.inputs)).toEqual(["mcp-gen.config.yaml", "tools/add.yaml", "tools/echo.yaml"]);
    expect((await runInProcess(root, ["verify", ...fake("ok")])).code).toBe(0);
  });

  it("names only the packages the typed client imports that package.json lacks", async () => {
    const withClient = tempProject({ "package.json": JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/client": "^2.4.0" } }) });
    const run = await runInProcess(withClient, ["import", ...fake("ok")]);
    expect(run.stdout).toContain(`The typed client imports @mcp-gen/runtime: \`npm install ${runtimeFrom(withClient)}\` adds it to package.json.`);
    const withBoth = tempProject({ "package.json": JSON.stringify({ name: "app", dependencies: { "@modelcontextprotocol/client": "^2.4.0", "@mcp-gen/runtime": RUNTIME_RANGE } }) });
    expect((await runInProcess(withBoth, ["import", ...fake("ok")])).stdout).not.toContain("The typed client imports");
  });

  it("says where to run the install when the project is not the current folder, the runtime's path from there", async () => {
    // npm installs into the package.json of the folder it runs in and reads a local path from there.
    const parent = tempProject({ "servers/echo/README.md": "The echo server's pinned tools.\n" });
    const run = await runInProcess(parent, ["import", "--cwd", "servers/echo", ...fake("ok")]);
    expect(run.code).toBe(0);
    const project = join(parent, "servers", "echo");
    expect(run.stdout).toContain(`: \`cd servers/echo && npm install ${runtimeFrom(project)} @modelcontextprotocol/client@${CLIENT_VERSION}\` adds them to servers/echo/package.json.`);
  });

  it("never overwrites a descriptor or the lock without --force, and writes nothing then", async () => {
    const root = tempProject({ "tools/echo.yaml": "# mine\n" });
    const run = await runInProcess(root, ["import", ...fake("ok")]);
    expect(run).toEqual({ code: 1, stdout: "", stderr: "mcp-gen import: this file exists, so nothing was written:\n  tools/echo.yaml\nRun again with --force to overwrite it.\n" });
    expect(readdirSync(join(root, "tools"))).toEqual(["echo.yaml"]);
    expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    const forced = await runInProcess(root, ["import", ...fake("ok"), "--force"]);
    expect(forced.code).toBe(0);
    expect(readFileSync(join(root, "tools/echo.yaml"), "utf8")).toContain("name: echo\n");
  });

  it("writes into --dir, and refuses a folder outside the project", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("ok"), "--dir", "vendor/fake/"])).code).toBe(0);
    expect(readdirSync(join(root, "vendor/fake")).sort()).toEqual(["add.yaml", "echo.yaml"]);
    const outside = await runInProcess(root, ["import", ...fake("ok"), "--dir", "../elsewhere"]);
    expect(outside.code).toBe(2);
    expect(outside.stderr).toContain('--dir "../elsewhere" must be a folder inside the project');
  });

  it.each([
    ["invalid-tool", 'mcp-gen import: Tool 1 on page 1 of tools/list is the string "add", not an object.\n'],
    ["duplicate", 'mcp-gen import: The server listed the tool "echo" twice (page 1, item 0 and page 2, item 1); tool names must be unique.\n'],
    ["crash", "mcp-gen import: The server exited or closed the connection before answering tools/list.\nThe server's last output on stderr:\n  | fake server: something broke while listing tools\n"],
  ])("a server answering %s gets exit 2, a clear message and no files", async (mode, stderr) => {
    const root = tempProject({});
    expect(await runInProcess(root, ["import", ...fake(mode)])).toEqual({ code: 2, stdout: "", stderr });
    expect(readdirSync(root)).toEqual([]);
  });

  it("after a failed import, build and validate say this is no project (exit 1), not a warning about a config that does not exist (issue 23.4)", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("crash")])).code).toBe(2);
    expect(readdirSync(root)).toEqual([]);
    const build = await runInProcess(root, ["build"]);
    expect(build.code).toBe(1);
    expect(build.stdout).toMatch(
      /^mcp-gen\.config\.yaml:1:1 error project-not-found There is no mcp-gen\.config\.yaml here or in a folder above, and the tools glob "[^"]+" of a project without one matched no file: this folder is not an mcp-gen project/,
    );
    expect(build.stdout).toContain("an import that failed wrote nothing, so run it again once the server answers.");
    expect(readdirSync(root)).toEqual([]);
    expect((await runInProcess(root, ["validate"])).code).toBe(1);
  });

  it("a --command server that exits for want of a variable set here: the message names it with the --env to add, never its value (issue 23.4)", async () => {
    const root = tempProject({});
    const env = { FAKE_API_TOKEN: "tok-s3cr3t", UNRELATED_SETTING: "x" };
    const run = await runInProcess(root, ["import", ...fake("needs-env")], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/\nThe server's last output on stderr:\n {2}\| fake server: FAKE_API_TOKEN is not set \(get one at https:\/\/example\.com\/keys\); FAKE_REGION defaults to eu\n/);
    // FAKE_REGION is named too, but it is not set here: only FAKE_API_TOKEN is worth passing.
    expect(run.stderr).toMatch(
      /\nThe server's output names FAKE_API_TOKEN, which is set in this environment but was not passed to the server \(mcp-gen passes a server only PATH, HOME and a few others\): run again with --env FAKE_API_TOKEN\.\n$/,
    );
    expect(run.stderr).not.toContain("tok-s3cr3t");
    expect(readdirSync(root)).toEqual([]);
    const passed = await runInProcess(root, ["import", ...fake("needs-env"), "--env", "FAKE_API_TOKEN"], env);
    expect(passed.code, passed.stderr).toBe(0);
  });

  it("pins a server built for ChatGPT Apps, which then builds with warnings, and fails only under preset: strict (issue 18.4)", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("apps-sdk")])).code).toBe(0);
    expect((await runInProcess(root, ["verify", ...fake("apps-sdk")])).code).toBe(0);
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    const reports = (text: string) => [...text.matchAll(/^(\S+) (error|warning|info) (\S+)/gm)].map((m) => `${m[1]} ${m[2]} ${m[3]}`);
    expect(reports(build.stdout)).toEqual(["tools/show_map.yaml:15:3 warning meta-key-syntax", "tools/show_map.yaml:16:3 warning meta-key-syntax"]);
    writeFiles(root, { "mcp-gen.config.yaml": "preset: strict\n" });
    const strict = await runInProcess(root, ["build"]);
    expect(strict.code).toBe(1);
    expect(reports(strict.stdout)).toEqual(["tools/show_map.yaml:15:3 error meta-key-syntax", "tools/show_map.yaml:16:3 error meta-key-syntax"]);
    // A rule's own setting still wins over the preset.
    writeFiles(root, { "mcp-gen.config.yaml": "preset: strict\nrules:\n  meta-key-syntax: warning\n" });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
  });

  it("a pinned server's contradicting annotations are advice for its author: off in the config import writes (issue 23.4)", async () => {
    const wipe = { name: "wipe", description: "Wipes the cache.", inputSchema: { type: "object" }, annotations: { readOnlyHint: true, destructiveHint: true } };
    const root = tempProject({ "saved.json": JSON.stringify([wipe]) });
    expect((await runInProcess(root, ["import", "--file", "saved.json"])).code).toBe(0);
    expect(readFileSync(join(root, "mcp-gen.config.yaml"), "utf8")).toContain("\n  annotations-contradiction: off\n");
    const validate = await runInProcess(root, ["validate"]);
    expect(validate.stdout).not.toContain("annotations-contradiction");
    writeFiles(root, { "defaults.yaml": "generate: client\n" });
    expect((await runInProcess(root, ["validate", "--config", "defaults.yaml"])).stdout).toContain("warning annotations-contradiction");
  });

  it("pins a tool that the rules and the SDK refuse, exactly as sent", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("sdk-refuses")])).code).toBe(0);
    const lock = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json").value!;
    expect(lock.tools.odd!.descriptor).toEqual({ name: "odd", inputSchema: { type: "array", items: { type: "string" } } });
    expect((await runInProcess(root, ["verify", ...fake("sdk-refuses")])).code).toBe(0);
    expect((await runInProcess(root, ["verify", ...fake("ok")])).code).toBe(1);
    // validate still says what is wrong with it.
    expect((await runInProcess(root, ["validate"])).stdout).toContain("tools/odd.yaml:5:9 error input-schema-object");
  });

  it("bad usage is exit 2", async () => {
    const root = tempProject({});
    for (const argv of [
      ["import"],
      ["import", "--command", "x", "--url", "http://127.0.0.1:1/mcp"],
      ["import", "--url", "ftp://x/"],
      ["import", "--command", "x", "--timeout", "0"],
      ["import", "--command", "'x"],
    ]) {
      const run = await runInProcess(root, argv);
      expect(run.code, argv.join(" ")).toBe(2);
      expect(run.stderr).toMatch(/^mcp-gen import: /);
    }
  });
});

describe("a typed client for a server someone else runs", () => {
  beforeAll(compileTracker, 120_000);

  it("import over stdio pins the same hashes the tracker's own build wrote", async () => {
    const root = tempProject({});
    const run = await runInProcess(root, ["import", "--command", `node ${JSON.stringify(join(TRACKER, "dist/src/stdio.js"))}`]);
    expect(run.code, run.stderr).toBe(0);
    const imported = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "a").value!;
    const built = parseLock(readFileSync(join(TRACKER, "mcp-tools.lock.json"), "utf8"), "b").value!;
    const hashes = (lock: typeof built) => Object.fromEntries(Object.entries(lock.tools).map(([name, tool]) => [name, [tool.sha256, tool.parts]]));
    expect(hashes(imported)).toEqual(hashes(built));
  });

  it("import over HTTP, build, then verify: the built lock still pins what the server sends", async () => {
    const url = await startHttp(join(TRACKER, "dist/src/http.js"), ["0"]);
    const root = tempProject({ "mcp-gen.config.yaml": "server:\n  name: tracker-client\n  version: 0.0.1\n" });
    expect((await runInProcess(root, ["import", "--url", url.href])).code).toBe(0);
    const imported = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    expect(readFileSync(join(root, "src/generated/client.ts"), "utf8")).toContain("issuesCreate");
    // The build rewrote the lock from the YAML files: every tool hash is the one the server sent.
    const before = parseLock(imported, "a").value!;
    const after = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "b").value!;
    expect(Object.fromEntries(Object.entries(after.tools).map(([n, t]) => [n, t.sha256]))).toEqual(Object.fromEntries(Object.entries(before.tools).map(([n, t]) => [n, t.sha256])));
    const verify = await runInProcess(root, ["verify", "--url", url.href]);
    expect(verify.stdout).toContain("All 5 tools match mcp-tools.lock.json.");
    expect(verify.code).toBe(0);
  });
});

describe("import again: the project mirrors the server", () => {
  async function imported(): Promise<string> {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    return root;
  }

  it("a plain import over a pinned project changes nothing and points to --update", async () => {
    const root = await imported();
    const run = await runInProcess(root, ["import", ...fake("dropped")]);
    expect(run).toEqual({
      code: 1,
      stdout: "",
      stderr:
        "mcp-gen import: this file exists, so nothing was written:\n  mcp-tools.lock.json\nRun again with --update to mirror the server the lock pins (it shows what changed), or --force to overwrite it.\n",
    });
  });

  it("--update shows a removed tool as breaking and writes nothing until it is accepted; then the tool's descriptor is gone", async () => {
    const root = await imported();
    const lockBefore = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const refused = await runInProcess(root, ["import", ...fake("dropped"), "--update"]);
    expect(refused).toEqual({
      code: 1,
      stdout: 'add  tools/add.yaml\n  breaking      Tool "add" was removed; callers that use it fail.\n\n1 change in 1 tool: 1 breaking, 0 needs review, 0 compatible.\n',
      stderr: "mcp-gen import: the server made 1 breaking change, so nothing was written. Review it, then run again with --update --accept-breaking to take it.\n",
    });
    expect(readdirSync(join(root, "tools")).sort()).toEqual(["add.yaml", "echo.yaml"]);
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(lockBefore);
    const accepted = await runInProcess(root, ["import", ...fake("dropped"), "--update", "--accept-breaking"]);
    expect(accepted).toEqual({
      code: 0,
      stderr: "",
      stdout: [
        '"fake" 1.0.0 (legacy era) lists 1 tool.',
        "",
        "add  tools/add.yaml",
        '  breaking      Tool "add" was removed; callers that use it fail.',
        "",
        "1 change in 1 tool: 1 breaking, 0 needs review, 0 compatible.",
        "",
        "Deleted tools/add.yaml",
        "Wrote mcp-tools.lock.json.",
        "",
      ].join("\n"),
    });
    expect(readdirSync(join(root, "tools"))).toEqual(["echo.yaml"]);
    expect(Object.keys(parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "l").value!.tools)).toEqual(["echo"]);
    // The project now agrees with itself and with the server.
    expect((await runInProcess(root, ["check"])).stdout).not.toContain("added since the lock");
    expect((await runInProcess(root, ["verify", ...fake("dropped")])).code).toBe(0);
    const again = await runInProcess(root, ["import", ...fake("dropped"), "--update"]);
    expect(again).toEqual({ code: 0, stderr: "", stdout: '"fake" 1.0.0 (legacy era) lists 1 tool.\nNo tool changed since mcp-tools.lock.json was written.\nmcp-tools.lock.json unchanged.\n' });
  });

  it("--update writes a new or changed tool with its diff, and the build that follows drops the removed tool's generated code", async () => {
    const root = await imported();
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(existsSync(join(root, "src/generated/tools/add.ts"))).toBe(true);
    const run = await runInProcess(root, ["import", ...fake("poisoned"), "--update"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('helper\n  needs review  Tool "helper" is new: review what it does and what its description tells the model.\n');
    expect(run.stdout).toContain("Wrote tools/echo.yaml\nWrote tools/helper.yaml\nWrote mcp-tools.lock.json.\n");
    expect((await runInProcess(root, ["import", ...fake("dropped"), "--force"])).code).toBe(0);
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    expect(existsSync(join(root, "src/generated/tools/add.ts"))).toBe(false);
    expect(existsSync(join(root, "src/generated/tools/helper.ts"))).toBe(false);
    expect(readFileSync(join(root, "src/generated/client.ts"), "utf8")).not.toContain(`entry("add")`);
  });

  it("--update on a built project whose server did not change leaves the lock as the build wrote it", async () => {
    const root = await imported();
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const built = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const run = await runInProcess(root, ["import", ...fake("ok"), "--update"]);
    expect(run.stdout).toBe('"fake" 1.0.0 (legacy era) lists 2 tools.\nNo tool changed since mcp-tools.lock.json was written.\nmcp-tools.lock.json unchanged.\n');
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(built);
    expect((await runInProcess(root, ["check"])).code).toBe(0);
  });

  it("--update refuses to overwrite a descriptor edited since the lock, or a file the lock does not record", async () => {
    const root = await imported();
    writeFiles(root, { "tools/add.yaml": readFileSync(join(root, "tools/add.yaml"), "utf8") + "# my note\n" });
    const edited = await runInProcess(root, ["import", ...fake("dropped"), "--update", "--accept-breaking"]);
    expect(edited.code).toBe(1);
    expect(edited.stderr).toBe(
      "mcp-gen import: this file would be lost, so nothing was written:\n  tools/add.yaml (holds a tool the server no longer lists, and was edited since mcp-tools.lock.json was written)\nRun again with --force to overwrite it.\n",
    );
    expect(existsSync(join(root, "tools/add.yaml"))).toBe(true);
    writeFiles(root, { "tools/add.yaml": "# mine\n", "tools/helper.yaml": "# mine too\n" });
    const foreign = await runInProcess(root, ["import", ...fake("poisoned"), "--update"]);
    expect(foreign.stderr).toContain("  tools/helper.yaml (exists, and mcp-tools.lock.json does not record it as a descriptor)\n");
    expect(foreign.stderr).toContain("  tools/add.yaml (was edited since mcp-tools.lock.json was written)\n");
    expect(readFileSync(join(root, "tools/helper.yaml"), "utf8")).toBe("# mine too\n");
  });
});

describe("the lock import writes is the one a build writes (issue 23.4)", () => {
  const manifest = JSON.stringify({ name: "app", version: "1.2.3", dependencies: { "@mcp-gen/runtime": RUNTIME_RANGE, "@modelcontextprotocol/client": CLIENT_VERSION } });
  const lockOf = (root: string) => readFileSync(join(root, "mcp-tools.lock.json"), "utf8");

  it("records the config import wrote and package.json's values, as a build does, generated files aside", async () => {
    const root = tempProject({ "package.json": manifest });
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    const imported = JSON.parse(lockOf(root)) as Record<string, unknown>;
    expect(imported).toMatchObject({ packageJson: { name: "app", version: "1.2.3" } });
    expect(Object.keys(imported.inputs as object)).toEqual(["mcp-gen.config.yaml", "tools/add.yaml", "tools/echo.yaml"]);
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout).toBe(0);
    const built = JSON.parse(lockOf(root)) as Record<string, unknown>;
    expect(Object.keys(built.files as object).length).toBeGreaterThan(0);
    expect({ ...built, files: {} }).toEqual(imported);
  });

  it("--update when the server changed nothing leaves the built lock byte for byte, and check stays green", async () => {
    // A vendored runtime: check then needs no installed @mcp-gen/runtime.
    const root = tempProject({ "package.json": manifest, "mcp-gen.config.yaml": "generate: client\nruntime: vendored\n" });
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    const built = lockOf(root);
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    const run = await runInProcess(root, ["import", ...fake("ok"), "--update"]);
    expect(run).toEqual({ code: 0, stderr: "", stdout: '"fake" 1.0.0 (legacy era) lists 2 tools.\nNo tool changed since mcp-tools.lock.json was written.\nmcp-tools.lock.json unchanged.\n' });
    expect(lockOf(root)).toBe(built);
    const check = await runInProcess(root, ["check"]);
    expect(check.code, check.stdout).toBe(0);
  });

  it("--update over a lock that records no server says what it wrote, and the next --update writes nothing", async () => {
    const root = tempProject({ "package.json": manifest, "mcp-gen.config.yaml": "generate: client\nruntime: vendored\n" });
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    // The lock as an earlier mcp-gen wrote it: no record of the server.
    const { server: _server, ...older } = JSON.parse(lockOf(root)) as LockFile;
    writeFiles(root, { "mcp-tools.lock.json": renderLock(older as LockFile) });
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    const upgrade = await runInProcess(root, ["import", ...fake("ok"), "--update"]);
    expect(upgrade.stdout).toBe(
      '"fake" 1.0.0 (legacy era) lists 2 tools.\nNo tool changed since mcp-tools.lock.json was written.\nWrote mcp-tools.lock.json: no tool changed; it now records the server it pins.\n',
    );
    expect((await runInProcess(root, ["check"])).code).toBe(0);
    expect((await runInProcess(root, ["import", ...fake("ok"), "--update"])).stdout).toContain("\nmcp-tools.lock.json unchanged.\n");
    const newer = await runInProcess(root, ["import", ...fake("upgraded"), "--update"]);
    expect(newer.stdout).toContain('Wrote mcp-tools.lock.json: no tool changed; it now records the server\'s version "1.1.0" (was "1.0.0") and the server\'s command.\n');
  });
});

describe("the lock records the server it pins (issue 23.4)", () => {
  it("its serverInfo and command, which a build keeps", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    const lock = parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json").value!;
    expect(lock.server).toEqual({ name: "fake", version: "1.0.0", command: ["node", FAKE_SERVER, "ok"] });
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(parseLock(readFileSync(join(root, "mcp-tools.lock.json"), "utf8"), "mcp-tools.lock.json").value!.server).toEqual(lock.server);
  });

  it("an HTTP server's URL without its user, query or fragment; no header value", async () => {
    const url = await startHttp(FAKE_SERVER, ["ok", "--http"]);
    const root = tempProject({});
    // fetch refuses a URL with a user and password: a usage error that does not print the password.
    const withUser = new URL(url.href);
    withUser.username = "me";
    withUser.password = "hunter2";
    const refused = await runInProcess(root, ["import", "--url", withUser.href]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^mcp-gen import: --url holds a user name or password/);
    expect(refused.stderr).not.toContain("hunter2");
    const secret = new URL(url.href);
    secret.search = "?api_key=s3cr3t";
    secret.hash = "#frag";
    const run = await runInProcess(root, ["import", "--url", secret.href, "--header", "Authorization: Bearer t0ken"]);
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    expect(parseLock(text, "l").value!.server).toEqual({ name: "fake", version: "1.0.0", url: url.href });
    for (const secret of ["s3cr3t", "t0ken", "frag"]) expect(text).not.toContain(secret);
  });

  it("import --update refuses to mirror another server over the one the lock pins", async () => {
    const root = tempProject({});
    expect((await runInProcess(root, ["import", ...fake("ok")])).code).toBe(0);
    const before = readFileSync(join(root, "mcp-tools.lock.json"), "utf8");
    const run = await runInProcess(root, ["import", ...fake("impostor"), "--update", "--accept-breaking"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      `mcp-gen import: mcp-tools.lock.json pins "fake" 1.0.0 (node ${FAKE_SERVER} ok), but this server says it is "impostor" 9.0.0 (node ${FAKE_SERVER} impostor): another server, so nothing was written. Check the server options; to pin this server instead, run again with --force.\n`,
    );
    expect(readFileSync(join(root, "mcp-tools.lock.json"), "utf8")).toBe(before);
    expect((await runInProcess(root, ["import", ...fake("impostor"), "--force"])).code).toBe(0);
  });
});
