// Two texts of a generated file → whether they differ only as a code formatter makes them differ
// (Prettier, Biome, `eslint --fix` with style rules): whitespace and line breaks, quote style,
// semicolons, trailing commas, parentheses, quotes around an object key that needs none (Prettier's
// quoteProps "as-needed"). A heuristic that only decides how check and build word a hand edit (one
// finding for a formatter run over the folder, not one per file), never whether it is reported.

/** @example differsOnlyInFormatting('const a = "x";\n', "const a = 'x'\n") === true */
export function differsOnlyInFormatting(a: string, b: string): boolean {
  return a !== b && skeleton(a) === skeleton(b);
}

/** The text without what formatters add, drop or swap; an escaped quote is its quote. */
function skeleton(text: string): string {
  return text
    .replace(/\\(['"])/g, "$1")
    .replace(/'/g, '"')
    .replace(/\s/g, "")
    .replace(/([{,])"([A-Za-z_$][\w$]*)":/g, "$1$2:")
    .replace(/[;,()]/g, "");
}

/** What check and build say of generated files a formatter rewrote (generated-file-formatted). */
export function reformattedMessage(paths: readonly string[]): string {
  const which = paths.length === 1 ? `${paths[0]} was reformatted` : `${paths.length} generated files were reformatted`;
  return `${which} since the last build: only whitespace, quotes, semicolons, commas or parentheses differ, as when a formatter or linter runs over the generated folder.`;
}

export const REFORMATTED_HINT =
  "Keep formatters and linters off the generated folder and the lock (.prettierignore, ESLint's ignores, Biome's files.includes: see docs/ci.md, \"Formatters and linters\"), then run `mcp-gen build --force` to write the files again.";
