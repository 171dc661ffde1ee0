// "CMD ARGS" (the --command option) → the program and its arguments, split the way a POSIX shell
// splits words: spaces separate, '…' and "…" quote, a backslash escapes the next character (inside
// "…" only before " \ $ `). Nothing is expanded and no shell ever runs, so `;`, `|`, `$HOME` and
// globs reach the program as plain text.

export type SplitCommand = { readonly ok: true; readonly command: string; readonly args: readonly string[] } | { readonly ok: false; readonly message: string };

/**
 * @example splitCommand(`npx -y "@scope/server" --root '/tmp/my dir'`)
 * // { ok: true, command: "npx", args: ["-y", "@scope/server", "--root", "/tmp/my dir"] }
 */
export function splitCommand(text: string): SplitCommand {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote === "'") {
      if (c === "'") quote = undefined;
      else word += c;
    } else if (quote === '"') {
      if (c === '"') quote = undefined;
      else if (c === "\\" && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) word += text[++i];
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 >= text.length) return { ok: false, message: "--command ends with a lone backslash." };
      word += text[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (quote) return { ok: false, message: `--command has an unclosed ${quote} quote.` };
  if (inWord) words.push(word);
  const [command, ...args] = words;
  if (command === undefined || command === "") return { ok: false, message: '--command is empty; give the program to start and its arguments, for example --command "node dist/stdio.js".' };
  return { ok: true, command, args };
}
