// Nothing mcp-gen writes may land outside the project through a symbolic link: every folder a command
// writes to (the generated folder, handlers, tests, the lock's folder, import's --dir, init's
// folders) is resolved to its real path, and a link leaving the project stops the command with
// `output-path-unsafe` and exit 2 before anything is written, in the project or outside it. Real
// links in temporary folders; each case wrote outside the project (or missed a file) before.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runWatch } from "../../src/cli/commands/watch.js";
import type { CliIo } from "../../src/cli/io.js";
import { FAKE_SERVER, stopServers } from "../live/servers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

afterEach(stopServers);

const TOOL = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema:\n  type: object\n  properties:\n    q: { type: string }\n`;

/** Every file below `dir`, as paths relative to it (links listed, not followed), sorted. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isDirectory()) found.push(join(entry.parentPath, entry.name).slice(dir.length + 1));
  }
  return found.sort();
}

/** A project with one tool and a folder outside it (with one file of its own, which must stay the only one). */
function projectAndOutside(files: Record<string, string> = {}): { root: string; outside: string } {
  const root = tempProject({ "tools/a.yaml": TOOL("a"), ...files });
  const outside = tempProject({ "mine.txt": "someone else's folder\n" });
  return { root, outside };
}

function link(target: string, root: string, path: string): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  symlinkSync(target, join(root, path), "dir");
}

interface Refusal {
  readonly code: number;
  readonly stdout: string;
}

/** The diagnostics of a refused run, as [file, ruleId] pairs. */
function refused(run: Refusal): [string, string][] {
  expect(run.code).toBe(2);
  const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string }[] };
  return diagnostics.map((d) => [d.file, d.ruleId]);
}

describe("build refuses folders that links take out of the project", () => {
  for (const [folder, config] of [
    ["src/handlers", ""],
    ["test/tools", ""],
    ["src", ""],
    ["src/generated", ""],
    ["locks", "lock: locks/mcp-tools.lock.json\n"],
  ] as const) {
    for (const force of [false, true]) {
      it(`${folder} linked outside${force ? " (--force)" : ""}: exit 2, nothing written anywhere`, async () => {
        const { root, outside } = projectAndOutside(config ? { "mcp-gen.config.yaml": config } : {});
        link(outside, root, folder);
        const run = await runInProcess(root, ["build", "--format", "json", ...(force ? ["--force"] : [])]);
        // One diagnostic per setting behind the link (src holds both out and handlers).
        const found = refused(run);
        expect(found.length).toBe(folder === "src" ? 2 : 1);
        for (const entry of found) expect(entry).toEqual([folder, "output-path-unsafe"]);
        expect(filesBelow(outside)).toEqual(["mine.txt"]);
        expect(filesBelow(root).filter((path) => !path.startsWith("tools/") && path !== "mcp-gen.config.yaml")).toEqual([folder]);
      });
    }
  }

  it("names the link and where it leads, with a hint", async () => {
    const { root, outside } = projectAndOutside();
    link(outside, root, "src/handlers");
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain(
      `src/handlers:1:1 error output-path-unsafe src/handlers is a link to ${JSON.stringify(outside)}, outside the project, so handlers (src/handlers) would be written there.`,
    );
    expect(run.stdout).toContain("hint: Replace the link with a folder inside the project, or point the setting at one.");
  });

  it("a link inside the generated folder, made after a build, is refused before the next build writes through it", async () => {
    const { root, outside } = projectAndOutside();
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    // A build that changes few files renames each new file into place, through any link on its way.
    rmSync(join(root, "src/generated/tools"), { recursive: true });
    link(outside, root, "src/generated/tools");
    writeFileSync(join(root, "tools/a.yaml"), TOOL("a").replace("Tool a.", "Tool a, changed."));
    for (const force of [[], ["--force"]]) {
      const run = await runInProcess(root, ["build", "--format", "json", ...force]);
      expect(refused(run)).toEqual([["src/generated/tools", "output-path-unsafe"]]);
    }
    expect(filesBelow(outside)).toEqual(["mine.txt"]);
  });

  it("a generated folder or lock that is a link even inside the project is refused: a build would swap it for a plain one", async () => {
    const { root } = projectAndOutside({ "gen/keep.txt": "x\n", "locks/mcp-tools.lock.json": "{}\n" });
    link(join(root, "gen"), root, "src/generated");
    symlinkSync(join(root, "locks/mcp-tools.lock.json"), join(root, "mcp-tools.lock.json"));
    const run = await runInProcess(root, ["build", "--format", "json"]);
    expect(refused(run)).toEqual([
      ["mcp-tools.lock.json", "output-path-unsafe"],
      ["src/generated", "output-path-unsafe"],
    ]);
    expect(filesBelow(join(root, "gen"))).toEqual(["keep.txt"]);
  });

  it("folders that overlap only once links are followed are refused (the config check compares strings)", async () => {
    const { root } = projectAndOutside();
    mkdirSync(join(root, "src/generated"), { recursive: true });
    link(join(root, "src/generated"), root, "src/handlers");
    const run = await runInProcess(root, ["build", "--format", "json"]);
    expect(refused(run)).toEqual([["src/generated", "output-path-unsafe"]]);
    expect(JSON.parse(run.stdout).diagnostics[0].message).toContain("out (src/generated) and handlers (src/handlers) overlap once links are followed");
    expect(filesBelow(join(root, "src"))).toEqual(["handlers"]);
  });

  it("a lock in handlers or tests by way of a link is refused: every build would rewrite a file there", async () => {
    const { root } = projectAndOutside({ "mcp-gen.config.yaml": "lock: alias/a.ts\n", "src/handlers/a.ts": "// my handler\n" });
    link(join(root, "src/handlers"), root, "alias");
    const run = await runInProcess(root, ["build", "--format", "json"]);
    expect(refused(run)).toEqual([["alias/a.ts", "output-path-unsafe"]]);
    expect(JSON.parse(run.stdout).diagnostics[0].message).toContain("lock (alias/a.ts) lies in handlers (src/handlers) once links are followed");
    expect(readFileSync(join(root, "src/handlers/a.ts"), "utf8")).toBe("// my handler\n");
  });

  it("a link that stays inside the project is followed, and a dangling one is refused", async () => {
    const { root } = projectAndOutside();
    mkdirSync(join(root, "mine/handlers"), { recursive: true });
    link(join(root, "mine/handlers"), root, "src/handlers");
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect(filesBelow(join(root, "mine/handlers"))).toEqual(["a.ts"]);
    rmSync(join(root, "test/tools"), { recursive: true });
    link(join(root, "nowhere"), root, "test/tools");
    rmSync(join(root, "src/generated"), { recursive: true });
    expect(refused(await runInProcess(root, ["build", "--format", "json"]))).toEqual([["test/tools", "output-path-unsafe"]]);
    expect(existsSync(join(root, "src/generated"))).toBe(false);
  });

  it("watch: a link made between builds stops that build, and watching goes on", async () => {
    const { root, outside } = projectAndOutside();
    let stdout = "";
    const io: CliIo = { cwd: root, env: {}, isTty: false, stdout: (t) => void (stdout += t), stderr: (t) => void (stdout += t) };
    const controller = new AbortController();
    const done = runWatch([], io, controller.signal);
    const waitFor = async (text: string) => {
      for (const deadline = Date.now() + 30_000; !stdout.includes(text); await new Promise((r) => setTimeout(r, 20))) {
        if (Date.now() > deadline) throw new Error(`no "${text}" after 30 s; output:\n${stdout}`);
      }
    };
    try {
      await waitFor("Watching ");
      renameSync(join(root, "test/tools"), join(outside, "tools"));
      link(join(outside, "tools"), root, "test/tools");
      writeFileSync(join(root, "tools/b.yaml"), TOOL("b"));
      await waitFor("output-path-unsafe");
      await waitFor("problem");
      expect(stdout).toContain("test/tools is a link to");
      expect(filesBelow(outside)).toEqual(["mine.txt", "tools/a.test.ts"]);
      expect(existsSync(join(root, "src/handlers/b.ts"))).toBe(false);
    } finally {
      controller.abort();
      expect(await done).toBe(0);
    }
  });
});

describe("check compares the generated folder it really has", () => {
  it("check (and --full) refuse a generated folder linked outside the project, whose extra file went unreported", async () => {
    const { root, outside } = projectAndOutside();
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    renameSync(join(root, "src/generated"), join(outside, "generated"));
    link(join(outside, "generated"), root, "src/generated");
    writeFileSync(join(outside, "generated/extra.ts"), "export {};\n");
    for (const full of [[], ["--full"]]) {
      expect(refused(await runInProcess(root, ["check", "--format", "json", ...full]))).toEqual([["src/generated", "output-path-unsafe"]]);
    }
  });

  it("lists the generated folder through a linked folder above it that stays in the project", async () => {
    const { root } = projectAndOutside({ "mcp-gen.config.yaml": "out: code/generated\n" });
    mkdirSync(join(root, "packages/code"), { recursive: true });
    link(join(root, "packages/code"), root, "code");
    expect((await runInProcess(root, ["build"])).code).toBe(0);
    expect((await runInProcess(root, ["check", "--full"])).code).toBe(0);
    writeFileSync(join(root, "packages/code/generated/extra.ts"), "export {};\n");
    for (const full of [[], ["--full"]]) {
      const run = await runInProcess(root, ["check", "--format", "json", ...full]);
      expect(run.code).toBe(1);
      const { diagnostics } = JSON.parse(run.stdout) as { diagnostics: { file: string; ruleId: string }[] };
      expect(diagnostics.map((d) => [d.file, d.ruleId])).toContainEqual(["code/generated/extra.ts", "generated-file-extra"]);
    }
  });
});

describe("import and init", () => {
  const fake = ["--command", `node ${JSON.stringify(FAKE_SERVER)} ok`, "--timeout", "5000"];

  it("import: a tools/ (or --dir) linked outside is refused before the server runs; nothing is written", async () => {
    for (const dir of [[], ["--dir", "vendor/fake"]]) {
      const { root, outside } = projectAndOutside();
      rmSync(join(root, "tools"), { recursive: true });
      const folder = dir.length === 0 ? "tools" : "vendor";
      link(outside, root, folder);
      const run = await runInProcess(root, ["import", ...fake, ...dir]);
      expect(run.code).toBe(2);
      expect(run.stdout).toContain(`${folder}:1:1 error output-path-unsafe ${folder} is a link to ${JSON.stringify(outside)}, outside the project`);
      expect(filesBelow(outside)).toEqual(["mine.txt"]);
      expect(existsSync(join(root, "mcp-tools.lock.json"))).toBe(false);
    }
  });

  it("import: a lock whose folder is linked outside is refused", async () => {
    const { root, outside } = projectAndOutside({ "mcp-gen.config.yaml": "lock: pins/mcp-tools.lock.json\n" });
    rmSync(join(root, "tools"), { recursive: true });
    link(outside, root, "pins");
    const run = await runInProcess(root, ["import", ...fake]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain("pins:1:1 error output-path-unsafe");
    expect(filesBelow(outside)).toEqual(["mine.txt"]);
    expect(existsSync(join(root, "tools"))).toBe(false);
  });

  for (const folder of ["src", "src/handlers", "tools"]) {
    it(`init: ${folder} linked outside is refused; nothing is written`, async () => {
      const root = tempProject({});
      const outside = tempProject({ "mine.txt": "someone else's folder\n" });
      link(outside, root, folder);
      const run = await runInProcess(root, ["init"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`${folder}:1:1 error output-path-unsafe ${folder} is a link to ${JSON.stringify(outside)}, outside the project, so init's files`);
      expect(run.stderr).toContain("mcp-gen init: nothing was written.");
      expect(filesBelow(outside)).toEqual(["mine.txt"]);
      expect(filesBelow(root)).toEqual([folder]);
    });
  }

  it("init: a package.json that is a link to a file outside the project is refused", async () => {
    const root = tempProject({});
    const outside = tempProject({ "package.json": "{}\n" });
    symlinkSync(join(outside, "package.json"), join(root, "package.json"));
    const run = await runInProcess(root, ["init"]);
    expect(run.code).toBe(2);
    expect(readFileSync(join(outside, "package.json"), "utf8")).toBe("{}\n");
    expect(filesBelow(root)).toEqual(["package.json"]);
  });
});
