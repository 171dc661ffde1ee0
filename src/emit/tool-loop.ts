// The aggregates (tools.ts, client.ts, index.ts, server.ts, handlers.ts) hold a part of every tool:
// a rebuild after one tool changed takes every other tool's parts from the last build's file as
// bytes, and renders only the changed tool's. Without this, a one-line edit rendered, encoded and
// hashed a megabyte of client code for 1,223 tools.
//
// How: each per-tool `{{#each}}` of an aggregate's view is a ToolLoop. The `each` helper hands it
// the block; it renders its items one by one and keeps them, leaving out each item the last build's
// file has for the same tool, and puts one NUL mark in the template's output in their place (a NUL
// in the template's own text, which no template has, sends the file down the plain path; one in an
// item is only text). The file is then the template's text between the marks, with each loop's
// items where its mark was: the items' lengths give their byte ranges (the layout, kept in the
// build cache), and the last file's layout where to take the bytes of the items left out. A tool's
// item is taken only under the same key (toolKeys in emit-project.ts: everything its items are made
// from), in a loop of the same name and place, from a file that is on disk byte for byte as the
// last build wrote it (checked by the caller). The result is the bytes a full render gives
// (test/emit/tool-loop.test.ts).
import type HandlebarsModule from "handlebars";
import { piecesEqual, piecesText, type BytePieces } from "../files/byte-pieces.js";
import type { GeneratedFile } from "../model/generated-file.js";

/** Where one loop's items lie in a file: the first item's byte offset, then each item's length in bytes, in tool order. */
export interface LoopLayout {
  readonly name: string;
  readonly start: number;
  readonly lengths: readonly number[];
}

/** Every per-tool loop of one file, in the order the template renders them. */
export type AggregateLayout = readonly LoopLayout[];

/** An aggregate as the last build wrote it: its bytes (as on disk) and its layout. */
export interface LastAggregate {
  readonly bytes: Uint8Array;
  readonly layout: AggregateLayout;
}

/** Something of each aggregate of one build, by project path, with that build's tools' keys in its order. */
export interface AggregateFiles<T> {
  readonly keys: readonly string[];
  readonly files: ReadonlyMap<string, T>;
}

/** What the last build's aggregates offer: each file as on disk, with its layout. */
export type LastAggregates = AggregateFiles<LastAggregate>;

/** A file rendered with its loops: the file, and its layout when the marks could be placed. */
export interface RenderedAggregate {
  readonly file: GeneratedFile;
  readonly layout: AggregateLayout | undefined;
}

/** Makes a ToolLoop over the tools, in their order: `view(i)` is the i-th tool's item, made only when rendered. */
export type LoopMaker = (name: string, view: (tool: number) => object) => ToolLoop;

const MARK = "\u0000";

/** One loop as rendered: per tool, its item's text, or the index of the last file's item taken instead. */
interface RenderedLoop {
  readonly name: string;
  readonly items: readonly (string | number)[];
}

/** One rendering of one file: its loops, in order, and what it may take from the last file. */
class LoopSession {
  readonly loops: RenderedLoop[] = [];
  constructor(
    readonly count: number,
    /** False: loops render every item in place, with no mark (the plain path). */
    readonly marked: boolean,
    /** For each tool, its index among the last build's tools with the same key, or -1. */
    private readonly from: readonly number[] | undefined,
    private readonly last: { readonly file: LastAggregate; readonly count: number } | undefined,
  ) {}

  /** For the loop at this place, per tool, the index of the last file's item to take, or -1. */
  sources(ordinal: number, name: string): (tool: number) => number {
    const loop = this.last?.file.layout[ordinal];
    // The last file's loop at this place, under this name, with one item per tool of the last build.
    const same = this.marked && loop !== undefined && loop.name === name && loop.lengths.length === this.last!.count;
    return same ? (tool) => this.from?.[tool] ?? -1 : () => -1;
  }
}

/** A per-tool `{{#each}}`: what the `each` helper renders when its argument is one (see templates.ts). */
export class ToolLoop {
  constructor(
    private readonly session: LoopSession,
    readonly name: string,
    private readonly view: (tool: number) => object,
  ) {}

  /** The loop's place in the template's output (a mark), its items kept by the session; or, on the plain path, the items. */
  render(options: HandlebarsModule.HelperOptions): string {
    const { session } = this;
    const source = session.sources(session.loops.length, this.name);
    const items: (string | number)[] = [];
    for (let i = 0; i < session.count; i++) {
      const from = source(i);
      if (from >= 0) items.push(from);
      else {
        const data = { ...(options.data as object), _parent: options.data, index: i, first: i === 0, last: i === session.count - 1 };
        items.push(options.fn(this.view(i), { data }));
      }
    }
    if (!session.marked) return items.join("");
    session.loops.push({ name: this.name, items });
    return MARK;
  }
}

/**
 * Renders one aggregate for `keys.length` tools. `render` is its template over the view that
 * `view` makes with the loops it asks for; `keys` are the tools' keys in order; `last` the file the
 * last build wrote with the keys of that build's tools, when the caller vouches that it is on disk
 * as written.
 */
export function renderAggregate(
  path: string,
  render: (view: object) => string,
  view: (loop: LoopMaker) => object,
  keys: readonly string[],
  last?: { readonly file: LastAggregate; readonly keys: readonly string[] },
): RenderedAggregate {
  const from = last ? sourceIndexes(keys, last.keys) : undefined;
  const session = new LoopSession(keys.length, true, from, last ? { file: last.file, count: last.keys.length } : undefined);
  const parts = render(view((name, item) => new ToolLoop(session, name, item))).split(MARK);
  if (parts.length !== session.loops.length + 1) {
    // The template's own text held a NUL: rendered once more, plainly, with no layout.
    const plain = new LoopSession(keys.length, false, undefined, undefined);
    return { file: { path, contents: render(view((name, item) => new ToolLoop(plain, name, item))) }, layout: undefined };
  }
  return assemble(path, parts, session.loops, last?.file);
}

/** For each key, the index of the same key in `lastKeys`, or -1. */
function sourceIndexes(keys: readonly string[], lastKeys: readonly string[]): number[] {
  const index = new Map(lastKeys.map((key, i) => [key, i]));
  return keys.map((key) => index.get(key) ?? -1);
}

/** The file from the template's text between the marks (`fixed`) and the loops' items, and its layout. */
function assemble(path: string, fixed: readonly string[], loops: readonly RenderedLoop[], last: LastAggregate | undefined): RenderedAggregate {
  const taken = last !== undefined && loops.some((loop) => loop.items.some((item) => typeof item === "number"));
  const layout: LoopLayout[] = [];
  const pieces: Uint8Array[] = [];
  // A run of bytes of the last file, grown while the items taken from it follow one another there.
  let runStart = -1;
  let runEnd = -1;
  const flush = () => {
    if (runStart >= 0) pieces.push(last!.bytes.subarray(runStart, runEnd));
    runStart = runEnd = -1;
  };
  const text = (value: string) => {
    if (!taken) return Buffer.byteLength(value, "utf8");
    if (value === "") return 0;
    flush();
    const bytes = Buffer.from(value, "utf8");
    pieces.push(bytes);
    return bytes.length;
  };
  let offset = 0;
  for (const [ordinal, loop] of loops.entries()) {
    offset += text(fixed[ordinal]!);
    const lengths: number[] = [];
    layout.push({ name: loop.name, start: offset, lengths });
    const lastLoop = last?.layout[ordinal];
    const starts = lastLoop && loop.items.some((item) => typeof item === "number") ? itemStarts(lastLoop) : [];
    for (const item of loop.items) {
      let length: number;
      if (typeof item === "string") length = text(item);
      else {
        const start = starts[item]!;
        length = lastLoop!.lengths[item]!;
        if (start !== runEnd) flush(), (runStart = start);
        runEnd = start + length;
      }
      lengths.push(length);
      offset += length;
    }
  }
  offset += text(fixed[loops.length]!);
  if (!taken) return { file: { path, contents: joinParts(fixed, loops) }, layout };
  flush();
  const same = offset === last.bytes.length && piecesEqual(pieces, last.bytes);
  return { file: piecesFile(path, same ? [last.bytes] : pieces, same), layout };
}

/** The text of a file whose loops rendered every item. */
function joinParts(fixed: readonly string[], loops: readonly RenderedLoop[]): string {
  let text = fixed[0]!;
  for (const [ordinal, loop] of loops.entries()) text += (loop.items as string[]).join("") + fixed[ordinal + 1]!;
  return text;
}

/** Each item's byte offset in the file, from a loop's layout. */
function itemStarts(loop: LoopLayout): number[] {
  const starts: number[] = [];
  let at = loop.start;
  for (const length of loop.lengths) starts.push(at), (at += length);
  return starts;
}

/** A file made as bytes: its text is decoded only when something asks for it. */
function piecesFile(path: string, pieces: BytePieces, unchanged: boolean): GeneratedFile {
  let contents: string | undefined;
  return {
    path,
    pieces,
    get contents() {
      return (contents ??= piecesText(pieces));
    },
    ...(unchanged ? { unchanged: true } : {}),
  };
}

/**
 * Whether `layout` can describe a file of `size` bytes: loops in order, each inside the file and
 * after the last, with whole non-negative lengths. A layout read from the cache is used only then.
 */
export function layoutFits(layout: AggregateLayout, size: number): boolean {
  let end = 0;
  for (const loop of layout) {
    if (!Number.isSafeInteger(loop.start) || loop.start < end) return false;
    end = loop.start;
    for (const length of loop.lengths) {
      if (!Number.isSafeInteger(length) || length < 0) return false;
      end += length;
    }
    if (end > size) return false;
  }
  return true;
}
