// Type-level checks of the declarations emit-types.ts writes: the declarations in one module, and a
// snippet that imports them and must compile, with `// @ts-expect-error` before each line that must
// not (TypeScript reports a directive with no error under it), under every supported TypeScript and
// the strictest flags users turn on.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileTypes, finishToolTypes, planToolTypes } from "../../src/emit/emit-types.js";
import type { JsonValue } from "../../src/model/json.js";
import { STRICTEST_OPTIONS, TYPESCRIPT_COMPILERS, typeCheck, writeTsconfig } from "../support/typescript-compilers.js";

/** The declarations of one tool's types, as its module holds them. */
export async function toolTypes(input: JsonValue, output: JsonValue | undefined, pascal: string): Promise<string> {
  const request = planToolTypes(input, output, { pascal });
  return finishToolTypes(request, await compileTypes(request.wrapperText, request.rootName)).code;
}

/** Each supported TypeScript's errors for `snippet` (importing from "./types.js") next to `types`; none when all is well. */
export async function snippetErrors(types: string, snippet: string): Promise<Record<string, readonly string[]>> {
  const dir = mkdtempSync(join(tmpdir(), "mcp-gen-type-snippet-"));
  try {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ private: true, type: "module" }));
    writeFileSync(join(dir, "types.ts"), types);
    writeFileSync(join(dir, "snippet.ts"), snippet);
    const tsconfig = writeTsconfig(dir, "tsconfig.json", { ...STRICTEST_OPTIONS, noUnusedLocals: false }, ["types.ts", "snippet.ts"]);
    const errors: Record<string, readonly string[]> = {};
    // One compiler at a time: the machines these run on are small.
    for (const compiler of TYPESCRIPT_COMPILERS) errors[compiler.version] = (await typeCheck(compiler, tsconfig)).errors;
    return errors;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What snippetErrors gives when every compiler accepts the snippet. */
export const NO_ERRORS: Record<string, readonly string[]> = Object.fromEntries(TYPESCRIPT_COMPILERS.map((compiler) => [compiler.version, []]));
