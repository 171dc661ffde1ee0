#!/usr/bin/env node
// Entry point for the `mcp-gen` command: the compiled CLI lives in dist/ (built by `npm install` via `prepare`).
import { runCli } from "../dist/cli/main.js";

process.exitCode = await runCli(process.argv.slice(2));
