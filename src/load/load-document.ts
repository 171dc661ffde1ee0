// SourceFile (path + text) → SourceDoc: the parsed JSON value and a span for every JSON Pointer.
// JSON for *.json, YAML 1.2 (JSON-compatible subset) for everything else. Never reads the disk.
import type { StageResult } from "../model/diagnostic.js";
import type { SourceDoc, SourceFile } from "../model/source.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "./limits.js";
import { computeLineStarts } from "./line-index.js";
import { parseJsonText } from "./parse-json.js";
import { parseYamlText } from "./parse-yaml.js";

/**
 * Parses one descriptor or schema file.
 * @example loadDocument({ path: "tools/get_weather.yaml", text: "name: get_weather\n..." })
 */
export function loadDocument(file: SourceFile, limits: LoadLimits = DEFAULT_LOAD_LIMITS): StageResult<SourceDoc | undefined> {
  const text = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text;
  const lineStarts = computeLineStarts(text);
  const parse = isJsonPath(file.path) ? parseJsonText : parseYamlText;
  const parsed = parse(file.path, text, lineStarts, limits);
  if (parsed.value === undefined || parsed.diagnostics.some((d) => d.severity === "error")) {
    return { value: undefined, diagnostics: parsed.diagnostics };
  }
  return {
    value: { file: file.path, text, value: parsed.value, spans: parsed.spans, lineStarts },
    diagnostics: parsed.diagnostics,
  };
}

export function isJsonPath(path: string): boolean {
  return path.toLowerCase().endsWith(".json");
}
