#!/usr/bin/env node
// Entry point for the `mcp-gen` command. The compiled CLI lives in dist/ (built by `npm install` via
// `prepare`): dist/bundle/main.js, the same modules bundled into a few (see rolldown.config.mjs),
// which start faster, unless it is missing or older than dist/cli/main.js (tsc was run alone since).
import { statSync } from "node:fs";

const modified = (path) => statSync(new URL(path, import.meta.url), { throwIfNoEntry: false })?.mtimeMs;
const bundled = modified("../dist/bundle/main.js");
const compiled = modified("../dist/cli/main.js");
const { runCli } = bundled !== undefined && (compiled === undefined || bundled >= compiled) ? await import("../dist/bundle/main.js") : await import("../dist/cli/main.js");

process.exitCode = await runCli(process.argv.slice(2));
