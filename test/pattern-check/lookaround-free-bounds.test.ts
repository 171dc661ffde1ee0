// The lookaround-free patterns that bound a pattern's backtracking (src/pattern-check/lookaround-free-bounds.ts):
// lookarounds become empty groups and searches of their own (anchored only right after a leading
// `^`, reversed for a lookbehind), back-references become their group's pattern, and a search that
// lost either ends with `[]`, so that its bound fails where the search may and is searched in full.
import { describe, expect, it } from "vitest";
import { lookaroundFreeBounds } from "../../src/pattern-check/lookaround-free-bounds.js";

describe("lookaroundFreeBounds", () => {
  it("puts an empty group for each lookaround and checks its body on its own, anchored right after a leading ^", () => {
    expect(lookaroundFreeBounds("^(?!.*(\\w)\\1)(?:[a-z]+)+$")).toEqual(["(?:^(?:)(?:[a-z]+)+$)[]", "(?:^(?:.*(?:\\w)(?:\\w)))[]"]);
    expect(lookaroundFreeBounds("a(?=b+c)d")).toEqual(["(?:a(?:)d)[]", "b+c"]);
  });

  it("reverses a lookbehind's body, which the engine matches backwards, and searches nested lookarounds anywhere", () => {
    expect(lookaroundFreeBounds("x(?<=^ab+(?=c))")).toEqual(["(?:x(?:))[]", "(?:(?:)b+a$)[]", "c"]);
  });

  it("reads a positive lookbehind that opens the pattern forwards in its place: it decides where a search starts", () => {
    expect(lookaroundFreeBounds("(?<=@)[a-z]+\\.com$")).toEqual(["(?:(?:@)[a-z]+\\.com$)[]", "@"]);
    expect(lookaroundFreeBounds("(?<!@)[a-z]+$|b(?<=b)")).toEqual(["(?:(?:)[a-z]+$|b(?:))[]", "@", "b"]);
  });

  it("ends a bound with [] only for a back-reference that can match more than one of a few literal strings its group matched", () => {
    // The published field list: its lookahead's body keeps its ending, the rest lost the lookahead.
    expect(lookaroundFreeBounds("^(?!.*\\b(id|name)\\b.*\\b\\1\\b)(?:id|name)(?:,(?:id|name))*$")).toEqual(["(?:^(?:)(?:id|name)(?:,(?:id|name))*$)[]", "^(?:.*\\b(?:id|name)\\b.*\\b(?:id|name)\\b)"]);
    // Backwards in a lookbehind, where the group must come last to be matched first.
    expect(lookaroundFreeBounds("(?<=\\1(a|b))x")).toEqual(["(?:(?:(?:a|b)(?:a|b))x)[]", "(?:a|b)(?:a|b)"]);
    expect(lookaroundFreeBounds("(?<=(a|b)\\1)x")).toEqual(["(?:(?:(?:a|b)(?:a|b))x)[]", "(?:(?:a|b)(?:a|b))[]"]);
    // In another alternative, before the group or in a loop, it matches something else.
    expect(lookaroundFreeBounds("(a)|\\1b")).toEqual(["(?:(?:a)|(?:a)b)[]"]);
    expect(lookaroundFreeBounds("(a|b)+\\1")).toEqual(["(?:(?:a|b)+(?:a|b))[]"]);
  });

  it("expands a back-reference into its group's pattern, and to nothing inside its own group or a loop", () => {
    expect(lookaroundFreeBounds("^(?<q>['\"]).*\\k<q>$")).toEqual(["^(?:['\"]).*(?:['\"])$"]);
    expect(lookaroundFreeBounds("(a\\1)")).toEqual(["(?:(?:a(?:)))[]"]);
    expect(lookaroundFreeBounds("(a\\2)(b\\1)")).toEqual(["(?:(?:a(?:b(?:a(?:))))(?:b(?:a(?:b(?:)))))[]"]);
  });

  it("writes a count over 30, which the checker's automaton does not unroll, as * or +", () => {
    expect(lookaroundFreeBounds("^(?!-)[a-z]{1,63}(?:\\.[a-z]{0,63}?){2,3}(?<!-)$")).toEqual(["(?:^(?:)[a-z]+(?:\\.[a-z]*?){2,3}(?:)$)[]", "^(?:-)", "-"]);
  });

  it("ends a search that lost a lookaround or a back-reference with [], which never matches: its bound is searched in full", () => {
    // The skeleton (?:\w)(?:)\w*(?:) matches at the first letter, so the checker finds it linear,
    // yet the pattern fails at every position of 'ab'.repeat(n) and takes quadratic time.
    expect(lookaroundFreeBounds("(\\w)(?!\\1)\\w*(?=!)")).toEqual(["(?:(?:\\w)(?:)\\w*(?:))[]", "(?:(?:\\w))[]", "!"]);
    expect(lookaroundFreeBounds("(.).*\\1")).toEqual(["(?:(?:.).*(?:.))[]"]);
  });

  it("gives up on a pattern that does not parse or whose bounds grow too long", () => {
    expect(lookaroundFreeBounds("(")).toBeUndefined();
    const doubling = `(a{1,9})${Array.from({ length: 16 }, (_, i) => `(\\${i + 1}\\${i + 1})`).join("")}`;
    expect(lookaroundFreeBounds(doubling)).toBeUndefined();
  });
});
