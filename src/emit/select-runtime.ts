// The runtime modules a vendored project (`runtime: vendored`) needs: every module its generated
// files import from `runtime/` (which the emitter knows, as it wrote the imports), and everything
// those import in turn. So an SDK v2 project gets no SDK v1 code and the reverse, and a module
// nothing uses is never copied. Pure: module texts in, a subset out.
import { posix } from "node:path";

/** One module of mcp-gen's runtime, as shipped. */
export interface RuntimeSource {
  /** Path inside the runtime's sources (packages/runtime/src), e.g. "server-runtime.ts" or "v1/server-runtime.ts". */
  readonly file: string;
  readonly contents: string;
}

/** `from "./x.js"` and `from "../x.js"` in import and export declarations (runtime code has no other form). */
const RELATIVE_SPECIFIER = /\bfrom\s+"(\.{1,2}\/[^"]+)"/y;

export function relativeImports(text: string): string[] {
  // Only where `from` occurs (indexOf is far faster than the pattern over megabytes of validators).
  const found: string[] = [];
  for (let at = text.indexOf("from"); at !== -1; at = text.indexOf("from", at + 4)) {
    RELATIVE_SPECIFIER.lastIndex = at;
    const match = RELATIVE_SPECIFIER.exec(text);
    if (!match) continue;
    found.push(match[1]!);
    // Go on after the match, as a global search would.
    at = RELATIVE_SPECIFIER.lastIndex - 4;
  }
  return found;
}

/** A relative `.js` specifier seen from `fromFile` (a runtime file) → the `.ts` runtime file it names. */
function resolveSpecifier(fromFile: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(fromFile), specifier)).replace(/\.js$/, ".ts");
}

/**
 * The runtime sources reachable from `entries` (files of the runtime, e.g. "server-runtime.ts": the
 * modules the generated code imports, as the emitter requested them), sorted by file. Only mcp-gen's
 * own runtime sources are read for imports, never the generated files, whose comments and strings
 * hold descriptor text. Throws when a module is not in the runtime: that is a bug in mcp-gen, not a
 * user error.
 * @example selectRuntime(["tool-table.ts", "server-runtime.ts"], runtime)
 */
export function selectRuntime(entries: Iterable<string>, runtime: readonly RuntimeSource[]): RuntimeSource[] {
  const byFile = new Map(runtime.map((source) => [source.file, source]));
  const queue = [...entries];
  const selected = new Set<string>();
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (selected.has(file)) continue;
    const source = byFile.get(file);
    if (source === undefined) throw new Error(`Generated code imports runtime/${file}, which mcp-gen does not ship; this is a bug in mcp-gen.`);
    selected.add(file);
    for (const specifier of relativeImports(source.contents)) queue.push(resolveSpecifier(file, specifier));
  }
  return [...selected].sort().map((file) => byFile.get(file)!);
}
