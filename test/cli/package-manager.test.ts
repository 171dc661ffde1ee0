// cli/package-manager.ts: which package manager a project uses, from package.json's "packageManager"
// or a lockfile in its folder or the nearest one above (a workspace's root), never above the
// repository's root; and npm's commands in init's texts rewritten for it.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectPackageManager, inPackageManager, PACKAGE_MANAGERS } from "../../src/cli/package-manager.js";
import { tempProject, writeFiles } from "../support/temp-project.js";

/** A folder `packages/tools` below a root holding `files`. */
function packageBelow(files: Readonly<Record<string, string>>): string {
  const root = tempProject(files);
  const folder = join(root, "packages", "tools");
  mkdirSync(folder, { recursive: true });
  return folder;
}

describe("detectPackageManager", () => {
  it("is npm when nothing names another", () => {
    expect(detectPackageManager(tempProject({})).name).toBe("npm");
    expect(detectPackageManager(tempProject({ "package-lock.json": "{}" })).name).toBe("npm");
  });

  it("finds the lockfile or pnpm-workspace.yaml of the workspace root above the project", () => {
    expect(detectPackageManager(packageBelow({ "pnpm-workspace.yaml": "packages: ['packages/*']\n" })).name).toBe("pnpm");
    expect(detectPackageManager(packageBelow({ "pnpm-lock.yaml": "lockfileVersion: '9.0'\n" })).name).toBe("pnpm");
    expect(detectPackageManager(packageBelow({ "yarn.lock": "" })).name).toBe("yarn");
    expect(detectPackageManager(packageBelow({ "bun.lock": "{}" })).name).toBe("bun");
    expect(detectPackageManager(packageBelow({ "bun.lockb": "" })).name).toBe("bun");
  });

  it('takes package.json\'s "packageManager" first, and the nearest folder that says anything', () => {
    expect(detectPackageManager(tempProject({ "package.json": '{ "packageManager": "yarn@4.5.0+sha512.abc" }', "package-lock.json": "{}" })).name).toBe("yarn");
    const folder = packageBelow({ "package.json": '{ "packageManager": "pnpm@9.12.0" }' });
    expect(detectPackageManager(folder).name).toBe("pnpm");
    writeFiles(folder, { "package.json": '{ "name": "tools" }', "bun.lock": "{}" });
    expect(detectPackageManager(folder).name).toBe("bun");
    // A name it does not know, or a package.json it cannot read, says nothing.
    expect(detectPackageManager(tempProject({ "package.json": '{ "packageManager": "deno@2" }', "yarn.lock": "" })).name).toBe("yarn");
    expect(detectPackageManager(tempProject({ "package.json": "{ not json", "yarn.lock": "" })).name).toBe("yarn");
  });

  it("stops at the repository's root: a lockfile above it is another project's", () => {
    const folder = packageBelow({ "pnpm-lock.yaml": "" });
    writeFiles(folder, { ".git/HEAD": "ref: refs/heads/main\n" });
    expect(detectPackageManager(folder).name).toBe("npm");
  });
});

describe("inPackageManager", () => {
  it("rewrites npm's commands in backticks, chains included, and leaves the rest", () => {
    const text = "- `npx mcp-gen build` builds; `npm run build && npm start` serves; `npm install` installs; npx outside stays; `npm init -y` too.";
    expect(inPackageManager(text, PACKAGE_MANAGERS.npm)).toBe(text);
    expect(inPackageManager(text, PACKAGE_MANAGERS.pnpm)).toBe(
      "- `pnpm exec mcp-gen build` builds; `pnpm run build && pnpm start` serves; `pnpm install` installs; npx outside stays; `npm init -y` too.",
    );
    expect(inPackageManager(text, PACKAGE_MANAGERS.yarn)).toBe("- `yarn mcp-gen build` builds; `yarn run build && yarn start` serves; `yarn install` installs; npx outside stays; `npm init -y` too.");
    expect(inPackageManager(text, PACKAGE_MANAGERS.bun)).toBe("- `bunx mcp-gen build` builds; `bun run build && bun run start` serves; `bun install` installs; npx outside stays; `npm init -y` too.");
  });
});
