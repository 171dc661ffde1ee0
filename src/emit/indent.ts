// Re-indents the unformatted TypeScript that json-schema-to-typescript prints (format: false skips
// prettier, which costs more than the rest of type generation): two spaces per open brace, bracket
// or parenthesis, ignoring those inside strings and comments.

export function indentTypeScript(code: string, step = "  "): string {
  let depth = 0;
  let inBlockComment = false;
  const out: string[] = [];
  for (const rawLine of code.split("\n")) {
    const line = rawLine.trim();
    if (line === "") {
      if (out.length > 0 && out[out.length - 1] !== "") out.push("");
      continue;
    }
    const { opens, leadingCloses, closes, endsInComment } = scanLine(line, inBlockComment);
    const lineDepth = Math.max(0, depth - leadingCloses);
    const isCommentBody = inBlockComment || line.startsWith("*");
    out.push(step.repeat(lineDepth) + (isCommentBody && line.startsWith("*") ? " " + line : line));
    depth = Math.max(0, depth + opens - closes);
    inBlockComment = endsInComment;
  }
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out.join("\n") + "\n";
}

function scanLine(line: string, startsInComment: boolean) {
  let opens = 0;
  let closes = 0;
  let leadingCloses = 0;
  let seenCode = false;
  let inComment = startsInComment;
  let quote = "";
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (inComment) {
      if (c === "*" && line[i + 1] === "/") {
        inComment = false;
        i++;
      }
      continue;
    }
    if (quote !== "") {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
      continue;
    }
    if (c === "/" && line[i + 1] === "*") {
      inComment = true;
      i++;
    } else if (c === "/" && line[i + 1] === "/") {
      break;
    } else if (c === '"' || c === "'" || c === "`") {
      quote = c;
      seenCode = true;
    } else if (c === "{" || c === "[" || c === "(") {
      opens++;
      seenCode = true;
    } else if (c === "}" || c === "]" || c === ")") {
      if (!seenCode) leadingCloses++;
      closes++;
    } else if (c !== " ") {
      seenCode = true;
    }
  }
  return { opens, closes, leadingCloses, endsInComment: inComment };
}
