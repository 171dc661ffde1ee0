// The captured tools of corpus/real and corpus/bench, and what one rule reports on all of them, for
// tests that pin a rule's default limits to the corpus maxima they quote.
import { readdirSync, readFileSync } from "node:fs";
import type { AnyRule } from "../../src/validate/define-rule.js";
import { analyzeTools } from "./project-from-tools.js";
import { corpusPath } from "./spec-paths.js";

export interface CorpusCapture {
  readonly file: string;
  readonly tools: readonly unknown[];
}

export function corpusCaptures(): CorpusCapture[] {
  const files = [
    ...readdirSync(corpusPath("real"))
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => `real/${f}`),
    "bench/github-rest-tools.json",
  ];
  return files.map((file) => ({ file, tools: (JSON.parse(readFileSync(corpusPath(file), "utf8")) as { tools: unknown[] }).tools }));
}

/**
 * `rule`'s reports on every corpus tool, as "capture tool-file pointer" lines, with `options` over its defaults.
 * The tools go to the rule as captured (they hold no file `$ref`s, so resolving would not change them).
 */
export function corpusReports(rule: AnyRule, options: object = {}, captures = corpusCaptures()): string[] {
  return captures.flatMap(({ file, tools }) =>
    analyzeTools(tools, [rule], { skipLoad: true, ruleOptions: { [rule.id]: options } })
      .analysis.diagnostics.filter((d) => d.ruleId === rule.id)
      .map((d) => `${file} ${d.file} ${d.pointer}`),
  );
}
