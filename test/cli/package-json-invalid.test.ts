// package.json gives the server its name and version. One that is not JSON (a merge left conflict
// markers in it) used to be ignored without a word: the server became "mcp-server" 0.0.0, the lock
// recorded that, and check agreed. Now build (each way), check (each way) and validate warn,
// at the line and column the JSON goes wrong, and still exit 0.
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: greet\ndescription: Greets.\ninputSchema:\n  type: object\n";
const CONFLICTED = '{\n  "name": "weather",\n  "version": "1.2.0",\n<<<<<<< HEAD\n  "private": true\n=======\n  "private": false\n>>>>>>> other\n}\n';

interface Finding {
  readonly ruleId: string;
  readonly severity: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** The package-json-invalid findings of a run that exits 0. */
async function warnings(root: string, argv: readonly string[]): Promise<Finding[]> {
  const run = await runInProcess(root, [...argv, "--format", "json"]);
  expect(run.code, run.stdout).toBe(0);
  return (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics.filter((d) => d.ruleId === "package-json-invalid");
}

describe("a package.json that is not JSON", () => {
  it("build, the next build (nothing changed), check, check --full and validate each warn where it goes wrong", async () => {
    // node_modules: where a build keeps the cache that lets the next one, and check, answer from stats.
    const root = tempProject({ "tools/greet.yaml": TOOL, "package.json": CONFLICTED, "node_modules/.keep": "" });
    for (const argv of [["build"], ["build"], ["check"], ["check", "--full"], ["validate"]]) {
      const found = await warnings(root, argv);
      expect(found, argv.join(" ")).toHaveLength(1);
      expect(found[0], argv.join(" ")).toMatchObject({ severity: "warning", file: "package.json", line: 4, column: 1 });
      expect(found[0]!.message).toContain("package.json is not valid JSON");
      expect(found[0]!.message).toContain(`the server's name and version do not come from its "name" and "version"`);
    }
  });

  it("says so in text, with the line it points at", async () => {
    const root = tempProject({ "tools/greet.yaml": TOOL, "package.json": CONFLICTED });
    const run = await runInProcess(root, ["build"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("package.json:4:1 warning package-json-invalid package.json is not valid JSON");
    expect(run.stdout).toContain("> 4 | <<<<<<< HEAD");
  });

  it("a package.json that parses gives no such warning", async () => {
    const root = tempProject({ "tools/greet.yaml": TOOL, "package.json": '{ "name": "weather", "version": "1.2.0" }\n' });
    expect(await warnings(root, ["build"])).toEqual([]);
    expect(await warnings(root, ["validate"])).toEqual([]);
  });
});
