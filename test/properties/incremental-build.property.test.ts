// Property test of the incremental build (src/incremental/): whatever a team does between builds, in
// whatever order, a build writes exactly what a build from scratch of the same descriptors writes,
// prints the same findings, and leaves a project that `check` finds up to date; and `check`, before
// each build, says "up to date" exactly when the generated files and the lock on disk are what a
// build from scratch would write (and `check --full` agrees). The steps are the ones a build cache
// has to survive: descriptions and schemas edited, a shared $ref'd file edited, tools added, removed,
// renamed (file and tool), moved into a subfolder (where a relative $ref breaks: the build fails as
// a build from scratch does, writing nothing), files rewritten unchanged or with CRLF line ends, the
// config changed, a generated file edited by hand (refused, then overwritten with --force; also to
// the same size with its modification time put back), branches switched the way git does (files
// replaced, every output included, or only the descriptors), a teammate's build pulled, a lock
// deleted or left with merge-conflict markers, the cache deleted, and time for the stats of what was
// written to settle, so that the stat index's shortcuts (check's vouched lock, the no-change build
// from stats) are taken too.
// PROPERTY_SEED sets the seed (fixed in `npm test`, test/support/property-seed.ts); PROPERTY_RUNS,
// which a nightly run sets in thousands for cheaper properties, asks here for one sequence per 50.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { parse, stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject, writeFiles } from "../support/temp-project.js";
import { projectTree as tree } from "../support/project-tree.js";

const RUNS = process.env.PROPERTY_RUNS === undefined ? 6 : Math.max(6, Math.ceil(Number(process.env.PROPERTY_RUNS) / 50));
const STEPS = 14;

const searchTool = (name: string, description: string) => ({
  name,
  description,
  inputSchema: {
    type: "object",
    properties: {
      query: { type: "string", minLength: 1, pattern: "^[a-z][a-z0-9 ]*$" },
      region: { type: "string", "x-mcp-header": "Region" },
      page: { type: "integer", minimum: 1 },
    },
    required: ["query"],
  },
});

/** The project every sequence starts from: YAML and JSON descriptors, a shared $ref'd file, an outputSchema, input requests, a tool with no description (a warning). */
const START: Record<string, string> = {
  "tools/search_issues.yaml": stringify(searchTool("search_issues", "Find issues whose title contains the query.")),
  "tools/list_repos.yaml": stringify({
    ...searchTool("list_repos", "List the repositories of the query's owner."),
    outputSchema: { type: "object", properties: { names: { type: "array", items: { type: "string" } } } },
  }),
  "tools/get_user.json": `${JSON.stringify({ name: "get_user", description: "Get one user.", inputSchema: { type: "object", properties: { login: { $ref: "../schemas/login.yaml" } }, required: ["login"] } }, null, 2)}\n`,
  "tools/get_org.json": `${JSON.stringify({ name: "get_org", description: "Get one organisation.", inputSchema: { type: "object", properties: { login: { $ref: "../schemas/login.yaml" }, members: { type: "boolean" } } } }, null, 2)}\n`,
  "tools/quiet.yaml": "name: quiet\ninputSchema: { type: object, properties: { level: { type: integer } } }\n",
  "tools/transfer.yaml": stringify({
    name: "transfer",
    description: "Move money after the user confirms.",
    inputSchema: { type: "object", properties: { to: { type: "string" } }, required: ["to"] },
    "x-mcp-gen": { inputRequests: { confirm: { message: "Move the money now?", requestedSchema: { type: "object", properties: { confirm: { type: "boolean" } }, required: ["confirm"] } } } },
  }),
  "schemas/login.yaml": "type: string\nminLength: 1\ndescription: A GitHub login.\n",
};

/** Tools a step may add. */
const MORE: readonly (readonly [string, string])[] = [
  ["tools/add_label.yaml", stringify(searchTool("add_label", "Add a label to an issue."))],
  [
    "tools/close_issue.json",
    `${JSON.stringify({ name: "close_issue", description: "Close one issue.", inputSchema: { type: "object", properties: { number: { type: "integer", minimum: 1 } }, required: ["number"] }, outputSchema: { type: "object", properties: { closed: { type: "boolean" } }, required: ["closed"] } }, null, 2)}\n`,
  ],
];

type Step =
  | { readonly kind: "describe" | "schema" | "remove" | "rename" | "rewrite"; readonly tool: number; readonly revision: number }
  | { readonly kind: "shared"; readonly revision: number }
  | { readonly kind: "add"; readonly which: number }
  | { readonly kind: "save"; readonly slot: number }
  | { readonly kind: "pull"; readonly tool: number; readonly revision: number }
  | { readonly kind: "switch"; readonly slot: number; readonly descriptorsOnly: boolean }
  | { readonly kind: "crlf" | "nest"; readonly tool: number }
  | { readonly kind: "retitle"; readonly tool: number; readonly form: number }
  | { readonly kind: "config"; readonly pageSize: number }
  | { readonly kind: "hand-edit"; readonly file: number; readonly sameSize: boolean }
  | { readonly kind: "delete-lock" | "conflict-lock" | "delete-cache" | "settle" | "build" };

const revision = fc.integer({ min: 1, max: 99 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom("describe", "schema", "remove", "rename", "rewrite"), tool: fc.nat(20), revision }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("shared"), revision }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("add"), which: fc.nat(MORE.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("save"), slot: fc.nat(1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("pull"), tool: fc.nat(20), revision }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("switch"), slot: fc.nat(1), descriptorsOnly: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("delete-lock", "conflict-lock", "delete-cache") }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom("crlf", "nest"), tool: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("retitle"), tool: fc.nat(20), form: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("config"), pageSize: fc.constantFrom(0, 2, 50) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("hand-edit"), file: fc.nat(40), sameSize: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("settle") }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("build") }) },
) as fc.Arbitrary<Step>;

const isInput = (path: string) => path.startsWith("tools/") || path.startsWith("schemas/") || path === "mcp-gen.config.yaml";
/** What a build writes and a build from scratch must agree on: the generated folder and the lock (scaffolds are the user's once created). */
const isOutput = (path: string) => path.startsWith("src/generated/") || path === "mcp-tools.lock.json";
const only = (files: ReadonlyMap<string, string>, keep: (path: string) => boolean) => new Map([...files].filter(([path]) => keep(path)));

/**
 * The findings of a build run with --format json; the lock's own warning left out when a step broke
 * the lock, and scaffold-leftover always: only the build whose last lock still names a removed tool
 * can tell its handler and test apart from the user's own files, and a build from scratch has no
 * last lock (test/cli/leftover-scaffolds.test.ts holds that warning).
 */
function findingsOf(stdout: string, lockBroken: boolean): unknown[] {
  const { diagnostics } = JSON.parse(stdout) as { diagnostics: { ruleId: string }[] };
  return diagnostics.filter((d) => d.ruleId !== "scaffold-leftover" && (!lockBroken || d.ruleId !== "lock-invalid"));
}

interface Scratch {
  readonly code: number;
  readonly output: Map<string, string>;
  readonly findings: unknown[];
}

/** A build from scratch (no lock, no output, no cache) of the project's descriptors as they are now, remembered by those descriptors. */
async function fromScratch(root: string, known: Map<string, Scratch>): Promise<Scratch> {
  const inputs = only(tree(root), isInput);
  const key = JSON.stringify([...inputs]);
  const remembered = known.get(key);
  if (remembered) return remembered;
  const fresh = tempProject(Object.fromEntries(inputs));
  const run = await runInProcess(fresh, ["build", "--format", "json"]);
  const scratch = { code: run.code, output: only(tree(fresh), isOutput), findings: findingsOf(run.stdout, false) };
  known.set(key, scratch);
  return scratch;
}

/** The descriptor `index` picks among those there are now (sorted), if any. */
function pick(root: string, index: number): string | undefined {
  const descriptors = [...tree(root).keys()].filter((path) => path.startsWith("tools/"));
  return descriptors.length === 0 ? undefined : descriptors[index % descriptors.length];
}

function readDescriptor(root: string, path: string): Record<string, unknown> {
  const text = readFileSync(join(root, path), "utf8");
  return (path.endsWith(".json") ? JSON.parse(text) : parse(text)) as Record<string, unknown>;
}

function writeDescriptor(root: string, path: string, value: Record<string, unknown>): void {
  writeFileSync(join(root, path), path.endsWith(".json") ? `${JSON.stringify(value, null, 2)}\n` : stringify(value));
}

/** Puts the files `saved` holds (those `keep` selects) back as git does: those that differ rewritten, those it lacks removed. */
function switchTo(root: string, saved: ReadonlyMap<string, string>, keep: (path: string) => boolean): void {
  const now = tree(root);
  for (const [path, text] of saved) if (keep(path) && now.get(path) !== text) writeFiles(root, { [path]: text });
  for (const path of now.keys()) if (keep(path) && !saved.has(path)) rmSync(join(root, path));
}

interface Sequence {
  readonly root: string;
  readonly scratch: Map<string, Scratch>;
  readonly slots: Map<number, Map<string, string>>;
  /** A step since the last build left the lock unreadable: that build warns about it, as a build from scratch does not. */
  lockBroken: boolean;
  /** The build cache was deleted since the last build. */
  cacheGone: boolean;
  /** The generated folder and lock as the last build that wrote them left them (the build cache keeps a copy of that lock). */
  lastBuilt: Map<string, string> | undefined;
  readonly log: string[];
}

async function apply(sequence: Sequence, step: Step): Promise<void> {
  const { root } = sequence;
  sequence.log.push(JSON.stringify(step));
  switch (step.kind) {
    case "describe":
    case "schema":
    case "remove":
    case "rename":
    case "rewrite": {
      const path = pick(root, step.tool);
      if (path === undefined) return;
      if (step.kind === "remove") return rmSync(join(root, path));
      if (step.kind === "rewrite") return writeFileSync(join(root, path), readFileSync(join(root, path)));
      if (step.kind === "rename") {
        const [stem, extension] = [path.slice(0, path.lastIndexOf(".")), path.slice(path.lastIndexOf("."))];
        return renameSync(join(root, path), join(root, `${stem.replace(/-\d+$/, "")}-${step.revision}${extension}`));
      }
      const descriptor = readDescriptor(root, path);
      if (step.kind === "describe") descriptor.description = `${String(descriptor.description ?? "").replace(/ \(revision \d+\)$/, "")} (revision ${step.revision})`;
      else {
        const schema = descriptor.inputSchema as { properties?: Record<string, unknown> };
        schema.properties = { ...schema.properties, [`extra_${step.revision}`]: { type: "string", maxLength: step.revision } };
      }
      return writeDescriptor(root, path, descriptor);
    }
    case "crlf": {
      // What git's core.autocrlf does on checkout: the same descriptor, with CRLF line ends.
      const path = pick(root, step.tool);
      if (path !== undefined) writeFileSync(join(root, path), readFileSync(join(root, path), "utf8").replace(/\r?\n/g, "\r\n"));
      return;
    }
    case "nest": {
      // Into tools/more/ and back: a descriptor with a relative $ref no longer resolves down there,
      // and the build fails as a build from scratch does, until it is moved back.
      const path = pick(root, step.tool);
      if (path === undefined) return;
      const moved = path.startsWith("tools/more/") ? path.replace("tools/more/", "tools/") : path.replace("tools/", "tools/more/");
      if (existsSync(join(root, moved))) return;
      mkdirSync(join(root, "tools/more"), { recursive: true });
      return renameSync(join(root, path), join(root, moved));
    }
    case "retitle": {
      // The tool's own name: back to the one its file has, another, or one with a space (its files
      // are named as mangled, and every tool's generated names depend on the whole set).
      const path = pick(root, step.tool);
      if (path === undefined) return;
      const descriptor = readDescriptor(root, path);
      const base = path.slice(path.lastIndexOf("/") + 1, path.lastIndexOf(".")).replace(/-\d+$/, "");
      descriptor.name = [base, `${base}_v2`, base.replace("_", " ")][step.form];
      return writeDescriptor(root, path, descriptor);
    }
    case "config":
      if (step.pageSize === 0) return rmSync(join(root, "mcp-gen.config.yaml"), { force: true });
      return writeFileSync(join(root, "mcp-gen.config.yaml"), `server:\n  name: team-tools\n  version: 1.0.0\n  pageSize: ${step.pageSize}\n`);
    case "hand-edit":
      return handEdit(sequence, step.file, step.sameSize);
    case "shared":
      return writeFileSync(join(root, "schemas/login.yaml"), `type: string\nminLength: 1\ndescription: A GitHub login (revision ${step.revision}).\n`);
    case "add": {
      const [path, text] = MORE[step.which]!;
      const name = text
        .match(/name: (\w+)|"name": "(\w+)"/)!
        .slice(1)
        .find(Boolean)!;
      // Not a second descriptor of the same tool (a rename may have moved the first).
      if ([...tree(root).entries()].some(([file, content]) => file.startsWith("tools/") && content.includes(name))) return;
      return writeFiles(root, { [path]: text });
    }
    case "pull": {
      // A teammate's build, in a clone with a cache of its own, of these descriptors with one more
      // description edited; git then replaces every file of ours that differs from the teammate's.
      const clone = tempProject(Object.fromEntries(only(tree(root), isInput)));
      const path = pick(clone, step.tool);
      if (path === undefined) return;
      const descriptor = readDescriptor(clone, path);
      descriptor.description = `Pulled (revision ${step.revision}).`;
      writeDescriptor(clone, path, descriptor);
      mkdirSync(join(clone, "node_modules"));
      if ((await runInProcess(clone, ["build"])).code !== 0) return;
      switchTo(root, tree(clone), (file) => isInput(file) || isOutput(file));
      return;
    }
    case "save":
      sequence.slots.set(step.slot, tree(root));
      return;
    case "switch": {
      const saved = sequence.slots.get(step.slot);
      if (!saved) return;
      switchTo(root, saved, step.descriptorsOnly ? isInput : (path) => isInput(path) || isOutput(path));
      if (!step.descriptorsOnly && saved.get("mcp-tools.lock.json")?.includes("<<<<<<<")) sequence.lockBroken = true;
      return;
    }
    case "delete-lock":
      return rmSync(join(root, "mcp-tools.lock.json"), { force: true });
    case "conflict-lock": {
      const lock = join(root, "mcp-tools.lock.json");
      if (!existsSync(lock)) return;
      const text = readFileSync(lock, "utf8");
      // One conflicted merge at a time: git never nests its hunks.
      if (text.includes("<<<<<<<")) return;
      const cut = text.indexOf('\n    "', text.length >> 1);
      writeFileSync(lock, `${text.slice(0, cut)}\n<<<<<<< HEAD\n    "x": 1,\n=======\n    "y": 2,\n>>>>>>> theirs${text.slice(cut)}`);
      sequence.lockBroken = true;
      return;
    }
    case "delete-cache":
      sequence.cacheGone = true;
      return rmSync(join(root, "node_modules", ".cache"), { recursive: true, force: true });
    case "settle":
      // Past the stat index's racy window (100 ms): what was written can now be vouched for by its stat.
      await new Promise((done) => setTimeout(done, 150));
      return;
    case "build":
      return build(sequence);
  }
}

/**
 * `check` first (up to date exactly when the output on disk is a build from scratch's), then the
 * build, held to the build from scratch. With no lock on disk, only the build cache's copy of the
 * last build's lock records what mcp-gen generated before, and only a file still as that build
 * wrote it is known to be mcp-gen's: with no cache, or for a file another build wrote (a teammate's,
 * pulled; a branch's, switched to), a module of a tool removed since stays, as any unknown file in
 * the generated folder does, and `check` names it; the sequence then removes it, as its user would.
 */
async function build(sequence: Sequence): Promise<void> {
  const { root, log } = sequence;
  const scratch = await fromScratch(root, sequence.scratch);
  if (scratch.code !== 0) return failingBuild(sequence, scratch);
  const before = await runInProcess(root, ["check"]);
  const current = JSON.stringify([...only(tree(root), isOutput)]) === JSON.stringify([...scratch.output]);
  expect(before.code, `check before the build (${current ? "up to date" : "out of date"}) after ${log.join(" ")}\n${before.stdout}`).toBe(current ? 0 : 1);
  // The fast path (stats, recorded hashes) and the full comparison agree.
  const full = await runInProcess(root, ["check", "--full"]);
  expect(full.code, `check --full before the build after ${log.join(" ")}\n${full.stdout}`).toBe(before.code);
  const outputBefore = only(tree(root), isOutput);
  const noLock = !existsSync(join(root, "mcp-tools.lock.json"));
  const lastBuildWrote = (path: string) => !sequence.cacheGone && sequence.lastBuilt?.get(path) === outputBefore.get(path);
  const leftOver = noLock ? [...outputBefore.keys()].filter((path) => !scratch.output.has(path) && !lastBuildWrote(path)) : [];
  const run = await runInProcess(root, ["build", "--format", "json"]);
  const where = `after ${log.join(" ")}\n${run.stdout}${run.stderr}`;
  expect(run.code, where).toBe(0);
  const output = only(tree(root), isOutput);
  expect([...output.keys()], where).toEqual([...new Set([...scratch.output.keys(), ...leftOver])].sort());
  for (const [path, text] of scratch.output) expect(output.get(path), `${path} ${where}`).toBe(text);
  expect(findingsOf(run.stdout, sequence.lockBroken), where).toEqual(scratch.findings);
  sequence.lockBroken = false;
  sequence.cacheGone = false;
  sequence.lastBuilt = new Map(scratch.output);
  const after = await runInProcess(root, ["check"]);
  expect(after.code, `check after the build, ${where}\n${after.stdout}`).toBe(leftOver.length === 0 ? 0 : 1);
  if (leftOver.length === 0) return;
  for (const path of leftOver) expect(after.stdout, where).toContain(path);
  for (const path of leftOver) rmSync(join(root, path));
  expect((await runInProcess(root, ["check"])).code, where).toBe(0);
}

/**
 * A build of descriptors with errors (a $ref that no longer resolves): it fails as a build from
 * scratch does, with the same findings, and writes nothing; `check` fails before and after it.
 */
async function failingBuild(sequence: Sequence, scratch: Scratch): Promise<void> {
  const { root, log } = sequence;
  expect(scratch.code, `a build from scratch after ${log.join(" ")}`).toBe(1);
  const before = only(tree(root), isOutput);
  expect((await runInProcess(root, ["check"])).code, `check after ${log.join(" ")}`).toBe(1);
  const run = await runInProcess(root, ["build", "--format", "json"]);
  const where = `after ${log.join(" ")}\n${run.stdout}${run.stderr}`;
  expect(run.code, where).toBe(1);
  expect(findingsOf(run.stdout, sequence.lockBroken), where).toEqual(scratch.findings);
  expect(only(tree(root), isOutput), where).toEqual(before);
  expect((await runInProcess(root, ["check"])).code, where).toBe(1);
}

/**
 * A generated file edited by hand right after a build: `check` fails, the build refuses to overwrite
 * it (naming it), and `build --force` writes what a build from scratch writes. `sameSize`: once the
 * stats are settled (recorded by the stat index), one letter changed in place and the modification
 * time put back, so that only the change time (which no user program sets) tells the edit.
 */
async function handEdit(sequence: Sequence, index: number, sameSize: boolean): Promise<void> {
  if ((await fromScratch(sequence.root, sequence.scratch)).code !== 0) return;
  await build(sequence);
  const { root, log } = sequence;
  const generated = [...tree(root).keys()].filter((path) => path.startsWith("src/generated/"));
  const path = generated[index % generated.length]!;
  const file = join(root, path);
  const text = readFileSync(file, "utf8");
  if (sameSize) {
    await new Promise((done) => setTimeout(done, 150));
    // A check after the stats settled: the stat index now vouches for every file by its stat.
    expect((await runInProcess(root, ["check"])).code).toBe(0);
  }
  const { atime, mtime } = statSync(file);
  const edited = sameSize ? text.replace(/[a-z]/, (letter) => letter.toUpperCase()) : `${text}// edited by hand\n`;
  writeFileSync(file, edited);
  if (sameSize) utimesSync(file, atime, mtime);
  const where = `after ${log.join(" ")}, ${path} edited${sameSize ? " to the same size and modification time" : ""}`;
  expect((await runInProcess(root, ["check"])).code, where).toBe(1);
  const refused = await runInProcess(root, ["build", "--format", "json"]);
  expect(refused.code, `${where}\n${refused.stdout}`).toBe(1);
  const { diagnostics } = JSON.parse(refused.stdout) as { diagnostics: { ruleId: string; file: string }[] };
  expect(
    diagnostics.filter((d) => d.ruleId === "generated-file-edited").map((d) => d.file),
    where,
  ).toEqual([path]);
  expect(readFileSync(file, "utf8"), where).toBe(edited);
  const forced = await runInProcess(root, ["build", "--force"]);
  expect(forced.code, `${where}\n${forced.stdout}`).toBe(0);
  const scratch = await fromScratch(root, sequence.scratch);
  expect(only(tree(root), isOutput), where).toEqual(scratch.output);
  sequence.lastBuilt = new Map(scratch.output);
  expect((await runInProcess(root, ["check"])).code, where).toBe(0);
}

describe("incremental build, any sequence of changes", () => {
  it("writes what a build from scratch writes, and check agrees with it before and after each build", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
        const root = tempProject(START);
        mkdirSync(join(root, "node_modules"));
        const sequence: Sequence = { root, scratch: new Map(), slots: new Map(), lockBroken: false, cacheGone: false, lastBuilt: undefined, log: [] };
        await apply(sequence, { kind: "build" });
        for (const next of steps) await apply(sequence, next);
        await apply(sequence, { kind: "build" });
        rmSync(root, { recursive: true, force: true });
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  });
});
