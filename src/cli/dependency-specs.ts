// What a project's package.json names to install mcp-gen and @mcp-gen/runtime: specs that resolve
// wherever this mcp-gen came from, not a version range of a name the registry may not have. The
// source is, in order: the spec a package.json already gives for mcp-gen (the project's, or the
// nearest one above it, a workspace root, up to the repository's root); else npm's record of where
// the running mcp-gen was installed from (the `resolved` of its entry in the lockfile beside its
// node_modules: the registry, a tarball, a git URL; npx's cache has one too), or pnpm's (its own
// lockfile: pnpm-install-record.ts); else the folder it runs from (a clone, or `npm link`). The
// runtime then comes from the same place: this mcp-gen's runtime version on the registry (both
// versions saved as the project's .npmrc says: "^" unless save-exact or save-prefix), the runtime's
// tarball beside mcp-gen's (a release's assets, or `npm pack` in a clone, write both), or a clone's
// packages/runtime. From a git URL nothing installs the runtime (npm cannot install one workspace
// of a git repository): the project then vendors it.
import { existsSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import runtimePackage from "@mcp-gen/runtime/package.json" with { type: "json" };
import { RUNTIME_PACKAGE } from "../emit/runtime-modules.js";
import { MCP_GEN_VERSION } from "../model/version.js";
import { readFileNow } from "../files/read-now.js";
import { pnpmResolution } from "./pnpm-install-record.js";

/** Where an mcp-gen comes from: paths are absolute; a tarball's location is a path or an http(s) URL. */
export type InstallSource =
  | { readonly kind: "registry" }
  | { readonly kind: "tarball"; readonly location: string }
  | { readonly kind: "folder"; readonly path: string }
  | { readonly kind: "git"; readonly spec: string };

export interface DependencySpecs {
  /** The spec for mcp-gen. */
  readonly mcpGen: string;
  /** The spec for @mcp-gen/runtime; undefined when none installs it (mcp-gen from a git URL): vendor the runtime. */
  readonly runtime: string | undefined;
  /** Where they come from, in words: "the npm registry", "file:../mcp-gen-0.1.0.tgz". */
  readonly from: string;
}

/**
 * The runtime dependency init adds, unless the project already has one: @mcp-gen/runtime from
 * `specs`, or, when nothing installs it, the package the vendored runtime imports (re2js) and
 * `runtime: vendored` in the config.
 */
export function runtimeDependency(specs: DependencySpecs): { readonly dependency: readonly [string, string]; readonly vendored: boolean } {
  if (specs.runtime !== undefined) return { dependency: [RUNTIME_PACKAGE, specs.runtime], vendored: false };
  return { dependency: ["re2js", runtimePackage.dependencies.re2js], vendored: true };
}

/** The config lines that vendor the runtime, with the reason, for a config init writes. */
export function vendoredConfig(specs: DependencySpecs): string {
  return `\n# mcp-gen comes from ${specs.from}, and nothing installs its runtime package from there: the\n# build copies the runtime into the generated folder. Remove this line once ${RUNTIME_PACKAGE} is installed.\nruntime: vendored\n`;
}

/** npm pack's name for the runtime's tarball, which the release attaches beside mcp-gen's. */
export const RUNTIME_TARBALL = `mcp-gen-runtime-${runtimePackage.version}.tgz`;

/**
 * The specs a project at `root` should depend on, for the mcp-gen installed at `packageRoot`.
 * @example dependencySpecs("/work/app", PACKAGE_ROOT) // { mcpGen: "file:../mcp-gen-0.1.0.tgz", runtime: "file:../mcp-gen-runtime-0.1.0.tgz", ... }
 */
export function dependencySpecs(root: string, packageRoot: string): DependencySpecs {
  const declared = declaredSpec(root, "mcp-gen");
  const source = declared ? sourceOfSpec(declared.spec, declared.dir) : installedSource(packageRoot);
  return {
    mcpGen: declared ? rebased(declared, root) : specOf(source, root),
    runtime: runtimeSpec(source, root),
    from: source.kind === "registry" ? "the npm registry" : specOf(source, root),
  };
}

/**
 * The spec for @mcp-gen/runtime that `npm install` takes on the command line: `@mcp-gen/runtime@^0.1.0`,
 * or a tarball or folder path; undefined when no spec installs it.
 */
export function runtimeInstallArgument(root: string, packageRoot: string): string | undefined {
  const declared = declaredSpec(root, RUNTIME_PACKAGE);
  const spec = declared ? rebased(declared, root) : dependencySpecs(root, packageRoot).runtime;
  if (spec === undefined) return undefined;
  return spec.startsWith("file:") ? spec.slice("file:".length) : spec.includes("://") ? spec : `${RUNTIME_PACKAGE}@${spec}`;
}

/** A spec a package.json in `dir` gives, for one in `root`: a local path from there; anything else as it is. */
function rebased(declared: { spec: string; dir: string }, root: string): string {
  if (declared.dir === root) return declared.spec;
  const source = sourceOfSpec(declared.spec, declared.dir);
  return source.kind === "folder" || (source.kind === "tarball" && !isUrl(source.location)) ? specOf(source, root) : declared.spec;
}

/** The nearest package.json at or above `root` (up to the repository's root) that declares `name`, with its spec and folder. */
function declaredSpec(root: string, name: string): { spec: string; dir: string } | undefined {
  for (let dir = root; ; dir = dirname(dir)) {
    const manifest = readJson(join(dir, "package.json"));
    for (const key of ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"]) {
      const section = manifest?.[key];
      const spec = section !== null && typeof section === "object" && Object.hasOwn(section, name) ? (section as Record<string, unknown>)[name] : undefined;
      if (typeof spec === "string") return { spec, dir };
    }
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return undefined;
  }
}

/** What a package.json spec (npm-package-arg's forms) installs from; `dir` is the package.json's folder. */
export function sourceOfSpec(spec: string, dir: string): InstallSource {
  if (isUrl(spec)) return isTarball(urlPath(spec)) ? { kind: "tarball", location: spec } : { kind: "git", spec };
  if (/^(git\+|git:|github:|gitlab:|bitbucket:|gist:)/.test(spec)) return { kind: "git", spec };
  const local = spec.startsWith("file:") ? spec.slice("file:".length) : /^(\.{1,2}[\\/]|[\\/]|~[\\/]|[A-Za-z]:[\\/])/.test(spec) || isTarball(spec) ? spec : undefined;
  if (local !== undefined) {
    const path = resolve(dir, local.replace(/^\/\/(?=\/)/, ""));
    return isTarball(path) ? { kind: "tarball", location: path } : { kind: "folder", path };
  }
  // user/repo, npm's shorthand for GitHub.
  if (/^[\w.-]+\/[\w.-]+(#.*)?$/.test(spec)) return { kind: "git", spec };
  return { kind: "registry" };
}

/**
 * Where the mcp-gen at `packageRoot` was installed from: npm's lockfile record of its folder in
 * node_modules (the hidden one npm keeps in node_modules/, or package-lock.json), else pnpm's (its
 * lockfile, for a folder in node_modules/.pnpm or a hoisted one), else the registry; a folder
 * outside any node_modules is a clone or a link.
 */
export function installedSource(packageRoot: string): InstallSource {
  const path = resolve(packageRoot);
  const parts = path.split(sep);
  const at = parts.indexOf("node_modules");
  if (at === -1) return { kind: "folder", path };
  const prefix = parts.slice(0, at).join(sep) || sep;
  return npmRecord(prefix, parts.slice(at).join("/")) ?? pnpmRecord(prefix, parts.slice(at + 1)) ?? { kind: "registry" };
}

/** npm's record of the package at `key` ("node_modules/mcp-gen") under `prefix`. */
function npmRecord(prefix: string, key: string): InstallSource | undefined {
  for (const lockfile of [join(prefix, "node_modules", ".package-lock.json"), join(prefix, "package-lock.json")]) {
    const entry = (readJson(lockfile)?.packages as Record<string, { resolved?: unknown; link?: unknown }> | undefined)?.[key];
    if (entry === undefined) continue;
    // npm leaves `resolved` out for a package from the default registry.
    if (typeof entry.resolved !== "string") return { kind: "registry" };
    const resolved = entry.resolved;
    if (isRegistryTarball(resolved)) return { kind: "registry" };
    return sourceOfSpec(resolved, prefix);
  }
  return undefined;
}

/**
 * pnpm's record of the package whose path below `prefix`'s node_modules is `below`: [".pnpm",
 * "mcp-gen@0.1.0", "node_modules", "mcp-gen"] in pnpm's own layout, ["mcp-gen"] in a hoisted one.
 */
function pnpmRecord(prefix: string, below: readonly string[]): InstallSource | undefined {
  const storeFolder = below[0] === ".pnpm" ? below[1] : undefined;
  const last = below.lastIndexOf("node_modules");
  const name = below.slice(last + 1).join("/");
  const resolution = pnpmResolution(prefix, name, storeFolder);
  switch (resolution?.kind) {
    case undefined:
      return undefined;
    case "registry":
      return { kind: "registry" };
    case "directory":
      return { kind: "folder", path: resolve(prefix, resolution.path) };
    case "git":
      return { kind: "git", spec: `${/^(git\+|git:|git@)/.test(resolution.repo) ? resolution.repo : `git+${resolution.repo}`}#${resolution.commit}` };
    case "tarball": {
      const location = resolution.location;
      if (isRegistryTarball(location)) return { kind: "registry" };
      // pnpm fetches a GitHub dependency as codeload's tarball of the commit.
      const github = /^https:\/\/codeload\.github\.com\/([^/]+)\/([^/]+)\/tar\.gz\/([^/]+)$/.exec(location);
      if (github) return { kind: "git", spec: `github:${github[1]}/${github[2]}#${github[3]}` };
      return sourceOfSpec(location, prefix);
    }
  }
}

/** A registry's tarball URL: <registry>/mcp-gen/-/mcp-gen-0.1.0.tgz. */
function isRegistryTarball(location: string): boolean {
  return isUrl(location) && /\/mcp-gen\/-\/mcp-gen-[^/]*\.tgz$/.test(urlPath(location));
}

function specOf(source: InstallSource, root: string): string {
  switch (source.kind) {
    case "registry":
      return `${savePrefix(root)}${MCP_GEN_VERSION}`;
    case "tarball":
      return isUrl(source.location) ? source.location : fileSpec(root, source.location);
    case "folder":
      return fileSpec(root, source.path);
    case "git":
      return source.spec;
  }
}

function runtimeSpec(source: InstallSource, root: string): string | undefined {
  switch (source.kind) {
    case "registry":
      return `${savePrefix(root)}${runtimePackage.version}`;
    case "tarball": {
      // A release's assets sit side by side: the runtime's is there too.
      if (isUrl(source.location)) return new URL(RUNTIME_TARBALL, source.location).href;
      const tarball = join(dirname(source.location), RUNTIME_TARBALL);
      return existsSync(tarball) ? fileSpec(root, tarball) : undefined;
    }
    case "folder": {
      const folder = join(source.path, "packages", "runtime");
      return readJson(join(folder, "package.json"))?.name === RUNTIME_PACKAGE ? fileSpec(root, folder) : undefined;
    }
    case "git":
      return undefined;
  }
}

/**
 * The range prefix `npm install` (and pnpm) would save a registry version with in the project at
 * `root`: "" under `save-exact=true`, `save-prefix`'s value, else "^"; the nearest .npmrc at or
 * above `root` (up to the repository's root) that sets either decides. A project that pins its
 * dependencies exactly gets mcp-gen and its runtime pinned too.
 */
function savePrefix(root: string): string {
  for (let dir = root; ; dir = dirname(dir)) {
    const npmrc = readText(join(dir, ".npmrc"));
    if (npmrc !== undefined) {
      const exact = /^[ \t]*save-exact[ \t]*=[ \t]*(\S+)[ \t]*$/m.exec(npmrc);
      if (exact?.[1] === "true") return "";
      const prefix = /^[ \t]*save-prefix[ \t]*=[ \t]*(['"]?)([~^]?)\1[ \t]*$/m.exec(npmrc);
      if (prefix) return prefix[2]!;
      if (exact) return "^";
    }
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return "^";
  }
}

/** `file:` and the path from `root`, with forward slashes, as npm writes it (absolute on another drive). */
function fileSpec(root: string, path: string): string {
  const rel = relative(root, path);
  const shown = isAbsolute(rel) ? rel : rel.split(sep).join("/");
  return `file:${shown === "" ? "." : shown}`;
}

function isUrl(location: string): boolean {
  return /^https?:\/\//.test(location);
}

function urlPath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function isTarball(path: string): boolean {
  return /\.(tgz|tar\.gz|tar)$/.test(path);
}

function readText(path: string): string | undefined {
  try {
    return readFileNow(path, "utf8");
  } catch {
    return undefined;
  }
}

function readJson(path: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(readFileNow(path, "utf8"));
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
