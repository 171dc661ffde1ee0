// Values and JSON Schema type names as words for messages: shared by the rules and by the schema
// compiler's meta-schema complaints.

/** "a string", "an object", "an integer or a null" for JSON Schema type names. */
export function typePhrase(types: string): string {
  return types
    .split(",")
    .map((t) => (/^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`))
    .join(" or ");
}

/** '"a", "b" or "c"' */
export function oneOfPhrase(values: readonly unknown[]): string {
  const shown = values.map((v) => JSON.stringify(v));
  return shown.length <= 1 ? shown.join("") : `${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}`;
}
