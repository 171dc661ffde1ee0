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

/**
 * "1,223": an integer with English digit grouping, whatever the machine's locale. Not
 * toLocaleString("en-US"): its first call loads the ICU number formatter (about 20 ms), which a
 * build that prints one summary line would pay for a comma.
 * @example groupDigits(1223) // "1,223"
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
