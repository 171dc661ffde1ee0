// Builds an in-memory project from wire Tool objects (for example a captured tools/list), one JSON
// descriptor file per tool, and analyses it without touching the disk.
import { loadConfig } from "../../src/config/load-config.js";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { loadDocument } from "../../src/load/load-document.js";
import { analyzeProject, type ProjectAnalysis } from "../../src/project/analyze-project.js";
import type { ProjectFile } from "../../src/resolve/project-file.js";
import type { AnyRule } from "../../src/validate/define-rule.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";

export interface ToolsProject {
  readonly analysis: ProjectAnalysis;
  /** Descriptor path of each input tool, in input order. */
  readonly paths: readonly string[];
  readonly sources: ReadonlyMap<string, string>;
}

export function descriptorPath(index: number, name: unknown): string {
  const safe = typeof name === "string" ? name.replace(/[^A-Za-z0-9_.-]/g, "_").slice(0, 80) : "unnamed";
  return `tools/${String(index).padStart(4, "0")}-${safe}.json`;
}

export function analyzeTools(tools: readonly unknown[], rules: readonly AnyRule[] = ALL_RULES): ToolsProject {
  const files = new Map<string, ProjectFile>();
  const sources = new Map<string, string>();
  const loadDiagnostics: Diagnostic[] = [];
  const paths = tools.map((tool, i) => descriptorPath(i, (tool as { name?: unknown })?.name));
  tools.forEach((tool, i) => {
    const text = JSON.stringify(tool, null, 2) + "\n";
    sources.set(paths[i]!, text);
    const loaded = loadDocument({ path: paths[i]!, text });
    loadDiagnostics.push(...loaded.diagnostics);
    files.set(paths[i]!, loaded.value ? { status: "ok", doc: loaded.value } : { status: "invalid" });
  });
  const config = loadConfig(undefined, rules, {}).value!;
  const analysis = analyzeProject({ descriptors: [...paths].sort(), files, loadDiagnostics, config, rules });
  return { analysis, paths, sources };
}
