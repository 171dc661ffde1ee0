#!/usr/bin/env node
// Entry point for the `mcp-gen` command: dist/bundle/main.js, the build of the command line the
// package ships (rolldown.config.mjs bundles tsc's output in dist/ into a few modules; `npm run
// build`, and `prepare` on `npm install` in a clone or of a git URL, make both). Only when there is
// no bundle does it run tsc's dist/cli/main.js (a clone where rolldown did not run), and with
// neither it says how to build instead of printing a stack trace. The choice is by which file
// exists, never by file times: a command that picked by times ran whichever an install happened to
// write last.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = ["../dist/bundle/main.js", "../dist/cli/main.js"].map((path) => new URL(path, import.meta.url)).find((url) => existsSync(url));

if (entry === undefined) {
  process.stderr.write(
    `mcp-gen: this copy of mcp-gen is not built: ${fileURLToPath(new URL("../dist/", import.meta.url))} is missing.\n` +
      "It was installed from source without running its prepare script (npm install --ignore-scripts, or npm's install-script approval).\n" +
      "Install a release tarball (mcp-gen-<version>.tgz), or install again letting npm run mcp-gen's prepare script; in a clone, run `npm install` or `npm run build`.\n",
  );
  process.exitCode = 2;
} else {
  const { runCli, prepareProcess } = await import(entry.href);
  // The engine's settings for the command (src/cli/engine-tuning.ts); a dist/ older than them has none.
  prepareProcess?.(process.argv.slice(2));
  process.exitCode = await runCli(process.argv.slice(2));
}
