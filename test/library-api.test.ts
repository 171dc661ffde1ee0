// The library API (src/index.ts, the package's `exports`): the stages of the command line, usable
// without it. The package exports them from dist/bundle/index.js, built with the command line by
// `npm run build` (and by `prepare` on install); test/cli/bundled-cli.test.ts imports them from the
// packed and installed tarball under each supported Node.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as api from "../src/index.js";
import { REPO_ROOT } from "./support/spec-paths.js";

describe("library API", () => {
  it("loads, validates and builds the weather example in memory, as the CLI does", async () => {
    const read = await api.readProject({ root: join(REPO_ROOT, "examples/weather"), configPath: undefined });
    if (!read.ok) throw new Error("config failed");
    const analysis = api.analyzeProject(read.input);
    expect(api.hasErrors(analysis.diagnostics)).toBe(false);
    expect(analysis.tools.map((t) => t.wire.name)).toEqual(["get_weather"]);
    const hash = api.hashTool(analysis.tools[0]!.wire).sha256;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("validates a descriptor given as text, without touching the disk", () => {
    const loaded = api.loadDocument({ path: "tools/x.yaml", text: "name: bad name\ninputSchema: { type: object }\n" });
    const resolved = api.resolveTool(loaded.value!, new Map());
    const diagnostics = api.runRules({ tools: [resolved.value!], rules: api.ALL_RULES, settings: new Map(), docs: new Map([["tools/x.yaml", loaded.value!]]) });
    expect(diagnostics.map((d) => d.ruleId)).toContain("tool-name-syntax");
  });

  it("is what the built package exports (run `npm run build` after changing src/)", () => {
    const keys = execFileSync(process.execPath, ["--input-type=module", "-e", "const m = await import('mcp-gen'); console.log(Object.keys(m).sort().join(','))"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    }).trim();
    expect(keys.split(",")).toEqual(Object.keys(api).sort());
  });
});
