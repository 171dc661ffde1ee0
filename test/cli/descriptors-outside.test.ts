// A descriptor outside the project is refused (load-outside-root) either way it got matched, and the
// finding says which: a plain file a `tools` glob reached by leaving the project ("../sibling/*.yaml")
// is no link, so its hint is about the glob; a link whose target lies outside keeps the link's hint.
// Before, every such file was reported as "a link to …".
import { symlinkSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runInProcess, tempProject } from "../support/temp-project.js";

const TOOL = "name: shared\ndescription: A shared tool.\ninputSchema:\n  type: object\n";

interface Finding {
  readonly file: string;
  readonly ruleId: string;
  readonly message: string;
  readonly hint: string;
}

/** The load-outside-root findings of a build that exits 1. */
async function outsideFindings(root: string): Promise<Finding[]> {
  const run = await runInProcess(root, ["build", "--format", "json"]);
  expect(run.code, run.stdout).toBe(1);
  return (JSON.parse(run.stdout) as { diagnostics: Finding[] }).diagnostics.filter((d) => d.ruleId === "load-outside-root");
}

describe("descriptors outside the project", () => {
  it("a plain file a glob reaches outside the project is called a file outside, with a hint about the glob", async () => {
    const sibling = tempProject({ "shared.yaml": TOOL });
    const root = tempProject({ "mcp-gen.config.yaml": `tools: ["../${basename(sibling)}/*.yaml"]\n` });
    const [finding, ...rest] = await outsideFindings(root);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ file: `../${basename(sibling)}/shared.yaml`, ruleId: "load-outside-root" });
    expect(finding!.message).toMatch(/^\.\.\/[^ ]+\/shared\.yaml is a file outside the project root \(.+\); mcp-gen reads nothing outside the project\.$/);
    expect(finding!.message).not.toContain("link");
    expect(finding!.hint).toBe("Move the file into the project, or fix the tools glob in mcp-gen.config.yaml that matched it.");
  });

  it("a link in the project to a file outside is still called a link, with the link's hint", async () => {
    const outside = tempProject({ "shared.yaml": TOOL });
    const root = tempProject({ "tools/ok.yaml": TOOL.replace("shared", "ok") });
    symlinkSync(join(outside, "shared.yaml"), join(root, "tools/linked.yaml"));
    const [finding, ...rest] = await outsideFindings(root);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ file: "tools/linked.yaml", ruleId: "load-outside-root", hint: "Copy the file into the project instead of linking to it." });
    expect(finding!.message).toContain("tools/linked.yaml is a link to ");
  });
});
