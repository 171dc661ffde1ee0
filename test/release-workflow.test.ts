// .github/workflows/release.yml: on a tag v<version>, it packs mcp-gen and @mcp-gen/runtime, attaches
// both tarballs to the GitHub release and, with an NPM_TOKEN, publishes the same tarballs with
// provenance, the runtime first. Its steps' scripts run here as the runner would run them, with gh
// and npm replaced by stand-ins on PATH that record how they were called (the registry and GitHub
// are not for tests).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { REPO_ROOT } from "./support/spec-paths.js";
import { tempProject } from "./support/temp-project.js";

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly if?: string;
  readonly run?: string;
  readonly with?: Record<string, unknown>;
  readonly env?: Record<string, string>;
}

const workflow = parse(readFileSync(join(REPO_ROOT, ".github/workflows/release.yml"), "utf8")) as {
  on: { push: { tags: string[] } };
  jobs: { release: { permissions: Record<string, string>; env: Record<string, string>; steps: Step[] } };
};
const job = workflow.jobs.release;
const step = (name: string): Step => job.steps.find((s) => s.name === name) ?? expect.fail(`no step "${name}"`);
const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;

/** Runs a step's script in `cwd` under bash -e, as the runner does, with `tools` first on PATH. */
function runStep(name: string, cwd: string, env: Record<string, string>, tools?: string) {
  const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step(name).run!], {
    cwd,
    env: { PATH: [...(tools ? [tools] : []), process.env.PATH!].join(":"), HOME: cwd, ...env },
    encoding: "utf8",
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A stand-in command that appends its arguments to `calls` and runs `body` (bash). */
function standIn(tools: string, command: string, body = ""): void {
  writeFileSync(join(tools, command), `#!/usr/bin/env bash\necho "${command} $*" >> "${join(tools, "calls")}"\n${body}\n`);
  chmodSync(join(tools, command), 0o755);
}

/** A tarball as npm pack writes it: package/package.json and little else. */
function tarball(folder: string, file: string, manifest: object): void {
  const staging = join(folder, `staging-${file}`);
  mkdirSync(join(staging, "package"), { recursive: true });
  writeFileSync(join(staging, "package", "package.json"), JSON.stringify(manifest));
  execFileSync("tar", ["-czf", join(folder, file), "-C", staging, "package"]);
}

describe("the release workflow", () => {
  it("runs on version tags, may write the release and sign provenance, and reads the token only to know it is there", () => {
    expect(workflow.on).toEqual({ push: { tags: ["v*"] } });
    expect(job.permissions).toEqual({ contents: "write", "id-token": "write" });
    expect(job.env).toEqual({ NPM_TOKEN: "${{ secrets.NPM_TOKEN }}" });
    expect(step("Install, build and test").run!.trim()).toBe(".ci/run");
    expect(step("Publish to npm with provenance").if).toBe("env.NPM_TOKEN != ''");
  });

  it("refuses a tag that does not name package.json's version", () => {
    expect(runStep("The tag names the version", REPO_ROOT, { GITHUB_REF_NAME: `v${version}` }).code).toBe(0);
    const wrong = runStep("The tag names the version", REPO_ROOT, { GITHUB_REF_NAME: "v9.9.9" });
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe(`::error title=release::The tag v9.9.9 does not name package.json's version: tag v${version}, or bump the version.\n`);
  });

  it("packs both packages with npm, and attaches both tarballs and their sums to a new or existing release", () => {
    expect(step("Pack").run).toContain("node scripts/pack-release.mjs release\n");
    expect(step("Pack").run).not.toContain("npm pack --pack-destination");
    expect(step("Pack").run).toContain("npm pack --workspace @mcp-gen/runtime --pack-destination release\n");
    const root = tempProject({ [`release/mcp-gen-${version}.tgz`]: "a", [`release/mcp-gen-runtime-${version}.tgz`]: "b", "release/SHA256SUMS": "" });
    const tools = tempProject({});
    // No release for the tag yet: it is created, with the notes GitHub writes.
    standIn(tools, "gh", '[ "$1 $2" = "release view" ] && exit 1; exit 0');
    expect(runStep("Attach to the GitHub release", root, { GITHUB_REF_NAME: `v${version}`, GH_TOKEN: "t" }, tools).code).toBe(0);
    // A release made by hand first: the assets are added to it.
    standIn(tools, "gh");
    expect(runStep("Attach to the GitHub release", root, { GITHUB_REF_NAME: `v${version}`, GH_TOKEN: "t" }, tools).code).toBe(0);
    const tag = `v${version}`;
    const assets = `release/mcp-gen-${version}.tgz release/mcp-gen-runtime-${version}.tgz release/SHA256SUMS`;
    expect(readFileSync(join(tools, "calls"), "utf8").split("\n")).toEqual([
      `gh release view ${tag}`,
      `gh release create ${tag} ${assets} --title ${tag} --generate-notes --verify-tag`,
      `gh release view ${tag}`,
      `gh release upload ${tag} ${assets} --clobber`,
      "",
    ]);
  });

  it("publishes the runtime, then mcp-gen, from the very tarballs it attached, with provenance; a version already published is left alone", () => {
    const root = tempProject({});
    mkdirSync(join(root, "release"));
    tarball(join(root, "release"), `mcp-gen-${version}.tgz`, { name: "mcp-gen", version });
    tarball(join(root, "release"), `mcp-gen-runtime-${version}.tgz`, { name: "@mcp-gen/runtime", version });
    const tools = tempProject({});
    // The registry has neither yet.
    standIn(tools, "npm");
    expect(runStep("Publish to npm with provenance", root, { NODE_AUTH_TOKEN: "t" }, tools).code).toBe(0);
    expect(
      readFileSync(join(tools, "calls"), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("npm publish")),
    ).toEqual([`npm publish release/mcp-gen-runtime-${version}.tgz --provenance --access public`, `npm publish release/mcp-gen-${version}.tgz --provenance --access public`]);
    // A re-run after the runtime went out: only mcp-gen is published.
    writeFileSync(join(tools, "calls"), "");
    standIn(tools, "npm", `[ "$1 $2" = "view @mcp-gen/runtime@${version}" ] && echo ${version}; exit 0`);
    const rerun = runStep("Publish to npm with provenance", root, { NODE_AUTH_TOKEN: "t" }, tools);
    expect(rerun.stdout).toContain(`@mcp-gen/runtime@${version} is on the registry already.`);
    expect(
      readFileSync(join(tools, "calls"), "utf8")
        .split("\n")
        .filter((line) => line.startsWith("npm publish")),
    ).toEqual([`npm publish release/mcp-gen-${version}.tgz --provenance --access public`]);
  });
});
