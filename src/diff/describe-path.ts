// Where in a tool's arguments or result a schema change is, in words: `Argument "location.city"`,
// `Output field "items[].id"`, `The arguments object`.

/**
 * A step from a schema node to a child: a property name, "[]" for array items (those past a tuple's
 * positions, when it has some), an index for one tuple position, "*" for other properties.
 */
export type PathStep = { readonly property: string } | { readonly index: number } | "[]" | "*";

export type Direction = "input" | "output";

/** `location.city`, `tags[]`, `pair[0]`, `filters.*`, `["odd name"]`. */
export function formatPath(path: readonly PathStep[]): string {
  let out = "";
  for (const step of path) {
    if (step === "[]") out += "[]";
    else if (step === "*") out += out === "" ? "*" : ".*";
    else if ("index" in step) out += `[${step.index}]`;
    else if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(step.property)) out += out === "" ? step.property : `.${step.property}`;
    else out += `[${JSON.stringify(step.property)}]`;
  }
  return out;
}

/**
 * The subject of a sentence about the node at `path`: always singular, as every sentence goes on in
 * the singular ("… lost its "x" keyword", "… no longer accepts …").
 */
export function subject(direction: Direction, path: readonly PathStep[]): string {
  if (path.length === 0) return direction === "input" ? "The arguments object" : "The structured result";
  return `${direction === "input" ? "Argument" : "Output field"} ${JSON.stringify(formatPath(path))}`;
}
