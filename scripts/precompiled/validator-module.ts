// The text of a module of validators compiled ahead of time: ajv standalone chunks (every error
// kept, mcp-gen's validator runtime for ajv's helpers and formats, exactly as generated validators
// are written), each wrapped as one exported function, in src/precompiled/. Shared by the
// tool-validator, authoring-validator and meta-validators modules.
import type { JsonValue } from "../../src/model/json.js";
import { createStandaloneEngine, standaloneChunk } from "../../src/compile/standalone-engine.js";
import type { StandaloneChunk } from "../../src/compile/rewrite-standalone.js";

export interface ValidatorExport {
  readonly name: string;
  /** A doc comment line above the export, when there is one. */
  readonly doc?: string;
  readonly chunk: StandaloneChunk;
}

/** `schema` (2020-12) compiled with every error kept; throws, naming `what`, when ajv refuses it. */
export function allErrorsChunk(schema: JsonValue, what: string): StandaloneChunk {
  const { chunk, error } = standaloneChunk(createStandaloneEngine("2020-12", { allErrors: true, nativePatterns: true }), schema);
  if (!chunk) throw new Error(`${what} does not compile: ${error}`);
  return chunk;
}

/** The validator runtime as a module in src/precompiled/ imports it. */
const RUNTIME_MODULE = "@mcp-gen/runtime/validators";

/** `header` (comment lines), the runtime import, then each export. */
export function validatorModuleSource(header: readonly string[], exports: readonly ValidatorExport[]): string {
  const lines = ["// @ts-nocheck", ...header, `import * as __rt from ${JSON.stringify(RUNTIME_MODULE)};`];
  for (const { name, doc, chunk } of exports) {
    lines.push("", ...(doc === undefined ? [] : [doc]), `export const ${name} = /* @__PURE__ */ (() => {`, chunk.body, `return ${chunk.validateName};`, "})();");
  }
  return lines.join("\n") + "\n";
}
