// scripts/pack-release.mjs: the release's mcp-gen tarball is what `npm pack` writes, less the
// `prepare` script that only a clone runs, which npm 11 lists as an install script to approve (and
// with strict-allow-scripts, refuses to install: ESTRICTALLOWSCRIPTS).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain .mjs script, typed by its JSDoc only.
import { CLONE_ONLY_SCRIPTS, packRelease, releaseManifest } from "../scripts/pack-release.mjs";
import { REPO_ROOT } from "./support/spec-paths.js";
import { tempProject } from "./support/temp-project.js";

/** The lifecycle scripts npm runs (or, in npm 11, asks to approve) when it installs a package. */
const INSTALL_SCRIPTS = ["preinstall", "install", "postinstall", "prepare"];

describe("releaseManifest", () => {
  it("drops prepare and keeps every other member, in package.json's layout", () => {
    expect(CLONE_ONLY_SCRIPTS).toEqual(["prepare"]);
    expect(releaseManifest('{"name":"a","scripts":{"prepare":"tsc","build":"tsc"},"files":["dist"]}')).toBe(
      '{\n  "name": "a",\n  "scripts": {\n    "build": "tsc"\n  },\n  "files": [\n    "dist"\n  ]\n}\n',
    );
    expect(releaseManifest('{"name":"a","scripts":{"prepare":"tsc"}}')).toBe('{\n  "name": "a"\n}\n');
    expect(releaseManifest('{"name":"a"}')).toBe('{\n  "name": "a"\n}\n');
  });

  it("leaves mcp-gen's manifest whole but for prepare", () => {
    const text = readFileSync(join(REPO_ROOT, "package.json"), "utf8");
    const own = JSON.parse(text) as { scripts: Record<string, string> };
    expect(own.scripts.prepare).toBeDefined();
    const { prepare: _, ...rest } = own.scripts;
    expect(JSON.parse(releaseManifest(text))).toEqual({ ...own, scripts: rest });
  });
});

describe("packRelease", () => {
  it("packs npm pack's files, byte for byte, with a manifest no install script is left in", () => {
    const destination = tempProject({});
    const name = packRelease(REPO_ROOT, destination) as string;
    const version = (JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(name).toBe(`mcp-gen-${version}.tgz`);
    const [listed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--ignore-scripts", "--json"], { cwd: REPO_ROOT, encoding: "utf8" })) as [{ files: { path: string }[] }];
    const unpacked = tempProject({});
    execFileSync("tar", ["-xzf", join(destination, name), "-C", unpacked]);
    const entries = execFileSync("tar", ["-tzf", join(destination, name)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .map((entry) => entry.replace(/^package\//, ""))
      .sort();
    expect(entries).toEqual(listed.files.map((f) => f.path).sort());
    for (const path of entries) {
      const packed = readFileSync(join(unpacked, "package", path));
      if (path === "package.json") continue;
      expect(packed.equals(readFileSync(join(REPO_ROOT, path))), path).toBe(true);
    }
    const manifest = readFileSync(join(unpacked, "package", "package.json"), "utf8");
    expect(manifest).toBe(releaseManifest(readFileSync(join(REPO_ROOT, "package.json"), "utf8")));
    const scripts = (JSON.parse(manifest) as { scripts?: Record<string, string> }).scripts ?? {};
    expect(INSTALL_SCRIPTS.filter((script) => script in scripts)).toEqual([]);
  }, 120_000);
});
