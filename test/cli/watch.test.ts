// `mcp-gen watch`: builds, then builds again on each change of an input (a descriptor edited, added
// or broken and fixed, a file a $ref names, the config), once per burst of changes, never because
// of its own writes; it goes on after a build with errors, and stops cleanly when told to.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runWatch } from "../../src/cli/commands/watch.js";
import type { CliIo } from "../../src/cli/io.js";
import { tempProject } from "../support/temp-project.js";

const tool = (name: string, description: string) => `name: ${name}\ndescription: ${description}\ninputSchema:\n  type: object\n  properties:\n    host: { $ref: "../schemas/host.yaml" }\n`;

interface Session {
  readonly root: string;
  readonly output: () => string;
  /** Resolves once the output has `count` "Watching" lines (a build finished and the watch waits). */
  readonly builds: (count: number) => Promise<void>;
  readonly stop: () => Promise<number>;
}

const sessions: Session[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) await session.stop();
});

/** `onOutput` sees each piece of output as it is printed, before watch goes on. */
function start(files: Record<string, string>, args: readonly string[] = [], onOutput?: (text: string, root: string) => void): Session {
  const root = tempProject(files);
  mkdirSync(join(root, "node_modules"));
  let stdout = "";
  const print = (text: string) => {
    stdout += text;
    onOutput?.(text, root);
  };
  const io: CliIo = { cwd: root, env: {}, isTty: false, stdout: print, stderr: print };
  const controller = new AbortController();
  const done = runWatch(args, io, controller.signal);
  const waiting = () => stdout.split("\nWatching ").length - 1 + (stdout.startsWith("Watching ") ? 1 : 0);
  const session: Session = {
    root,
    output: () => stdout,
    builds: async (count) => {
      const deadline = Date.now() + 30_000;
      while (waiting() < count) {
        if (Date.now() > deadline) throw new Error(`no build ${count} after 30 s; output:\n${stdout}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    stop: async () => {
      controller.abort();
      return done;
    },
  };
  sessions.push(session);
  return session;
}

/** Builds after the last "changed" line of the output. */
function lastBuild(output: string): string {
  const at = output.lastIndexOf(" changed: building again.");
  return output.slice(output.lastIndexOf("\n", at) + 1);
}

const PROJECT = {
  "tools/a.yaml": tool("a", "Tool a."),
  "tools/b.yaml": tool("b", "Tool b."),
  "schemas/host.yaml": "type: string\n",
};

describe("mcp-gen watch", () => {
  it("builds at start, then after a descriptor is edited, added, broken and fixed, and after a $ref'd file changes", async () => {
    const session = start(PROJECT);
    await session.builds(1);
    expect(session.output()).toMatch(/^Built 2 tools into src\/generated: \d+ files written, 0 unchanged\./m);
    expect(session.output()).toMatch(/Watching \d+ folders for changes \(Ctrl\+C to stop\)\./);

    writeFileSync(join(session.root, "tools/a.yaml"), tool("a", "Tool a, edited."));
    await session.builds(2);
    expect(lastBuild(session.output())).toMatch(/^tools\/a\.yaml changed: building again\.\nBuilt 2 tools into src\/generated: [1-9]\d* files? written/m);
    expect(readFileSync(join(session.root, "src/generated/tools/a.ts"), "utf8")).toContain("Tool a, edited.");

    writeFileSync(join(session.root, "tools/c.yaml"), tool("c", "Tool c."));
    await session.builds(3);
    expect(lastBuild(session.output())).toMatch(/Built 3 tools/);
    expect(lastBuild(session.output())).toContain("Created 1 handler stub and 1 test scaffold.");

    const lock = readFileSync(join(session.root, "mcp-tools.lock.json"), "utf8");
    writeFileSync(join(session.root, "tools/b.yaml"), "name: b\ninputSchema: { type: strng }\n");
    await session.builds(4);
    expect(lastBuild(session.output())).toContain("tools/b.yaml");
    expect(lastBuild(session.output())).toContain("error");
    expect(readFileSync(join(session.root, "mcp-tools.lock.json"), "utf8")).toBe(lock);

    writeFileSync(join(session.root, "tools/b.yaml"), tool("b", "Tool b, fixed."));
    await session.builds(5);
    expect(lastBuild(session.output())).toMatch(/Built 3 tools/);

    writeFileSync(join(session.root, "schemas/host.yaml"), "type: string\nminLength: 3\n");
    await session.builds(6);
    expect(lastBuild(session.output())).toMatch(/^schemas\/host\.yaml changed: building again\./m);
    expect(readFileSync(join(session.root, "src/generated/validators/2020-12.ts"), "utf8")).toMatch(/limit: 3/);

    // Its own writes (generated files, lock, scaffolds) start no build.
    await new Promise((r) => setTimeout(r, 600));
    expect(session.output().split("changed: building again.")).toHaveLength(6);
    expect(await session.stop()).toBe(0);
  }, 60_000);

  it("builds once for a burst of changes, and keeps watching after a broken config until it is fixed", async () => {
    const session = start({ ...PROJECT, "mcp-gen.config.yaml": "server:\n  name: watched\n  version: 1.0.0\n" });
    await session.builds(1);
    for (let i = 0; i < 5; i++) writeFileSync(join(session.root, "tools/a.yaml"), tool("a", `Tool a, edit ${i}.`));
    await session.builds(2);
    await new Promise((r) => setTimeout(r, 400));
    expect(session.output().split("changed: building again.")).toHaveLength(2);
    expect(readFileSync(join(session.root, "src/generated/tools/a.ts"), "utf8")).toContain("Tool a, edit 4.");

    writeFileSync(join(session.root, "mcp-gen.config.yaml"), "server:\n  name: watched\n  versoin: 1.0.0\n");
    await session.builds(3);
    expect(lastBuild(session.output())).toContain("mcp-gen.config.yaml");
    writeFileSync(join(session.root, "mcp-gen.config.yaml"), "server:\n  name: watched\n  version: 2.0.0\n");
    await session.builds(4);
    expect(lastBuild(session.output())).toMatch(/Built 2 tools/);
    expect(readFileSync(join(session.root, "src/generated/server.ts"), "utf8")).toContain('"2.0.0"');
    expect(await session.stop()).toBe(0);
  }, 60_000);

  it("sees a descriptor added in a new folder, and stops even while it waits", async () => {
    const session = start(PROJECT);
    await session.builds(1);
    mkdirSync(join(session.root, "tools/nested"));
    writeFileSync(join(session.root, "tools/nested/d.yaml"), "name: d\ndescription: Tool d.\ninputSchema: { type: object }\n");
    await session.builds(2);
    expect(lastBuild(session.output())).toMatch(/Built 3 tools/);
    rmSync(join(session.root, "tools/nested"), { recursive: true });
    await session.builds(3);
    expect(lastBuild(session.output())).toMatch(/Built 2 tools/);
    // ".mcp-gen" inside a name is no build's temporary file (those start with it).
    writeFileSync(join(session.root, "tools/e.mcp-gen.yaml"), "name: e\ndescription: Tool e.\ninputSchema: { type: object, additionalProperties: false }\n");
    await session.builds(4);
    expect(lastBuild(session.output())).toMatch(/^tools\/e\.mcp-gen\.yaml changed: building again\.\nBuilt 3 tools/m);
    expect(await session.stop()).toBe(0);
  }, 60_000);

  it("sees a glob's folder made again after it was deleted, when its parent is no input folder", async () => {
    const plain = (name: string) => `name: ${name}\ndescription: Tool ${name}.\ninputSchema: { type: object, additionalProperties: false }\n`;
    const session = start({ "mcp-gen.config.yaml": 'tools: ["defs/tools/**/*.yaml"]\n', "defs/tools/a.yaml": plain("a"), "defs/README.md": "Tools.\n" });
    await session.builds(1);
    rmSync(join(session.root, "defs/tools"), { recursive: true });
    await session.builds(2);
    expect(lastBuild(session.output())).toContain("tools-not-found");
    mkdirSync(join(session.root, "defs/tools"));
    writeFileSync(join(session.root, "defs/tools/a.yaml"), plain("a"));
    await session.builds(3);
    expect(lastBuild(session.output())).toMatch(/Built 1 tool/);
    expect(await session.stop()).toBe(0);
  }, 60_000);

  it("builds again for a file written, while a build runs, into the folder whose making started it", async () => {
    let armed = false;
    const session = start(PROJECT, [], (text, root) => {
      // The build that the new folder started has globbed it empty and is printing its findings.
      if (!armed || !text.includes("project-not-found")) return;
      armed = false;
      writeFileSync(join(root, "tools/a.yaml"), tool("a", "Tool a, back."));
    });
    await session.builds(1);
    rmSync(join(session.root, "tools"), { recursive: true });
    await session.builds(2);
    armed = true;
    mkdirSync(join(session.root, "tools"));
    // The change seen during build 3 is built at once: the next "Watching" follows build 4.
    await session.builds(3);
    // b is gone since the last build that wrote: its handler and test are left over (leftover-scaffolds.test.ts).
    const built = lastBuild(session.output());
    expect(built).toMatch(/^tools\/a\.yaml changed: building again\.\nsrc\/handlers\/b\.ts:1:1 warning scaffold-leftover /m);
    expect(built).toMatch(/^Built 1 tool/m);
    expect(await session.stop()).toBe(0);
  }, 90_000);

  it("stops when told to during its first build", async () => {
    const session = start(PROJECT);
    const stopped = session.stop();
    expect(await stopped).toBe(0);
    expect(session.output()).toMatch(/^Built 2 tools/m);
  }, 60_000);

  it("builds again for a change made as the first build's output appears, before anything watched", async () => {
    // The edit lands in the moment between the first build's summary and its watchers (what a
    // script that waits for the output does): watch compares the files' times with what they were.
    let edited = false;
    const session = start(PROJECT, [], (text, root) => {
      if (edited || !text.includes("Built 2 tools")) return;
      edited = true;
      writeFileSync(join(root, "tools/a.yaml"), tool("a", "Tool a, edited at once."));
    });
    // Built at once, without waiting for a change first: "Watching" comes after the second build.
    await session.builds(1);
    expect(session.output()).toContain("tools/a.yaml changed: building again.");
    expect(readFileSync(join(session.root, "src/generated/tools/a.ts"), "utf8")).toContain("Tool a, edited at once.");
  }, 60_000);

  it("prints one JSON document per build with --format json, and nothing else", async () => {
    const session = start(PROJECT, ["--format", "json"]);
    const documents = () =>
      session
        .output()
        .trim()
        .split(/\n(?=\{)/)
        .filter(Boolean);
    const deadline = Date.now() + 30_000;
    while (documents().length < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    writeFileSync(join(session.root, "tools/a.yaml"), "name: a\ninputSchema: { type: object }\n");
    while (documents().length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await session.stop()).toBe(0);
    const parsed = documents().map((text) => JSON.parse(text) as { summary: { warnings: number } });
    expect(parsed).toHaveLength(2);
    expect(parsed[1]!.summary.warnings).toBeGreaterThan(parsed[0]!.summary.warnings);
  }, 60_000);
});
