// Preloaded (`node --import`) into the conformance CLI. The CLI's bundle imports `globSync` from "fs",
// which Node added in 22; on Node 20 the import alone fails, although only the CLI's `tier-check`
// command calls it. Where `fs.globSync` is missing, a resolve hook hands the bundle a copy of "fs" that
// adds a stand-in which throws when called. Other modules, and newer Node versions, are left alone.
import * as fs from "node:fs";
import { register } from "node:module";

if (typeof fs.globSync !== "function") register("./node20-glob-sync-hooks.mjs", import.meta.url);
