// The CLI as a handful of ES modules in dist/bundle/, made from tsc's output in dist/: one entry for
// the command line and one for the build's worker threads, a shared chunk per part that several
// commands need, and each command's own code in a chunk it loads when it runs. Node resolves,
// reads and links 150 small modules in about 100 ms on every run; the bundle takes a fraction of
// that (a no-change build of the GitHub corpus: about 80 ms less, see BENCHMARKS.md). Packages stay
// in node_modules and load as before, on first use. bin/mcp-gen.js runs dist/bundle/main.js when it
// is not older than dist/cli/main.js, so a tsc run without the bundle is never shadowed by an old
// one. The library API (dist/index.js) is not bundled.
export default {
  input: { main: "dist/cli/main.js", "build-worker": "dist/cli/build-worker.js" },
  platform: "node",
  // Node's built-in modules and every package: only mcp-gen's own modules go into the bundle.
  external: (id) => !id.startsWith(".") && !id.startsWith("/"),
  output: {
    dir: "dist/bundle",
    format: "esm",
    // Stable names (no content hash): the same sources give the same files.
    entryFileNames: "[name].js",
    chunkFileNames: "[name].js",
    cleanDir: true,
  },
};
