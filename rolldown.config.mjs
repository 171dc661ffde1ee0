import { fileURLToPath } from "node:url";

// The package as it ships, as a handful of ES modules in dist/bundle/, made from tsc's output in
// dist/: one entry for the command line (bin/mcp-gen.js runs it), one for the build's worker
// threads, one for the library API (package.json `exports`), a shared chunk per part that several
// of them need, and each command's own code in a chunk it loads when it runs. Node resolves, reads
// and links 150 small modules in about 100 ms on every run; the bundle takes a fraction of that (a
// no-change build of the GitHub corpus: about 80 ms less, see BENCHMARKS.md). Packages stay in
// node_modules and load as before, on first use. The JSON modules mcp-gen imports (its own
// package.json, the MCP schema) are inlined, so no shipped module needs import attributes. So are the
// few modules of the workspace package @mcp-gen/runtime that mcp-gen runs itself (quote-value,
// header-annotations, the validators' helpers) and its package.json (the version generated code is
// written for): mcp-gen needs no runtime package installed beside it, only the projects it generates.
// The ReDoS checker's child process (src/pattern-check/checker-child.cjs) is bundled with recheck's
// pure-JavaScript build inlined (MIT; recheck is a devDependency): installing recheck itself would
// also install its optional native binary and JAR (52 MB) for every user. Its one dependency,
// synckit, serves a backend the checker does not use, and is replaced by a stub (no-synckit.cjs).
// The checker's entry and stub are sources, found beside this file; tsc's output is found in the
// working folder (test/cli/bundled-cli.test.ts bundles a dist/ of its own with this config).
const CHECKER_PACKAGES = ["recheck", "synckit"];
// What nearly every command loads before it does anything (arguments, config, the stat index, the
// descriptor list, paths, the report): one chunk instead of some twenty small ones, which Node's ES
// module loader reads, links and evaluates one by one (about 6 ms less for a no-change check).
const CORE =
  /[\\/]dist[\\/](cli[\\/](args|io|main|read-config|find-descriptors|confine-paths|report|project-root|package-root|runtime-skew|report-paths|dependency-specs|sdk-dependencies|shell-word)\.js$|incremental[\\/](stat-index|build-cache)\.js$|files[\\/]|model[\\/]|config[\\/](config|defaults|preset|suggest)\.js$|lock[\\/](sha256|compare-lock)\.js$|report[\\/]report-paths\.js$|load[\\/](load-document|fast-json|limits|line-index|parse-json|locate|diagnostic-at|decode-source|measure-nesting)\.js$)/;
const source = (path) => fileURLToPath(new URL(path, import.meta.url));

export default {
  input: { main: "dist/cli/main.js", "build-worker": "dist/incremental/build-worker.js", index: "dist/index.js", "pattern-checker": source("./src/pattern-check/checker-child.cjs") },
  platform: "node",
  resolve: { alias: { synckit: source("./src/pattern-check/no-synckit.cjs") } },
  // Node's built-in modules and every package but its own runtime and the checker's: only mcp-gen's own modules go into the bundle.
  external: (id) => !id.startsWith(".") && !id.startsWith("/") && !id.startsWith("@mcp-gen/runtime/") && !CHECKER_PACKAGES.some((name) => id === name || id.startsWith(`${name}/`)),
  output: {
    dir: "dist/bundle",
    format: "esm",
    // Stable names (no content hash): the same sources give the same files.
    entryFileNames: "[name].js",
    chunkFileNames: "[name].js",
    cleanDir: true,
    codeSplitting: { groups: [{ name: "core", test: CORE }] },
  },
};
