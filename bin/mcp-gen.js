#!/usr/bin/env node
// Entry point for the `mcp-gen` command: dist/bundle/main.js, the one build of the command line the
// package ships (rolldown.config.mjs bundles tsc's output in dist/ into a few modules; `npm run
// build`, and `prepare` on `npm install` in a clone, make both). Nothing else is ever chosen here:
// a command that picked between builds by their file times ran whichever an install happened to
// write last.
import { runCli } from "../dist/bundle/main.js";

process.exitCode = await runCli(process.argv.slice(2));
