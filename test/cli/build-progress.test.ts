// The progress line of a build on a terminal (issue 15, item 7): the phase, and for long work how
// much of it the threads have done; nothing without a terminal. Unit tests of the line, the counts
// the build threads report, and a 120-tool build on a terminal.
import { describe, expect, it } from "vitest";
import { buildProgress, MIN_ITEMS_FOR_COUNTS } from "../../src/cli/build-progress.js";
import { runCli } from "../../src/cli/main.js";
import { SchemaCompiler } from "../../src/compile/schema-compiler.js";
import { startBuildThreads, type ThreadWork } from "../../src/incremental/build-threads.js";
import { tempProject } from "../support/temp-project.js";

describe("buildProgress", () => {
  it("shows the phase, then counts of its own work once the work is long", () => {
    const lines: string[] = [];
    const progress = buildProgress((line) => lines.push(line));
    progress.phase("Validating 300 tools", "schemas");
    progress.work("schemas", 50, 300);
    // Types started ahead belong to the next phase.
    progress.work("types", 10, 300);
    // Done: the next phase's name follows at once.
    progress.work("schemas", 300, 300);
    progress.phase("Generating code for 300 tools", "types");
    progress.work("types", 1200, 2500);
    progress.work("types", MIN_ITEMS_FOR_COUNTS - 50, MIN_ITEMS_FOR_COUNTS - 1);
    progress.phase("Writing 3 files");
    progress.work("types", 2000, 2500);
    expect(lines).toEqual([
      "Validating 300 tools…",
      "Validating 300 tools: 50 of 300 schemas compiled…",
      "Generating code for 300 tools…",
      "Generating code for 300 tools: 1,200 of 2,500 tool types generated…",
      "Writing 3 files…",
    ]);
  });

  it("writes nothing without a writer (not a terminal, or json and sarif)", () => {
    const progress = buildProgress(undefined);
    expect(() => (progress.phase("Validating 1 tool", "schemas"), progress.work("schemas", 1, 200))).not.toThrow();
  });
});

describe("the build threads' progress", () => {
  it("counts every schema compiled, in batches, up to all of them", async () => {
    const events: [ThreadWork, number, number][] = [];
    const threads = startBuildThreads(0, { progress: (work, done, total) => events.push([work, done, total]) });
    try {
      const requests = Array.from({ length: 250 }, (_, i) => ({ schema: { type: "object", properties: { [`p${i}`]: { type: "string" } } }, dialect: "2020-12" as const, samples: false }));
      await threads.precompile(requests, new SchemaCompiler());
    } finally {
      await threads.close();
    }
    expect(events.length).toBeGreaterThan(2);
    expect(events.every(([work, , total]) => work === "schemas" && total === 250)).toBe(true);
    const done = events.map(([, n]) => n);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(done).size).toBe(done.length);
    expect(done.at(-1)).toBe(250);
  });
});

describe("a long build on a terminal", () => {
  it("counts the schemas it validates and the types it generates", { timeout: 120_000 }, async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 120; i++) {
      files[`tools/tool_${i}.yaml`] = `name: tool_${i}\ndescription: Tool number ${i}.\ninputSchema: { type: object, properties: { field_${i}: { type: string } } }\n`;
    }
    const root = tempProject(files);
    let stdout = "";
    let stderr = "";
    const code = await runCli(["build"], { cwd: root, env: {}, isTty: true, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    expect(code).toBe(0);
    const lines = stderr.split("\r\u001b[2K").filter((line) => line !== "");
    expect(lines[0]).toBe("Validating 120 tools…");
    expect(lines).toContainEqual(expect.stringMatching(/^Validating 120 tools: \d+ of 120 schemas compiled…$/));
    expect(lines).toContainEqual(expect.stringMatching(/^Generating code for 120 tools: \d+ of 120 tool types generated…$/));
    expect(lines.at(-1)).toMatch(/^Writing [\d,]+ files…$/);
    // The line is cleared before the summary, which goes to stdout.
    expect(stderr.endsWith("\r\u001b[2K")).toBe(true);
    expect(stdout).toMatch(/^Built 120 tools into src\/generated: /);
  });
});
