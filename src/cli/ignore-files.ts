// The lines that keep tools off mcp-gen's output: .gitattributes marks the generated folder and the
// lock linguist-generated (GitHub folds them in pull requests and leaves them out of language
// statistics), and .prettierignore keeps Prettier from reformatting them (check would report every
// file) and the tool descriptors (the lock records their bytes: formatted after a build, they would
// fail check until the next build, though no tool changed). ESLint's flat config and Biome's are code or JSON of the project's own: init names the
// entries for them instead of editing them. And the .gitignore lines of the project init scaffolds:
// what is installed or compiled, never the generated code or the lock, which are committed. Pure:
// init reads and writes the files.
import { PROJECT_LOCK_FILE } from "../incremental/project-lock.js";

/** Where a project's generated output is: Config.out and Config.lock. */
export interface OutputPaths {
  readonly out: string;
  readonly lock: string;
}

export interface IgnoreFile {
  readonly path: string;
  /** The lines the file should hold. */
  readonly lines: readonly string[];
  /** The comment above the lines added. */
  readonly header: string;
}

const HEADER = "# mcp-gen: generated code and the lock file, rewritten by `mcp-gen build`";

/**
 * `descriptors`: the folder init puts the tool descriptors in.
 * @example ignoreFiles({ out: "src/generated", lock: "mcp-tools.lock.json" }, "tools")[1].lines
 */
export function ignoreFiles(paths: OutputPaths, descriptors: string): IgnoreFile[] {
  return [
    { path: ".gitattributes", lines: [`${paths.out}/** linguist-generated=true`, `${paths.lock} linguist-generated=true`], header: HEADER },
    {
      path: ".prettierignore",
      lines: [`${paths.out}/`, paths.lock, `${descriptors}/`],
      header: "# mcp-gen: generated code and the lock file, rewritten by `mcp-gen build`; tool descriptors, whose bytes the lock records (format them before a build)",
    },
  ];
}

/**
 * What to add to ESLint's and Biome's configs, said in init's notes and docs/ci.md. Biome formats
 * YAML and JSON too, so it is kept off the descriptors (`descriptors`) as Prettier is.
 */
export function linterEntries(paths: OutputPaths, descriptors: string): { readonly eslint: string; readonly biome: string } {
  return {
    eslint: `{ ignores: [${JSON.stringify(`${paths.out}/`)}] }`,
    biome: `"files": { "includes": ["**", ${[paths.out, paths.lock, descriptors].map((path) => JSON.stringify(`!${path}`)).join(", ")}] }`,
  };
}

/**
 * The file's text with the lines it lacks added at the end under one comment, and those lines;
 * undefined when it has them all. Line ends follow the file's.
 * @example withLines("node_modules/\n", [".cache/"])?.text // "node_modules/\n\n# mcp-gen: ...\n.cache/\n"
 */
export function withLines(
  existing: string | undefined,
  lines: readonly string[],
  header = HEADER,
  present = (line: string) => line.trim(),
): { readonly text: string; readonly added: readonly string[] } | undefined {
  const text = existing ?? "";
  const have = new Set(text.split(/\r?\n/).map(present));
  const added = lines.filter((line) => !have.has(present(line)));
  if (added.length === 0) return undefined;
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const separator = text === "" ? "" : text.endsWith("\n") ? eol : `${eol}${eol}`;
  return { text: `${text}${separator}${[header, ...added].join(eol)}${eol}`, added };
}

/** What git should not track in the project init scaffolds: installed packages, compiled output, a running build's lock. */
export const GITIGNORE: IgnoreFile = {
  path: ".gitignore",
  lines: ["node_modules/", "dist/", PROJECT_LOCK_FILE],
  header: "# written by `mcp-gen init`: installed, compiled or transient, never committed",
};

/**
 * withLines for .gitignore, where `dist`, `dist/` and `/dist/` ignore the same folder at the root, so
 * any of them counts as present.
 * @example gitignoreLines("/node_modules\n", GITIGNORE.lines)?.added // ["dist/", ".mcp-gen.pid"]
 */
export function gitignoreLines(existing: string | undefined, lines: readonly string[]): ReturnType<typeof withLines> {
  return withLines(existing, lines, GITIGNORE.header, (line) => line.trim().replace(/^\/|\/$/g, ""));
}
