// README.md is a newcomer's guide that cannot drift from the code: its tour's output blocks are what
// the commands print when run on a copy of the example the tour describes, its commands table names
// every command, and it stays short (the reference lives in docs/, which test/docs.test.ts checks).
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "./support/spec-paths.js";
import { runInProcess, tempProject } from "./support/temp-project.js";

const README = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
const EXAMPLE = join(REPO_ROOT, "examples", "weather");

/** The text of README's `## title` section, up to the next `## ` heading. */
function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  if (start === -1) throw new Error(`README.md has no "## ${title}" section`);
  const end = README.indexOf("\n## ", start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

interface Block {
  readonly lang: string;
  readonly body: string;
}

/** The fenced code blocks of a Markdown text, in order. */
function blocks(text: string): Block[] {
  return [...text.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1]!, body: m[2]! }));
}

interface TourCommand {
  readonly argv: string[];
  readonly output: string;
  /** The descriptor the command runs on, in place of the example's. */
  readonly descriptor: string;
}

/** The tour's descriptors: YAML blocks that start with a tool's name. */
const isDescriptor = (block: Block | undefined): block is Block => block?.lang === "yaml" && block.body.startsWith("name:");

/**
 * Each `$ npx mcp-gen ...` output block of the tour, run in a copy of the example with
 * tools/get_weather.yaml replaced by the descriptor the tour shows right before the block, or else by
 * the tour's first descriptor (step 1).
 */
function tourCommands(): TourCommand[] {
  const all = blocks(section("A short tour"));
  const first = all.find(isDescriptor);
  return all.flatMap((block, index) => {
    const match = /^\$ npx mcp-gen (.*)\n([\s\S]*)$/.exec(block.body);
    if (block.lang !== "text" || !match) return [];
    const before = all[index - 1];
    return [{ argv: match[1]!.split(" "), output: match[2]!, descriptor: isDescriptor(before) ? before.body : first!.body }];
  });
}

/** A temporary copy of the example as a user starts it: its descriptors, config and package.json, nothing generated. */
function exampleCopy(): string {
  const root = tempProject({});
  for (const name of ["tools", "mcp-gen.config.yaml", "package.json"]) cpSync(join(EXAMPLE, name), join(root, name), { recursive: true });
  return root;
}

describe("README.md", () => {
  it("is at most 370 lines", () => {
    expect(README.split("\n").length).toBeLessThanOrEqual(370);
  });

  it("keeps the two commands a newcomer runs first", () => {
    expect(section("Quick start")).toContain("\n```sh\nnpm install && npx mcp-gen build --cwd examples/weather\n```\n");
    expect(section("Quick start")).toContain("\n```sh\nnpm test\n```\n");
  });

  it("tours the example: its first descriptor is examples/weather/tools/get_weather.yaml shortened, the same tool", () => {
    type Tool = { name: string; inputSchema: { properties: object; required: string[] }; outputSchema: { properties: object; required: string[] } };
    const shape = (tool: Tool) => [tool.name, Object.keys(tool.inputSchema.properties), tool.inputSchema.required, Object.keys(tool.outputSchema.properties), tool.outputSchema.required];
    const [first] = blocks(section("A short tour"));
    expect(first?.lang).toBe("yaml");
    expect(shape(parse(first!.body) as Tool)).toEqual(shape(parse(readFileSync(join(EXAMPLE, "tools", "get_weather.yaml"), "utf8")) as Tool));
  });

  it("shows a validate and a build in the tour", () => {
    expect(tourCommands().map((command) => command.argv[0])).toEqual(["validate", "build"]);
  });

  it.each(tourCommands().map((command) => [command.argv.join(" "), command] as const))("tour: `mcp-gen %s` prints what README shows", async (_name, command) => {
    const root = exampleCopy();
    writeFileSync(join(root, "tools", "get_weather.yaml"), command.descriptor);
    const run = await runInProcess(root, command.argv);
    expect(run.stdout + run.stderr).toBe(command.output);
  });

  it("lists every command in its commands table", async () => {
    const help = await runInProcess(REPO_ROOT, ["--help"]);
    const commands = [...help.stdout.matchAll(/^ {2}([a-z]+) {2,}/gm)].map((m) => m[1]!).sort();
    expect(commands.length).toBeGreaterThan(10);
    const table = section("Commands");
    const listed = [...table.matchAll(/^\| `mcp-gen ([a-z]+)`(?: \/ `([a-z]+)`)?/gm)].flatMap((m) => (m[2] ? [m[1]!, m[2]] : [m[1]!])).sort();
    expect(listed).toEqual(commands);
  });
});
