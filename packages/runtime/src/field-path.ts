// JSON Pointers of validation errors (ajv's instancePath, "/shape/0/kind") as the field names that
// messages show ("shape[0].kind"), and the checked value found at one. Dependency-free.

/**
 * The member names and indexes of an instance path, unescaped.
 * @example instanceTokens("/days/0") // ["days", "0"]
 */
export function instanceTokens(instancePath: string): string[] {
  return instancePath === ""
    ? []
    : instancePath
        .slice(1)
        .split("/")
        .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

/**
 * The field at `instancePath` (and its `child`, when given), or `root` for the value itself.
 * @example fieldPath("the arguments", "/days/0", "high") === "days[0].high"
 */
export function fieldPath(root: string, instancePath: string, child?: unknown): string {
  const tokens = instanceTokens(instancePath);
  if (child !== undefined) tokens.push(String(child));
  return tokens.length === 0
    ? root
    : tokens
        .map((t) => (/^\d+$/.test(t) ? `[${t}]` : t))
        .join(".")
        .replace(/\.\[/g, "[");
}

/**
 * What `value` holds at `instancePath` (own members only), or undefined.
 * @example valueAtPath({ shape: { kind: "rect" } }, "/shape") // { kind: "rect" }
 */
export function valueAtPath(value: unknown, instancePath: string): unknown {
  let at = value;
  for (const token of instanceTokens(instancePath)) {
    if (at === null || typeof at !== "object" || !Object.hasOwn(at, token)) return undefined;
    at = (at as Record<string, unknown>)[token];
  }
  return at;
}
