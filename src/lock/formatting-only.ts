// Two texts of a generated file → whether they differ only as a code formatter makes them differ
// (Prettier, Biome, `eslint --fix` with style rules): whitespace and line breaks, the quotes of a
// string with the same value, semicolons, trailing commas, redundant parentheses, quotes around an
// object key that needs none (Prettier's quoteProps "as-needed"), the leading `|` Prettier and Biome
// give a union they break over lines (`v?:\n    | { … }\n    | string`); and what an import organizer
// and a linter's safe fixes change (`biome check --write`): the order of imports and of the names in
// one, a `let` never assigned again made `const` (code-meaning/module-order.ts, const-lets.ts, where
// the choice of what counts is argued). Compared by meaning
// (code-meaning.ts), not by text with those characters removed: a changed string, number or regex,
// parentheses that change what binds to what, or two tokens run together are an edit. A heuristic
// that only decides how check and build word a hand edit (one finding for a formatter run over the
// folder, not one per file), never whether it is reported; in doubt, the file counts as edited.
import { diagnosticAtLineStart } from "../load/diagnostic-at.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { codeMeaning } from "./code-meaning/code-meaning.js";

/** @example differsOnlyInFormatting('const a = "x";\n', "const a = 'x'\n") === true */
export function differsOnlyInFormatting(a: string, b: string): boolean {
  if (a === b) return false;
  const meaning = codeMeaning(a);
  return meaning !== undefined && meaning === codeMeaning(b);
}

/** A generated file a formatter rewrote, and the first line where it differs from what a build writes (firstDifferentLine). */
export interface ReformattedFile {
  readonly path: string;
  readonly line: number;
}

/**
 * What check and build say of generated files a formatter rewrote (generated-file-formatted): one
 * finding at the first file's first differing line, the others as related locations at theirs.
 * @example reformattedFinding([{ path: "src/generated/tools.ts", line: 3 }]).line === 3
 */
export function reformattedFinding(files: readonly ReformattedFile[]): Diagnostic {
  const [first, ...others] = files;
  if (!first) throw new Error("reformattedFinding needs a file; this is a bug in mcp-gen.");
  const which = others.length === 0 ? `${first.path} was reformatted` : `${files.length} generated files were reformatted`;
  return {
    ...diagnosticAtLineStart(first.path, first.line, {
      ruleId: "generated-file-formatted",
      severity: "error",
      message: `${which} since the last build: only whitespace, quotes, semicolons, commas, parentheses or a union's leading | differ, or the order of imports, or a \`let\` never assigned again made \`const\`, as when a formatter or linter runs over the generated folder.`,
      hint: REFORMATTED_HINT,
    }),
    ...(others.length > 0 ? { related: others.map((file) => ({ file: file.path, line: file.line, column: 1, message: "reformatted" })) } : {}),
  };
}

/**
 * The first line (from 1) where two texts of a file differ, line ends aside (CRLF is LF); one past
 * the shorter text's last line when one text is the other with lines added.
 * @example firstDifferentLine("a\nb\n", "a\nc\n") === 2
 */
export function firstDifferentLine(a: string, b: string): number {
  const left = a.replace(/\r\n/g, "\n").split("\n");
  const right = b.replace(/\r\n/g, "\n").split("\n");
  let i = 0;
  while (i < left.length && i < right.length && left[i] === right[i]) i++;
  return i + 1;
}

const REFORMATTED_HINT =
  "Keep formatters and linters off the generated folder and the lock (.prettierignore, ESLint's ignores, Biome's files.includes: see docs/ci.md, \"Formatters and linters\"), then run `mcp-gen build --force` to write the files again.";
