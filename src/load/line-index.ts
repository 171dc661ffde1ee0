// Offsets ↔ 1-based line and column (UTF-16 code units, as editors and SARIF count them). A line
// ends at "\n", "\r\n" or a lone "\r", as it does for YAML 1.2, JSON and the Language Server Protocol.

export function computeLineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes("\r")) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
    return starts;
  }
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push(match.index + match[0].length);
  return starts;
}

/**
 * The text of each line, without its line break.
 * @example lineTexts("a\r\nb\rc\n", computeLineStarts("a\r\nb\rc\n")) // ["a", "b", "c", ""]
 */
export function lineTexts(text: string, lineStarts: readonly number[]): string[] {
  return lineStarts.map((start, i) => {
    const next = lineStarts[i + 1];
    if (next === undefined) return text.slice(start);
    return text.slice(start, text[next - 1] === "\n" && text[next - 2] === "\r" ? next - 2 : next - 1);
  });
}

export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

export function positionAt(lineStarts: readonly number[], offset: number): LineColumn {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (lineStarts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return { line: low + 1, column: offset - lineStarts[low]! + 1 };
}
