// Lays out the unformatted TypeScript that json-schema-to-typescript prints (format: false skips
// prettier, which costs more than the rest of type generation) as prettier would, in the style of
// the template code around it: two spaces per open brace, bracket or parenthesis, and a semicolon
// after each member of an interface or type literal and after each type alias. Brackets and line
// ends inside strings and comments count for nothing: a description or property name full of `;`,
// `{` or quotes changes neither.

/** What is open at a point of the code: each bracket, and whether a type alias statement is. */
interface Open {
  readonly brackets: string[];
  /** The top-level statement the line is in is a type alias (it ends with a semicolon). */
  typeAlias: boolean;
}

/** @example formatTypeScript("export interface A {\nb: string\n}\n") // "export interface A {\n  b: string;\n}\n" */
export function formatTypeScript(code: string, step = "  "): string {
  const open: Open = { brackets: [], typeAlias: false };
  let inBlockComment = false;
  const out: string[] = [];
  for (const rawLine of code.split("\n")) {
    const line = rawLine.trim();
    if (line === "") {
      if (out.length > 0 && out[out.length - 1] !== "") out.push("");
      continue;
    }
    if (!inBlockComment && open.brackets.length === 0) open.typeAlias = /^(?:export\s+)?(?:declare\s+)?type\s/.test(line);
    const depth = open.brackets.length;
    const scan = scanLine(line, inBlockComment, open.brackets);
    const lineDepth = Math.max(0, depth - scan.leadingCloses);
    const isCommentBody = inBlockComment || line.startsWith("*");
    const text = endsStatement(scan, open) ? `${line.slice(0, scan.codeEnd)};${line.slice(scan.codeEnd)}` : line;
    out.push(step.repeat(lineDepth) + (isCommentBody && line.startsWith("*") ? " " + text : text));
    inBlockComment = scan.endsInComment;
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.join("\n") + "\n";
}

/**
 * True when the line ends a member or a type alias: it has code, and it leaves nothing open that it
 * opened, directly inside a brace (interface or type literal members: json-schema-to-typescript
 * starts each on a line of its own) or at the end of a type alias.
 */
function endsStatement(scan: LineScan, open: Open): boolean {
  if (scan.codeEnd === 0 || scan.endsInComment || open.brackets.length > scan.lowest) return false;
  const top = open.brackets[open.brackets.length - 1];
  return top === undefined ? open.typeAlias : top === "{";
}

interface LineScan {
  /** Closing brackets before any other code on the line. */
  readonly leadingCloses: number;
  /** The fewest brackets open at any point of the line. */
  readonly lowest: number;
  /** Where the line's code ends (before a trailing comment); 0 for a line of comment only. */
  readonly codeEnd: number;
  readonly endsInComment: boolean;
}

/** Scans one trimmed line, opening and closing `brackets` as it goes. */
function scanLine(line: string, startsInComment: boolean, brackets: string[]): LineScan {
  let leadingCloses = 0;
  let lowest = brackets.length;
  let codeEnd = 0;
  let seenCode = false;
  let inComment = startsInComment;
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inComment) {
      // Doc comments are most of the text: jump to the comment's end, or past the line.
      const end = line.indexOf("*/", i);
      if (end === -1) break;
      inComment = false;
      i = end + 1;
      continue;
    }
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      codeEnd = i + 1;
      continue;
    }
    if (c === "/" && line[i + 1] === "*") {
      inComment = true;
      i++;
      continue;
    }
    if (c === "/" && line[i + 1] === "/") break;
    if (c === " ") continue;
    if (c === "}" || c === "]" || c === ")") {
      if (!seenCode) leadingCloses++;
      brackets.pop();
      lowest = Math.min(lowest, brackets.length);
    } else {
      seenCode = true;
      if (c === "{" || c === "[" || c === "(") brackets.push(c);
      else if (c === '"' || c === "'" || c === "`") quote = c;
    }
    codeEnd = i + 1;
  }
  return { leadingCloses, lowest, codeEnd, endsInComment: inComment };
}
