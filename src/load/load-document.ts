// SourceFile (path + text) → SourceDoc: the parsed JSON value and a span for every JSON Pointer.
// JSON for *.json, YAML 1.2 (JSON-compatible subset) for everything else. Never reads the disk.
import type { StageResult } from "../model/diagnostic.js";
import type { JsonValue } from "../model/json.js";
import type { NodeSpan, SourceDoc, SourceFile } from "../model/source.js";
import { parseCleanJson } from "./fast-json.js";
import type { FileRole } from "./file-role.js";
import { DEFAULT_LOAD_LIMITS, type LoadLimits } from "./limits.js";
import { computeLineStarts } from "./line-index.js";
import { parseJsonText } from "./parse-json.js";
import { parseYamlText } from "./parse-yaml.js";

/**
 * Parses one descriptor or schema file; `role` says which, for the hints about the file as a whole.
 * @example loadDocument({ path: "tools/get_weather.yaml", text: "name: get_weather\n..." })
 */
export function loadDocument(file: SourceFile, limits: LoadLimits = DEFAULT_LOAD_LIMITS, role: FileRole = "descriptor"): StageResult<SourceDoc | undefined> {
  const text = file.text.charCodeAt(0) === 0xfeff ? file.text.slice(1) : file.text;
  if (isJsonPath(file.path)) {
    // Most JSON files are clean: their value natively, their spans only if a report needs them.
    const value = parseCleanJson(text, limits);
    if (value !== undefined) return { value: laterSpans(file.path, text, value, limits), diagnostics: [] };
  }
  const lineStarts = computeLineStarts(text);
  const parse = isJsonPath(file.path) ? parseJsonText : parseYamlText;
  const parsed = parse(file.path, text, lineStarts, limits, role);
  if (parsed.value === undefined || parsed.diagnostics.some((d) => d.severity === "error")) {
    return { value: undefined, diagnostics: parsed.diagnostics };
  }
  return {
    value: { file: file.path, text, value: parsed.value, spans: parsed.spans, lineStarts },
    diagnostics: parsed.diagnostics,
  };
}

/** A document whose spans and line starts are worked out (by the full JSON parse) the first time they are read. */
function laterSpans(path: string, text: string, value: JsonValue, limits: LoadLimits): SourceDoc {
  let lineStarts: number[] | undefined;
  let spans: ReadonlyMap<string, NodeSpan> | undefined;
  const starts = () => (lineStarts ??= computeLineStarts(text));
  return {
    file: path,
    text,
    value,
    get spans() {
      return (spans ??= parseJsonText(path, text, starts(), limits).spans);
    },
    get lineStarts() {
      return starts();
    },
  };
}

export function isJsonPath(path: string): boolean {
  return path.toLowerCase().endsWith(".json");
}
