// JSON Pointer (RFC 6901) helpers. Pointers are the only way stages name a place in a document;
// `load/` turns them into file, line and column.

export function escapePointerToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

export function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function joinPointer(base: string, ...tokens: readonly (string | number)[]): string {
  let out = base;
  for (const token of tokens) out += "/" + escapePointerToken(String(token));
  return out;
}

/** Splits "/a/b~1c" into ["a", "b/c"]; "" (the root) gives []. */
export function splitPointer(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map(unescapePointerToken);
}

/** The pointer one level up; the root's parent is undefined. */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === "") return undefined;
  return pointer.slice(0, pointer.lastIndexOf("/"));
}

/** True when `pointer` is `prefix` itself or lies below it. */
export function isPointerWithin(pointer: string, prefix: string): boolean {
  return pointer === prefix || pointer.startsWith(prefix + "/") || prefix === "";
}
