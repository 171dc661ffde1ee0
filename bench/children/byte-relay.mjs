// The least any relay process in Node can cost: starts the command after its own arguments and
// pipes bytes both ways (stream.pipe), with no framing, parsing or checking. The proxy suite runs the
// same host and server through it, so "proxied ÷ direct" has a floor measured in the same run.
// Usage: node byte-relay.mjs COMMAND [ARGS...]
import { spawn } from "node:child_process";

const child = spawn(process.argv[2], process.argv.slice(3), { stdio: ["pipe", "pipe", "inherit"] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on("exit", (code) => process.exit(code ?? 0));
