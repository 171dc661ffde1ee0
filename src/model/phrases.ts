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
 * A count with English digit grouping, whatever the machine's locale: what
 * `n.toLocaleString("en-US")` gives for an integer, without loading ICU's locale data (about 20 ms,
 * paid by the first call of every command that printed a count). Other numbers as String gives them.
 * @example groupDigits(1223) // "1,223"
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}
