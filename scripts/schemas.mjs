#!/usr/bin/env node
// `npm run schemas`: writes every generated file of the repository (scripts/generated-files.ts) from
// the code that defines it. The generators are TypeScript that imports mcp-gen's own sources; Vite's
// module runner (a devDependency, as vitest's) loads them as the tests do. A file that is already
// current is left alone.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runnerImport } from "vite";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { module } = await runnerImport(join(root, "scripts/generated-files.ts"), { root, configFile: false, logLevel: "error" });
for (const file of module.GENERATED_FILES) {
  const path = join(root, file.path);
  const text = await file.text();
  let current;
  try {
    current = readFileSync(path, "utf8");
  } catch {
    current = undefined;
  }
  if (current === text) continue;
  writeFileSync(path, text);
  console.log(`wrote ${file.path} (${file.what})`);
}
