// A standalone chunk → whether its code uses the validator runtime (`__rt.ucs2length`, `__rt.formats`,
// `__rt.pattern`...), so that a validator module imports the runtime only when one of its validators
// uses it: a linter's fix for an unused import (Biome's noUnusedImports, eslint-plugin-unused-imports)
// would take the import out, and `mcp-gen check` would call that a hand edit.
import { scanAjvCode } from "./ajv-code-tokens.js";
import type { StandaloneChunk } from "./rewrite-standalone.js";

/** The name the generated code gives the runtime module (`import * as __rt from …`). */
const RUNTIME_NAME = "__rt";

/**
 * Whether `chunk`'s code names `__rt` outside a string literal and not as a property (`data.__rt`, for
 * a property named so). Only the lines that hold the name are scanned (ajv writes no string or
 * comment over two lines), so a chunk that uses the runtime costs a search and a short line. Code the
 * scan does not read counts as a use: a needless import is a lint finding, a missing one a crash.
 * @example usesRuntime({ body: "const func0 = __rt.ucs2length;\nfunction validate0(data){return true;}", validateName: "validate0" }) === true
 * @example usesRuntime({ body: 'const schema0 = {"description":"__rt"};\nfunction validate0(data){return data.__rt;}', validateName: "validate0" }) === false
 */
export function usesRuntime(chunk: StandaloneChunk): boolean {
  const body = chunk.body;
  for (let at = body.indexOf(RUNTIME_NAME); at >= 0; ) {
    const start = body.lastIndexOf("\n", at) + 1;
    const newline = body.indexOf("\n", at);
    const end = newline < 0 ? body.length : newline;
    if (namesRuntime(body.slice(start, end))) return true;
    at = body.indexOf(RUNTIME_NAME, end);
  }
  return false;
}

/** Whether one line of ajv code names the runtime as a value, or does not scan. */
function namesRuntime(line: string): boolean {
  let found = false;
  const refused = scanAjvCode(line, (kind, start, end) => {
    if (kind === "word" && end - start === RUNTIME_NAME.length && line.startsWith(RUNTIME_NAME, start) && !afterDot(line, start)) found = true;
  });
  return found || refused >= 0;
}

/** Whether the character before `index` that is not a space is a `.`. */
function afterDot(line: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && (line[i] === " " || line[i] === "\t")) i--;
  return i >= 0 && line[i] === ".";
}
