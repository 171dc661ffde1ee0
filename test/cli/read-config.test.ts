// readProjectConfig with a ConfigMemo (the stat index): a remembered config stands in for parsing
// mcp-gen.config.yaml, and a build (every rule) takes a config remembered without rule settings.
import { describe, expect, it } from "vitest";
import type { Config } from "../../src/config/config.js";
import { readProjectConfig, withAllRules, type ConfigMemo } from "../../src/cli/read-config.js";
import { StatIndex } from "../../src/incremental/stat-index.js";
import { tempProject } from "../support/temp-project.js";

const CONFIG = "tools:\n  - tools/**/*.json\nserver:\n  name: weather\n";

/** A memo that answers what `index` remembers, with `out` changed, so a test sees where a config came from. */
function marking(index: StatIndex): ConfigMemo & { keys: string[] } {
  const keys: string[] = [];
  return {
    keys,
    config: (key) => {
      const config = index.config(key);
      return config && { ...config, out: "from/memo" };
    },
    rememberConfig: (key, config) => (keys.push(key), index.rememberConfig(key, config)),
  };
}

describe("readProjectConfig with a memo", () => {
  it("gives a build (every rule) the remembered config with each rule's default setting", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": CONFIG, "package.json": '{"name":"weather","version":"1.2.3"}' });
    const index = StatIndex.empty();
    const first = await readProjectConfig(root, undefined, "all", marking(index));
    expect(first.config?.out).toBe("src/generated");
    expect(first.config?.rules.size).toBeGreaterThan(30);
    const again = await readProjectConfig(root, undefined, "all", marking(index));
    expect(again.config?.out).toBe("from/memo");
    expect({ ...again.config!, out: "src/generated" } satisfies Config).toEqual(first.config);
    expect(again.diagnostics).toEqual([]);
  });

  it("parses a config with a rules section every time under every rule", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": `${CONFIG}rules:\n  description-missing: off\n` });
    const index = StatIndex.empty();
    const memo = marking(index);
    const first = await readProjectConfig(root, undefined, "all", memo);
    expect(memo.keys).toEqual([]);
    expect(first.config?.rules.get("description-missing")?.severity).toBe("off");
    const again = await readProjectConfig(root, undefined, "all", marking(index));
    expect(again.config?.out).toBe("src/generated");
    expect(again.config).toEqual(first.config);
  });

  it("keeps the preset of a remembered config: a build from the memo still starts from strict", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": `${CONFIG}preset: strict\n` });
    const index = StatIndex.empty();
    const first = await readProjectConfig(root, undefined, "all", marking(index));
    expect(first.config?.rules.get("meta-key-syntax")?.severity).toBe("error");
    const again = await readProjectConfig(root, undefined, "all", marking(index));
    expect(again.config?.out).toBe("from/memo");
    expect(again.config?.preset).toBe("strict");
    expect({ ...again.config!, out: "src/generated" }).toEqual(first.config);
  });
});

describe("readProjectConfig without rules (the proxy's scope)", () => {
  it("neither reads nor checks the rules section, and checks every other key as always", async () => {
    // An id no rule has: any scope that consults the rule registry reports it.
    const root = tempProject({ "mcp-gen.config.yaml": `${CONFIG}lock: pins/lock.json\nrules:\n  no-such-rule: off\n` });
    expect((await readProjectConfig(root, undefined, "configured")).diagnostics.map((d) => d.message)).toEqual(['Unknown rule id "no-such-rule" in rules.']);
    const read = await readProjectConfig(root, undefined, "none");
    expect(read.diagnostics).toEqual([]);
    expect(read.config?.lock).toBe("pins/lock.json");
    expect(read.config?.rules.size).toBe(0);
    const typo = tempProject({ "mcp-gen.config.yaml": `${CONFIG}lokc: pins/lock.json\nrules:\n  no-such-rule: off\n` });
    expect((await readProjectConfig(typo, undefined, "none")).diagnostics.map((d) => d.message)).toEqual(['Unknown key "lokc" in mcp-gen.config.yaml.']);
  });
});

describe("withAllRules (a build reads the config without rules, and fills them in when it runs any)", () => {
  const configs = {
    "no rules section": CONFIG,
    "the strict preset": `${CONFIG}preset: strict\n`,
    "a rules section": `${CONFIG}rules:\n  description-missing: off\n  schema-nullable-keyword: error\n`,
    "an empty rules section": `${CONFIG}rules: {}\n`,
  };
  for (const [what, text] of Object.entries(configs)) {
    it(`gives what the "all" scope reads, with ${what}`, async () => {
      const root = tempProject({ "mcp-gen.config.yaml": text, "package.json": '{"name":"weather","version":"1.2.3"}' });
      const all = await readProjectConfig(root, undefined, "all");
      const configured = await readProjectConfig(root, undefined, "configured", StatIndex.empty());
      expect(configured.diagnostics).toEqual(all.diagnostics);
      expect(configured.sources).toEqual(all.sources);
      expect(all.config?.rules.size).toBeGreaterThan(30);
      expect(await withAllRules(configured.config!)).toEqual(all.config);
    });
  }

  it("leaves a config that has every rule's setting as it is", async () => {
    const root = tempProject({ "mcp-gen.config.yaml": `${CONFIG}rules:\n  description-missing: off\n` });
    const configured = (await readProjectConfig(root, undefined, "configured")).config!;
    expect(configured.rules.get("description-missing")?.severity).toBe("off");
    expect(await withAllRules(configured)).toBe(configured);
  });
});
