// `import` into a project without a tsconfig.json writes the one `mcp-gen init` writes (issue 23.4),
// with its tsconfig.build.json, so that `npx tsc -p .` type-checks the typed client a build then
// generates; a project with its own tsconfig.json keeps it, and gets no second one.
import { readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";
import { runInProcess, tempProject } from "../support/temp-project.js";
import { TYPESCRIPT_COMPILERS, typeCheck } from "../support/typescript-compilers.js";
import { FAKE_SERVER, stopServers } from "../live/servers.js";

afterEach(stopServers);

const fake = ["--command", `node ${JSON.stringify(FAKE_SERVER)} ok`, "--timeout", "5000"];
const INIT = (name: string) => readFileSync(join(REPO_ROOT, "templates", "init", name), "utf8");

describe("mcp-gen import and tsconfig.json", () => {
  it("writes init's tsconfig files into a project without one, and the built client compiles with them", async () => {
    const root = tempProject({ "package.json": '{ "name": "app", "type": "module" }\n' });
    const run = await runInProcess(root, ["import", ...fake]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain("Wrote tsconfig.json and tsconfig.build.json, as `mcp-gen init` writes them: `npx tsc -p .` type-checks the project.\n");
    expect(readFileSync(join(root, "tsconfig.json"), "utf8")).toBe(INIT("tsconfig.json"));
    expect(readFileSync(join(root, "tsconfig.build.json"), "utf8")).toBe(INIT("tsconfig.build.json"));
    const build = await runInProcess(root, ["build"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    symlinkSync(join(REPO_ROOT, "node_modules"), join(root, "node_modules"), "dir");
    const checked = await typeCheck(TYPESCRIPT_COMPILERS.at(-1)!, join(root, "tsconfig.json"));
    expect(checked.errors).toEqual([]);
    expect(checked.files.some((file) => file.endsWith("/src/generated/client.ts"))).toBe(true);
  }, 120_000);

  it("keeps a project's own tsconfig.json, and writes no tsconfig.build.json beside it", async () => {
    const own = '{ "compilerOptions": { "module": "nodenext" } }\n';
    const root = tempProject({ "tsconfig.json": own });
    const run = await runInProcess(root, ["import", ...fake]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).not.toContain("tsconfig");
    expect(readFileSync(join(root, "tsconfig.json"), "utf8")).toBe(own);
    expect(() => readFileSync(join(root, "tsconfig.build.json"))).toThrow(/ENOENT/);
  });
});
