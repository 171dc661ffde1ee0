// findDescriptors with a GlobMemo (the stat index): the globs' last answer stands while no folder
// they could match a file in has changed, and any added, removed or renamed entry, at any depth,
// makes them glob again. Nothing is remembered that folder stats cannot vouch for.
import { mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { loadConfig } from "../../src/config/load-config.js";
import { findDescriptors, type GlobMemo } from "../../src/cli/find-descriptors.js";
import type { GlobRecord } from "../../src/incremental/stat-index.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { tempProject } from "../support/temp-project.js";

const config: Config = loadConfig(undefined, ALL_RULES, {}).value!;
const PING = '{ "name": "ping", "inputSchema": { "type": "object" } }\n';

/** Folders and files are recorded only once their times are older than file times can repeat. */
const settle = () => new Promise((done) => setTimeout(done, 250));

function memory(): GlobMemo & { records: GlobRecord[] } {
  const records: GlobRecord[] = [];
  let last: { key: string; record: GlobRecord } | undefined;
  return {
    records,
    glob: (key) => (last?.key === key ? last.record : undefined),
    rememberGlob: (key, record) => {
      records.push(record);
      last = { key, record };
    },
  };
}

describe("findDescriptors with a glob memo", () => {
  it("answers from memory while no folder changed, with what it remembered", async () => {
    const root = tempProject({ "tools/a.json": PING, "tools/deep/b.yaml": "name: b\n", "src/generated/x.json": "{}", "README.md": "" });
    await settle();
    const memo = memory();
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/a.json", "tools/deep/b.yaml"]);
    expect(memo.records).toHaveLength(1);
    expect(memo.records[0]!.folders.map(([folder]) => folder)).toEqual(["tools", "tools/deep"]);
    // The remembered answer is taken as it is: a list no glob would give shows that it was.
    const trusted: GlobMemo = { glob: () => ({ ...memo.records[0]!, files: ["tools/remembered.json"] }), rememberGlob: () => undefined };
    expect(await findDescriptors(root, config, trusted)).toEqual(["tools/remembered.json"]);
  });

  it("globs again after a file is added, removed or renamed in any folder, or a folder is added", async () => {
    const root = tempProject({ "tools/a.json": PING, "tools/deep/b.yaml": "name: b\n" });
    const changes: [string, () => void, string[]][] = [
      ["a file added deep down", () => writeFileSync(join(root, "tools/deep/c.json"), PING), ["tools/a.json", "tools/deep/b.yaml", "tools/deep/c.json"]],
      ["a file renamed", () => renameSync(join(root, "tools/deep/c.json"), join(root, "tools/deep/d.json")), ["tools/a.json", "tools/deep/b.yaml", "tools/deep/d.json"]],
      ["a file removed", () => rmSync(join(root, "tools/a.json")), ["tools/deep/b.yaml", "tools/deep/d.json"]],
      ["a folder added with a file", () => (mkdirSync(join(root, "tools/new")), writeFileSync(join(root, "tools/new/e.json"), PING)), ["tools/deep/b.yaml", "tools/deep/d.json", "tools/new/e.json"]],
    ];
    const memo = memory();
    await settle();
    await findDescriptors(root, config, memo);
    for (const [what, change, expected] of changes) {
      change();
      await settle();
      expect(await findDescriptors(root, config, memo), what).toEqual(expected);
    }
    expect(memo.records).toHaveLength(changes.length + 1);
  });

  it("remembers nothing a folder's stat cannot vouch for: a folder changed just now, a linked descriptor", async () => {
    const root = tempProject({ "tools/a.json": PING, "elsewhere/b.json": PING });
    const memo = memory();
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/a.json"]);
    expect(memo.records).toEqual([]);
    symlinkSync(join(root, "elsewhere/b.json"), join(root, "tools/b.json"));
    await settle();
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/a.json", "tools/b.json"]);
    expect(memo.records).toEqual([]);
  });

  it("tells a linked descriptor from the folders' listings, also where a linked folder reaches it by a second path", async () => {
    const root = tempProject({ "tools/real/a.json": PING, "elsewhere/b.json": PING });
    symlinkSync(join(root, "tools/real"), join(root, "tools/alias"));
    await settle();
    const memo = memory();
    // Each file once, under the path without the folder link (linked-descriptors.test.ts).
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/real/a.json"]);
    expect(memo.records).toHaveLength(1);
    symlinkSync(join(root, "elsewhere/b.json"), join(root, "tools/real/b.json"));
    await settle();
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/real/a.json", "tools/real/b.json"]);
    expect(memo.records).toHaveLength(1);
  });

  it("does not watch node_modules, .git or the generated folder", async () => {
    const root = tempProject({ "a.json": PING, "node_modules/x/y.json": "{}", ".git/z.json": "{}", "src/generated/w.json": "{}" });
    const everywhere = { ...config, tools: ["**/*.json"] };
    await settle();
    const memo = memory();
    expect(await findDescriptors(root, everywhere, memo)).toEqual(["a.json"]);
    expect(memo.records[0]!.folders.map(([folder]) => folder)).toEqual(["", "src"]);
  });

  it("answers, and remembers, when a link among the folders loops: the link is no folder", async () => {
    // tools/self -> self: stating it gives ELOOP. Build stopped with "internal error: ELOOP" here.
    const root = tempProject({ "tools/a.json": PING });
    symlinkSync("self", join(root, "tools", "self"));
    await settle();
    const memo = memory();
    expect(await findDescriptors(root, config, memo)).toEqual(["tools/a.json"]);
    expect(memo.records.map((record) => record.folders.map(([folder]) => folder))).toEqual([["tools"]]);
  });
});

describe("findDescriptors and a project's own files", () => {
  it("leaves out lock files, mcp-gen's config, package.json and tsconfig files that a broad glob matches", async () => {
    const root = tempProject({
      "tools/a.json": PING,
      "mcp-gen.config.yaml": "tools: ['**/*.{yaml,yml,json}']\n",
      "mcp-tools.lock.json": "{}",
      "package.json": "{}",
      "package-lock.json": "{}",
      "tsconfig.json": "{}",
      "tsconfig.build.json": "{}",
      "packages/web/jsconfig.json": "{}",
      "packages/srv/mcp-gen.config.yml": "{}",
      "packages/srv/tools/b.yaml": "name: b\n",
      "tools/package-info.json": PING,
      "tools/my-tsconfig.json": PING,
    });
    const broad = { ...config, tools: ["**/*.{yaml,yml,json}"] };
    expect(await findDescriptors(root, broad)).toEqual(["packages/srv/tools/b.yaml", "tools/a.json", "tools/my-tsconfig.json", "tools/package-info.json"]);
  });
});

describe("findDescriptors and folders a tools glob matches", () => {
  it("lists a folder named like a descriptor file, for the project reader to report", async () => {
    const root = tempProject({ "tools/a.json": PING, "tools/v1.json/b.json": PING, "tools/sub/c.yaml": "name: c\n" });
    mkdirSync(join(root, "tools", "weird.json"));
    mkdirSync(join(root, "tools", "empty"));
    // Default glob (tools/**/*.{yaml,yml,json}): weird.json is a folder where a descriptor's name goes;
    // v1.json holds a descriptor (the glob goes through it), and `empty` is not named as one.
    expect(await findDescriptors(root, config)).toEqual(["tools/a.json", "tools/sub/c.yaml", "tools/v1.json/b.json", "tools/weird.json"]);
    expect(await findDescriptors(root, { ...config, tools: ["tools/*.json"] })).toEqual(["tools/a.json", "tools/v1.json", "tools/weird.json"]);
  });

  it("lists no folder only an all-wildcard last part matches, which names no file", async () => {
    const root = tempProject({ "tools/a.json": PING, "tools/sub/c.json": PING });
    mkdirSync(join(root, "tools", "weird.json"));
    mkdirSync(join(root, "tools", "empty"));
    expect(await findDescriptors(root, { ...config, tools: ["tools/*"] })).toEqual(["tools/a.json"]);
    for (const tools of [["tools/**"], ["tools/**/*"]]) expect(await findDescriptors(root, { ...config, tools }), tools[0]).toEqual(["tools/a.json", "tools/sub/c.json"]);
    // With a pattern that names files beside one that does not: only the folders it names.
    expect(await findDescriptors(root, { ...config, tools: ["tools/**/*", "tools/*.json"] })).toEqual(["tools/a.json", "tools/sub/c.json", "tools/weird.json"]);
    expect(await findDescriptors(root, { ...config, tools: ["tools/**/*", "tools/*.json", "!tools/weird.json"] })).toEqual(["tools/a.json", "tools/sub/c.json"]);
  });
});
