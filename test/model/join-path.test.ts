// joinPath is posix.join with a shortcut for folders in normal form: the same string for every input.
import { posix } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { joinPath } from "../../src/model/join-path.js";

/** Segments that make posix.join normalise: empty, ".", "..", "...", dotted names, spaces. */
const segment = fc.constantFrom("", ".", "..", "...", ".x", "x.", "src", "handlers", "a b", "é", "get-user.ts", "..ts");
const path = fc.array(segment, { maxLength: 5 }).map((parts) => parts.join("/"));
const rooted = fc.tuple(fc.constantFrom("", "/", "//", "./"), path, fc.constantFrom("", "/")).map(([a, b, c]) => a + b + c);

describe("joinPath", () => {
  it("gives posix.join's answer for the folders and names of a project", () => {
    for (const [folder, name] of [
      ["src/handlers", "get-user.ts"],
      ["test/tools", "get-user.test.ts"],
      ["/abs/src", "x.ts"],
      [".", "x.ts"],
      ["", "x.ts"],
      ["src/", "x.ts"],
      ["src//handlers", "x.ts"],
      ["src/./handlers", "x.ts"],
      ["src/../handlers", "x.ts"],
      ["..", "x.ts"],
      ["../up", "x.ts"],
      ["src", ".."],
      ["src", "."],
      ["src", "a/../b.ts"],
      ["src", ""],
      ["/", "x.ts"],
    ] as const) {
      expect(joinPath(folder, name), `${folder} + ${name}`).toBe(posix.join(folder, name));
    }
  });

  it("gives posix.join's answer for arbitrary folders and names (property)", () => {
    fc.assert(
      fc.property(rooted, rooted, (folder, name) => {
        expect(joinPath(folder, name)).toBe(posix.join(folder, name));
      }),
      { numRuns: 2000 },
    );
  });
});
