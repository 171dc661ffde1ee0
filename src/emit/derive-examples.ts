// Arguments for test scaffolds: the descriptor's own `x-mcp-gen.examples`, or the value derived from
// inputSchema when it has none (compile/schema-samples.ts, checked with the real validator). The
// arguments types accept them as they are, properties named like Object's members left out included
// (emit-types.ts, orInherited).
import type { ScaffoldSamples } from "../compile/schema-samples.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";

export interface ScaffoldExample {
  readonly title: string;
  readonly arguments: JsonValue;
  readonly result: JsonValue | undefined;
}

/** The descriptor's examples, or the one derived from the schema (ScaffoldSamples.derived). */
export function scaffoldExamples(authoring: JsonValue | undefined, samples: ScaffoldSamples): ScaffoldExample[] {
  const declared = getOwn(authoring, "examples");
  if (Array.isArray(declared) && declared.length > 0) {
    return declared.filter(isJsonObject).map((example, i) => ({
      title: typeof example.name === "string" ? example.name : `example ${i + 1}`,
      arguments: example.arguments ?? {},
      result: example.result,
    }));
  }
  return samples.derived !== undefined ? [{ title: "accepts arguments derived from its inputSchema", arguments: samples.derived, result: undefined }] : [];
}
