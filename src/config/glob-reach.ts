// Whether a `tools` glob can match a given file, or a file in a given folder, for the config checks
// (out must not lie where descriptors are looked for, the lock must not be a descriptor). Decided on
// the paths alone, before any file is searched, and erring one way only: "cannot" is said only when
// no file could match, so a pattern with syntax this does not follow (character classes, extglobs,
// a brace holding a "/") counts as able to match.
import { posix } from "node:path";

/** Syntax in a path segment that segmentMayMatch does not follow. */
const UNFOLLOWED = /[[\]()!+@\\]/;

/**
 * Whether `pattern` may match the file at `path` (project paths with "/"); false for a negation.
 * @example mayMatchFile("tools/**\/*.yaml", "tools/a/echo.yaml") === true
 */
export function mayMatchFile(pattern: string, path: string): boolean {
  const segments = patternSegments(pattern);
  return segments !== undefined && (segments === "any" || matchSegments(segments, path.split("/"), false));
}

/**
 * Whether `pattern` may match some file inside the folder `folder` (at any depth); false for a negation.
 * @example mayMatchBelow("tools/**\/*.yaml", "tools/gen") === true
 */
export function mayMatchBelow(pattern: string, folder: string): boolean {
  const segments = patternSegments(pattern);
  return segments !== undefined && (segments === "any" || matchSegments(segments, folder.split("/"), true));
}

/** The pattern's segments ("./" dropped); undefined for a negation, "any" for a brace holding "/". */
function patternSegments(pattern: string): string[] | "any" | undefined {
  if (pattern.startsWith("!")) return undefined;
  if (/\{[^}]*\//.test(pattern)) return "any";
  return posix.normalize(pattern).split("/");
}

/** Whether `pattern` segments may match `path` segments: the whole of a file's path, or a folder's path and then anything. */
function matchSegments(pattern: readonly string[], path: readonly string[], folder: boolean): boolean {
  if (path.length === 0) return folder ? pattern.length > 0 : pattern.every((segment) => segment === "**");
  if (pattern.length === 0) return false;
  const [first, ...rest] = pattern;
  if (first === "**") return matchSegments(rest, path, folder) || matchSegments(pattern, path.slice(1), folder);
  return segmentMayMatch(first!, path[0]!) && matchSegments(rest, path.slice(1), folder);
}

/** Whether one glob segment (`*`, `?`, `{a,b}` and literals followed) may match the name `name`. */
function segmentMayMatch(glob: string, name: string): boolean {
  // Nested or unbalanced braces are not followed either.
  if (UNFOLLOWED.test(glob) || /\{[^}]*\{/.test(glob) || glob.split("{").length !== glob.split("}").length) return true;
  const source = glob.replace(/\{([^{}]*)\}|[^{]+/g, (token, alternatives: string | undefined) =>
    alternatives === undefined ? wildcardSource(token) : `(?:${alternatives.split(",").map(wildcardSource).join("|")})`,
  );
  return new RegExp(`^${source}$`, "s").test(name);
}

/** A regular expression's source for text with `*` and `?` wildcards (within one segment). */
function wildcardSource(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === "*" ? ".*" : c === "?" ? "." : `\\${c}`));
}
