// Counterexamples a property test finds. The committed ones (test/fixtures/properties/) are replayed
// first by every run. A run writes a new one only when asked, with PROPERTY_KEEP=1, and then into
// .tmp/counterexamples/ (git-ignored), never into the tracked tree: later runs in the same clone
// replay it too, and moving it into test/fixtures/properties/ makes it everyone's (docs/testing.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "./spec-paths.js";

/** The folder of `test`'s kept counterexamples, one file each. */
export function keptFolder(test: string, root = REPO_ROOT): string {
  return join(root, ".tmp", "counterexamples", test);
}

/** The kept counterexamples of `test`, by file name, in name order. */
export function keptCounterexamples(test: string, root = REPO_ROOT): { name: string; text: string }[] {
  const folder = keptFolder(test, root);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .map((name) => ({ name, text: readFileSync(join(folder, name), "utf8") }));
}

/**
 * What happens to a counterexample just found: with PROPERTY_KEEP=1, it is written to the next
 * free `NNN<extension>` of `test`'s kept folder; either way, one sentence says where it is or how to keep it.
 */
export function keepCounterexample(test: string, extension: string, text: string, env: Readonly<Record<string, string | undefined>> = process.env, root = REPO_ROOT): string {
  if (env.PROPERTY_KEEP !== "1") return "Run again with PROPERTY_KEEP=1 to keep the counterexample in .tmp/counterexamples/ (git-ignored), where later runs replay it.";
  const folder = keptFolder(test, root);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, `${String(readdirSync(folder).length + 1).padStart(3, "0")}${extension}`);
  writeFileSync(path, text);
  return `The counterexample is kept in ${relative(root, path)}, and later runs replay it; to replay it in every clone, add it to test/fixtures/properties/.`;
}
