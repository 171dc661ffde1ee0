// A command that fails before it can report (bad usage, or a bug in mcp-gen) still prints the
// document its --format asks for, so that `mcp-gen check --format sarif > mcp-gen.sarif` never leaves
// an empty file for the upload step (issue 18.5).
import { describe, expect, it } from "vitest";
import { expectValidSarif } from "../support/sarif-schema.js";
import { runInProcess, runWithFailingCwd, tempProject } from "../support/temp-project.js";

interface SarifInvocation {
  executionSuccessful: boolean;
  exitCode: number;
  toolExecutionNotifications: { level: string; message: { text: string } }[];
}

/** Runs the CLI with an io whose working directory cannot be read: every command fails inside, past its arguments. */
const runBroken = (argv: readonly string[]) => runWithFailingCwd(argv, new Error("the working directory is gone"));

describe("a command that fails before it can report", () => {
  it.each(["validate", "build", "check"])("%s --format sarif prints a SARIF log of a run that did not complete", async (command) => {
    const run = await runBroken([command, "--format", "sarif"]);
    expect(run.code).toBe(70);
    expect(run.stderr).toContain(`mcp-gen ${command}: internal error: the working directory is gone`);
    const log = expectValidSarif(run.stdout) as { runs: { invocations: SarifInvocation[]; results: unknown[] }[] };
    expect(log.runs[0]!.results).toEqual([]);
    expect(log.runs[0]!.invocations[0]).toMatchObject({
      executionSuccessful: false,
      exitCode: 70,
      toolExecutionNotifications: [{ level: "error", message: { text: "Internal error: the working directory is gone. This is a bug in mcp-gen; please report it." } }],
    });
  });

  it("--format=json prints a JSON document naming the failure", async () => {
    const run = await runBroken(["check", "--format=json"]);
    expect(run.code).toBe(70);
    expect(JSON.parse(run.stdout)).toEqual({ failure: { command: "check", exitCode: 70, message: "Internal error: the working directory is gone. This is a bug in mcp-gen; please report it." } });
  });

  it("bad usage with a document format gets the document too, with exit 2", async () => {
    const root = tempProject({});
    const run = await runInProcess(root, ["check", "--format", "sarif", "--no-such-flag"]);
    expect(run.code).toBe(2);
    const log = expectValidSarif(run.stdout) as { runs: { invocations: SarifInvocation[] }[] };
    expect(log.runs[0]!.invocations[0]).toMatchObject({ executionSuccessful: false, exitCode: 2 });
    expect(log.runs[0]!.invocations[0]!.toolExecutionNotifications[0]!.message.text).toContain("--no-such-flag");
    const json = await runInProcess(root, ["verify", "--format", "json"]);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ failure: { command: "verify", exitCode: 2 } });
  });

  it("text output stays on stderr alone, and an unknown --format gets no document", async () => {
    for (const argv of [["check"], ["check", "--format", "text"], ["check", "--format", "yaml"]]) {
      const run = await runBroken(argv);
      expect(run.stdout, argv.join(" ")).toBe("");
      expect(run.code).toBe(argv.includes("yaml") ? 2 : 70);
    }
  });
});
