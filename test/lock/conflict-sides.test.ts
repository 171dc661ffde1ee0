// conflictSides (src/lock/conflict-sides.ts): each side of a file git left with conflict markers,
// and nothing for a file whose markers do not make well-formed hunks.
import { describe, expect, it } from "vitest";
import { conflictSides } from "../../src/lock/conflict-sides.js";

describe("conflictSides", () => {
  it("resolves every hunk to one side, the lines outside the hunks kept in both", () => {
    const text = '{\n<<<<<<< HEAD\n  "a": 1,\n=======\n  "a": 2,\n>>>>>>> main\n  "b": 3,\n<<<<<<< HEAD\n=======\n  "c": 4,\n>>>>>>> main\n}\n';
    expect(conflictSides(text)).toEqual(['{\n  "a": 1,\n  "b": 3,\n}\n', '{\n  "a": 2,\n  "b": 3,\n  "c": 4,\n}\n']);
  });

  it("gives the common base too, in diff3 style, and keeps CRLF line ends", () => {
    const text = "x\r\n<<<<<<< ours\r\no\r\n||||||| base\r\nb\r\n=======\r\nt\r\n>>>>>>> theirs\r\n";
    expect(conflictSides(text)).toEqual(["x\r\no\r\n", "x\r\nt\r\n", "x\r\nb\r\n"]);
  });

  it("gives nothing for a file with no hunk, an unclosed or nested hunk, or a marker out of place", () => {
    expect(conflictSides('{ "a": 1 }\n')).toEqual([]);
    expect(conflictSides("<<<<<<< HEAD\na\n=======\nb\n")).toEqual([]);
    expect(conflictSides("<<<<<<< HEAD\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n=======\nc\n>>>>>>> y\n")).toEqual([]);
    expect(conflictSides("a\n=======\nb\n")).toEqual([]);
    expect(conflictSides("<<<<<<< HEAD\na\n>>>>>>> x\n")).toEqual([]);
    // Seven characters and more on the line is text, not a marker.
    expect(conflictSides("<<<<<<<<\na\n")).toEqual([]);
    expect(conflictSides("<<<<<<< HEAD\n========\n=======\nb\n>>>>>>> x\n")).toEqual(["========\n", "b\n"]);
  });
});
