// The sides of a file that git left with merge-conflict markers: for each side (ours, theirs, and
// the common base that diff3 style adds), the text with every conflicted hunk resolved to that side.
// A lock with conflict markers is no lock, but each of its sides is one some build wrote: what they
// record is what mcp-gen generated on either branch (previous-lock.ts uses it to tell its own stale
// output from a file it never wrote).

/** A marker line: seven of the same character, then a space and a label or the end of the line. */
const MARKER = /^(<{7}|\|{7}|={7}|>{7})(?:[ \t].*)?$/;

/**
 * Each side's text, when `text` holds well-formed conflict hunks (each `<<<<<<<` closed by a
 * `>>>>>>>` after one `=======`, with at most one `|||||||` before it); else none.
 * @example conflictSides("a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> x\n") // ["a\nb\n", "a\nc\n"]
 */
export function conflictSides(text: string): string[] {
  const sides = { ours: [] as string[], base: [] as string[], theirs: [] as string[] };
  let hunks = 0;
  let withBase = false;
  // Where the line being read goes: outside any hunk (every side), or one side of the current hunk.
  let state: "outside" | "ours" | "base" | "theirs" = "outside";
  for (const line of text.split(/(?<=\n)/)) {
    const marker = MARKER.exec(line.replace(/\r?\n$/, ""))?.[1]?.[0];
    if (marker === "<" && state === "outside") {
      state = "ours";
      hunks++;
    } else if (marker === "|" && state === "ours") {
      state = "base";
      withBase = true;
    } else if (marker === "=" && (state === "ours" || state === "base")) {
      state = "theirs";
    } else if (marker === ">" && state === "theirs") {
      state = "outside";
    } else if (marker !== undefined) {
      return [];
    } else if (state === "outside") {
      for (const side of Object.values(sides)) side.push(line);
    } else {
      sides[state].push(line);
    }
  }
  if (hunks === 0 || state !== "outside") return [];
  const { ours, base, theirs } = sides;
  return (withBase ? [ours, theirs, base] : [ours, theirs]).map((lines) => lines.join(""));
}
