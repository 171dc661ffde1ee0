// Two texts of a generated file → whether they differ only as a code formatter makes them differ
// (Prettier, Biome, `eslint --fix` with style rules): whitespace and line breaks, quote style,
// semicolons, trailing commas, parentheses. A heuristic that only decides how check words a
// hand edit (one finding for a formatter run over the folder, not one per file), never whether it
// is reported.

/** @example differsOnlyInFormatting('const a = "x";\n', "const a = 'x'\n") === true */
export function differsOnlyInFormatting(a: string, b: string): boolean {
  return a !== b && skeleton(a) === skeleton(b);
}

/** The text without what formatters add, drop or swap; an escaped quote is its quote. */
function skeleton(text: string): string {
  return text
    .replace(/\\(['"])/g, "$1")
    .replace(/'/g, '"')
    .replace(/[\s;,()]/g, "");
}
