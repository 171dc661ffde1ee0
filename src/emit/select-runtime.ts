// The runtime modules a vendored project (`runtime: vendored`) needs: every module its generated
// files import from `runtime/`, and everything those import in turn. So an SDK v2 project gets no SDK
// v1 code and the reverse, and a module nothing uses is never copied. Pure: module texts in, a subset out.
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

/** A relative `.js` specifier seen from `fromFile` (a path under `root`) → the `.ts` path it names, relative to `root`. */
function resolveSpecifier(fromFile: string, specifier: string): string {
  return posix.normalize(posix.join(posix.dirname(fromFile), specifier)).replace(/\.js$/, ".ts");
}

/**
 * The runtime sources reachable from `generated` (paths relative to the project, under `out`),
 * sorted by file. Throws when a generated file names a runtime module that does not exist: that is a
 * bug in a template, not a user error.
 * @example selectRuntime([{ path: "src/generated/tools.ts", contents: 'import { x } from "./runtime/tool-table.js";' }], runtime, "src/generated")
 */
export function selectRuntime(generated: readonly { readonly path: string; readonly contents: string }[], runtime: readonly RuntimeSource[], out: string): RuntimeSource[] {
  const byFile = new Map(runtime.map((source) => [source.file, source]));
  const runtimeRoot = posix.join(out, "runtime");
  const queue: string[] = [];
  // Every tool module imports the same few runtime modules from the same folder: each specifier is
  // resolved once per folder.
  const seen = new Set<string>();
  for (const file of generated) {
    const folder = posix.dirname(file.path);
    for (const specifier of relativeImports(file.contents)) {
      const key = `${folder}\u0000${specifier}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // A path into runtime/ names it, unless the file is in there already (a tool module never is).
      if (!specifier.includes("runtime") && !(folder + "/").startsWith(runtimeRoot + "/")) continue;
      const target = resolveSpecifier(file.path, specifier);
      if (target.startsWith(runtimeRoot + "/")) queue.push(target.slice(runtimeRoot.length + 1));
    }
  }
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
