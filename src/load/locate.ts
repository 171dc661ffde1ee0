// JSON Pointer → file, line and column. The one place rule and resolver reports get positions:
// a pointer into a resolved tool is followed through its mounts into the file it came from, and a
// pointer to something missing falls back to the nearest parent that exists.
import type { Diagnostic } from "../model/diagnostic.js";
import { isPointerWithin, parentPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc, SourceMount, StringPart, TextRange } from "../model/source.js";
import type { DiagnosticContent } from "./diagnostic-at.js";
import { diagnosticAt } from "./diagnostic-at.js";
import { rangeOfStringPart } from "./locate-in-string.js";
import { messageInMount } from "./message-in-mount.js";

export type SpanTarget = "key" | "value";

/** The range of `pointer` in `doc` (or its nearest existing parent). */
export function rangeOfPointer(doc: SourceDoc, pointer: string, target: SpanTarget = "value"): TextRange {
  let current: string | undefined = pointer;
  let fellBack = false;
  while (current !== undefined) {
    const span = doc.spans.get(current);
    if (span) {
      // A missing member is best shown at its parent's key, where the member would be written.
      if ((target === "key" || fellBack) && span.key) return span.key;
      return span.value;
    }
    current = parentPointer(current);
    fellBack = true;
  }
  return { start: 0, end: 0 };
}

/** `part`: where in the string at `pointer` the finding is, pointed at when it can be found exactly in the text. */
export function diagnosticAtPointer(doc: SourceDoc, pointer: string, content: DiagnosticContent, target: SpanTarget = "value", part?: StringPart): Diagnostic {
  const range = (part && rangeOfStringPart(doc, pointer, target, part)) ?? rangeOfPointer(doc, pointer, target);
  return diagnosticAt(doc.file, doc.lineStarts, range, { ...content, pointer });
}

/** The mount that owns a wire pointer: the most specific one whose prefix matches. */
export function mountFor(mounts: readonly SourceMount[], wirePointer: string): SourceMount | undefined {
  let best: SourceMount | undefined;
  for (const mount of mounts) {
    if (isPointerWithin(wirePointer, mount.wirePointer) && (!best || mount.wirePointer.length >= best.wirePointer.length)) best = mount;
  }
  return best;
}

/**
 * Places a report about a resolved tool: the diagnostic names the file the node was written in, and
 * its message speaks of that file (messageInMount): in a file the tool `$ref`s, it names the tool
 * and the dialect it reads the file under (`readers`), and quotes paths as the file has them.
 * `docs` holds every parsed file of the project by path.
 */
export function diagnosticInTool(
  tool: ResolvedTool,
  docs: ReadonlyMap<string, SourceDoc>,
  wirePointer: string,
  content: DiagnosticContent,
  target: SpanTarget = "value",
  part?: StringPart,
): Diagnostic {
  const mount = mountFor(tool.mounts, wirePointer);
  if (!mount || !docs.has(mount.file)) return placeInTool(tool, docs, wirePointer, content, target, part);
  const { message, reader } = messageInMount(tool, mount, wirePointer, content.message);
  return { ...placeInTool(tool, docs, wirePointer, { ...content, message }, target, part), ...(reader ? { readers: [reader] } : {}) };
}

/**
 * diagnosticInTool with the message as it is given: for one that names the tool itself and quotes no
 * schema path (a lock drift finding), or that has none (a position wanted alone).
 */
export function placeInTool(tool: ResolvedTool, docs: ReadonlyMap<string, SourceDoc>, wirePointer: string, content: DiagnosticContent, target: SpanTarget = "value", part?: StringPart): Diagnostic {
  const mount = mountFor(tool.mounts, wirePointer);
  const doc = mount ? docs.get(mount.file) : undefined;
  if (!mount || !doc) {
    return { ...content, file: tool.file, line: 1, column: 1, endLine: 1, endColumn: 1, pointer: wirePointer } as Diagnostic;
  }
  const sourcePointer = mount.sourcePointer + wirePointer.slice(mount.wirePointer.length);
  return { ...diagnosticAtPointer(doc, sourcePointer, content, target, part), pointer: wirePointer };
}
