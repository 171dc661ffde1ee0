// Where --report FORMAT=FILE may write: never over a folder (the rename failed with EISDIR, reported
// as a bug in mcp-gen, exit 70), nor over the project's own files (check, which writes nothing in the
// project, replaced the lock with a Markdown report and exited 0). Both are bad usage: exit 2,
// naming the path, with every file as it was.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const PING = "name: ping\ndescription: Check that the server answers.\ninputSchema: { type: object, additionalProperties: false }\n";
const PROJECT_FILES = ["mcp-gen.config.yaml", "mcp-tools.lock.json", "tools/ping.yaml", "src/generated/tools.ts", "src/handlers/ping.ts", "test/tools/ping.test.ts"];

async function built(): Promise<string> {
  const root = tempProject({ "tools/ping.yaml": PING, "mcp-gen.config.yaml": "server:\n  name: ping\n", "answer.json": '{ "tools": [] }\n' });
  const build = await runInProcess(root, ["build"]);
  expect(build.code, build.stdout).toBe(0);
  return root;
}

const snapshot = (root: string) => new Map(PROJECT_FILES.map((path) => [path, readFileSync(join(root, path), "utf8")]));

/** Each command that takes --report, with the arguments it needs to get as far as writing one. */
const COMMANDS = [["check"], ["check", "--full"], ["diff"], ["validate"], ["build"], ["verify", "--file", "answer.json"]];

describe("--report FILE", () => {
  it("a folder is bad usage naming it, not an internal error", async () => {
    const root = await built();
    mkdirSync(join(root, "reports"));
    for (const command of COMMANDS) {
      const run = await runInProcess(root, [...command, "--report", "json=reports"]);
      expect(run.code, `${command.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain('--report json=reports: "reports" is a folder; name a file in it for the report, such as reports/mcp-gen.json.');
      expect(run.stderr).not.toContain("internal error");
      expect(readdirSync(join(root, "reports"))).toEqual([]);
    }
  });

  it("a path below a file is bad usage naming the file, not an internal error; a missing folder is made", async () => {
    const root = await built();
    for (const command of COMMANDS) {
      // "FILE/" names a folder, whether FILE exists or not: resolved, the slash would be lost and FILE replaced.
      for (const given of ["notes.txt/", "reports/"]) {
        writeFileSync(join(root, "notes.txt"), "precious notes\n");
        const run = await runInProcess(root, [...command, "--report", `json=${given}`]);
        expect(run.code, `${command.join(" ")}: ${run.stderr}`).toBe(2);
        expect(run.stderr).toContain(`--report json=${given}: ${JSON.stringify(given)} ends with a slash, so it names a folder`);
        expect(readFileSync(join(root, "notes.txt"), "utf8")).toBe("precious notes\n");
      }
      for (const given of ["mcp-gen.config.yaml/x.json", "tools/ping.yaml/deeper/x.json"]) {
        const run = await runInProcess(root, [...command, "--report", `json=${given}`]);
        expect(run.code, `${command.join(" ")}: ${run.stderr}`).toBe(2);
        expect(run.stderr).toContain(`--report json=${given}: ${JSON.stringify(given)} cannot be written: `);
        expect(run.stderr).toContain("is a file, not a folder; write the report to another file.");
        expect(run.stderr).not.toContain("internal error");
      }
    }
    const made = await runInProcess(root, ["check", "--report", "markdown=reports/ci/check.md"]);
    expect(made.code, made.stderr).toBe(0);
    expect(readFileSync(join(root, "reports/ci/check.md"), "utf8")).not.toBe("");
  });

  it.each([
    ["mcp-tools.lock.json", "is the project's lock, which a report would overwrite"],
    ["./tools/../mcp-tools.lock.json", "is the project's lock, which a report would overwrite"],
    ["mcp-gen.config.yaml", "is the project's config, which a report would overwrite"],
    ["tools/ping.yaml", "is one of the project's tool descriptors, which a report would overwrite"],
    ["src/generated/tools.ts", "is in the generated folder src/generated, which is mcp-gen's own: every build rewrites it"],
    ["src/generated/summary.json", "is in the generated folder src/generated, which is mcp-gen's own: every build rewrites it"],
    ["src/handlers/ping.ts", "is in the handlers folder src/handlers, which holds your handlers"],
    ["test/tools/ping.test.ts", "is in the tests folder test/tools, which holds your tests"],
    ["package.json", "is the project's package.json"],
  ])("%s is refused, and left as it was", async (file, why) => {
    const root = await built();
    const before = snapshot(root);
    for (const command of COMMANDS) {
      const run = await runInProcess(root, [...command, "--report", `json=${file}`]);
      expect(run.code, `${command.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`--report json=${file}: ${JSON.stringify(file)} ${why}; write the report to another file.`);
      expect(snapshot(root)).toEqual(before);
    }
    expect((await runInProcess(root, ["check"])).code).toBe(0);
  });

  it("two reports to one file are refused: one of them would be lost", async () => {
    const root = await built();
    const run = await runInProcess(root, ["check", "--report", "json=out.json", "--report", "sarif=./out.json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--report sarif=./out.json: "./out.json" is also where --report json=out.json writes; give each report a file of its own; write the report to another file.');
  });

  it("a file of its own in the project is written", async () => {
    const root = await built();
    const run = await runInProcess(root, ["check", "--report", "markdown=summary.md"]);
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(join(root, "summary.md"), "utf8")).toMatch(/^### mcp-gen check: passed/);
  });
});
