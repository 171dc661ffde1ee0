// Packs mcp-gen as a release ships it: the files `npm pack` would pack, with a package.json that has
// no `prepare` script. `prepare` builds dist/ in a clone (`npm install`) and in a git-URL install;
// a tarball carries dist/ already, and npm never runs `prepare` for one, yet npm 11 lists it among
// the install scripts a project must approve, and with strict-allow-scripts refuses the install
// (ESTRICTALLOWSCRIPTS). Nothing else differs from `npm pack`: the same file list, the same bytes.
//
//   node scripts/pack-release.mjs <destination folder>    prints the tarball's file name
//
// Run in a clone whose dist/ is built (`npm ci` builds it).
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The lifecycle scripts npm runs when a package is installed from a folder or git, not from a tarball. */
export const CLONE_ONLY_SCRIPTS = ["prepare"];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The manifest text a release packs: `text` without the clone-only scripts (and without an empty
 * `scripts` left behind), in package.json's own layout.
 * @example releaseManifest('{ "name": "a", "scripts": { "prepare": "tsc" } }') // '{\n  "name": "a"\n}\n'
 */
export function releaseManifest(text) {
  const manifest = JSON.parse(text);
  const scripts = { ...manifest.scripts };
  for (const name of CLONE_ONLY_SCRIPTS) delete scripts[name];
  if (Object.keys(scripts).length > 0) manifest.scripts = scripts;
  else delete manifest.scripts;
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/**
 * Packs the package at `root` into `destination` as a release ships it; returns the tarball's name.
 * @example packRelease("/repo", "/repo/release") // "mcp-gen-0.1.0.tgz"
 */
export function packRelease(root, destination) {
  const npm = (args, cwd) => execFileSync("npm", [...args, "--ignore-scripts", "--json"], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
  const [listed] = JSON.parse(npm(["pack", "--dry-run"], root));
  const staging = mkdtempSync(join(tmpdir(), "mcp-gen-pack-"));
  try {
    for (const { path } of listed.files) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      cpSync(join(root, path), join(staging, path));
    }
    writeFileSync(join(staging, "package.json"), releaseManifest(readFileSync(join(root, "package.json"), "utf8")));
    mkdirSync(destination, { recursive: true });
    const [packed] = JSON.parse(npm(["pack", "--pack-destination", resolve(destination)], staging));
    const missing = listed.files.map((f) => f.path).filter((path) => !packed.files.some((f) => f.path === path));
    if (missing.length > 0 || packed.files.length !== listed.files.length) throw new Error(`The release tarball's files differ from npm pack's: ${missing.join(", ") || "an extra file"}.`);
    return packed.filename;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const destination = process.argv[2];
  if (destination === undefined) {
    process.stderr.write("Usage: node scripts/pack-release.mjs <destination folder>\n");
    process.exit(2);
  }
  process.stdout.write(`${packRelease(ROOT, destination)}\n`);
}
