// Two texts → a unified diff of their lines (as `diff -u` prints it), for descriptions and other
// changed parts. Pure. Myers' O(ND) algorithm, so a long description with a one-line change costs
// little; the work is capped, and past the cap the whole text shows as replaced.

export interface UnifiedDiffOptions {
  /** Lines of unchanged context around each change. */
  readonly context?: number;
  /** Header labels, as in `--- a` / `+++ b`. */
  readonly before?: string;
  readonly after?: string;
}

type Edit = { readonly op: " " | "-" | "+"; readonly line: string };

/** Most edit steps tried before giving up on a minimal diff. */
const MAX_EDIT_DISTANCE = 500;

/**
 * The unified diff of `before` and `after`, or "" when they are equal.
 * @example unifiedDiff("a\nb\n", "a\nc\n", { before: "lock", after: "now" })
 */
export function unifiedDiff(before: string, after: string, options: UnifiedDiffOptions = {}): string {
  if (before === after) return "";
  const edits = diffLines(splitLines(before), splitLines(after));
  const context = options.context ?? 3;
  const lines = [`--- ${options.before ?? "before"}`, `+++ ${options.after ?? "after"}`];
  for (const hunk of hunks(edits, context)) lines.push(...hunk);
  return lines.join("\n") + "\n";
}

function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Myers' greedy shortest edit script over lines. */
export function diffLines(a: readonly string[], b: readonly string[]): Edit[] {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Array<number>(2 * max + 3).fill(0);
  // trace[d] is V as it was before step d, which is what the walk back needs.
  const trace: number[][] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
      let x = down ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(trace, a, b, d, offset);
    }
  }
  return [...a.map((line) => ({ op: "-" as const, line })), ...b.map((line) => ({ op: "+" as const, line }))];
}

function backtrack(trace: readonly number[][], a: readonly string[], b: readonly string[], depth: number, offset: number): Edit[] {
  const edits: Edit[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = depth; d > 0; d--) {
    const v = trace[d]!;
    const k = x - y;
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!);
    const prevK = down ? k + 1 : k - 1;
    const prevX = v[offset + prevK]!;
    const prevY = prevX - prevK;
    // The step went down (an inserted line) or right (a deleted line), then along a diagonal.
    const startX = down ? prevX : prevX + 1;
    const startY = down ? prevY + 1 : prevY;
    while (x > startX && y > startY) edits.push({ op: " ", line: a[--x]! }), y--;
    if (down) edits.push({ op: "+", line: b[--y]! });
    else edits.push({ op: "-", line: a[--x]! });
  }
  while (x > 0 && y > 0) edits.push({ op: " ", line: a[--x]! }), y--;
  return edits.reverse();
}

/** Groups edits into hunks: each change with `context` lines around it, close changes merged. */
function hunks(edits: readonly Edit[], context: number): string[][] {
  const out: string[][] = [];
  let i = 0;
  while (i < edits.length) {
    if (edits[i]!.op === " ") {
      i++;
      continue;
    }
    const start = Math.max(0, i - context);
    let last = i;
    let j = i + 1;
    while (j < edits.length) {
      if (edits[j]!.op !== " ") {
        last = j++;
        continue;
      }
      let run = j;
      while (run < edits.length && edits[run]!.op === " ") run++;
      if (run < edits.length && run - j <= 2 * context) j = run;
      else break;
    }
    const stop = Math.min(edits.length, last + 1 + context);
    out.push(renderHunk(edits, start, stop));
    i = stop;
  }
  return out;
}

function renderHunk(edits: readonly Edit[], start: number, stop: number): string[] {
  let oldLine = 1;
  let newLine = 1;
  for (let j = 0; j < start; j++) {
    if (edits[j]!.op !== "+") oldLine++;
    if (edits[j]!.op !== "-") newLine++;
  }
  const body = edits.slice(start, stop);
  const oldCount = body.filter((e) => e.op !== "+").length;
  const newCount = body.filter((e) => e.op !== "-").length;
  const range = (line: number, count: number) => (count === 1 ? `${line}` : `${count === 0 ? line - 1 : line},${count}`);
  return [`@@ -${range(oldLine, oldCount)} +${range(newLine, newCount)} @@`, ...body.map((e) => `${e.op}${e.line}`)];
}
