// `_meta` key format of MCP 2026-07-28 (basic/index.mdx § _meta; schema.json MetaObject), shared by the
// meta-key-* rules. In: one key. Out: its prefix labels and name, what breaks the format, and a
// conforming key close to it. Plain string functions; never throws.
import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { trimmedWhere } from "../model/trim-text.js";

const LABEL = "[A-Za-z](?:[A-Za-z0-9-]*[A-Za-z0-9])?";
const NAME = "(?:[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)?";
/** Optional prefix of dot-separated labels ending in "/", then a name that is empty or starts and ends alphanumeric. */
export const META_KEY_PATTERN = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*/)?${NAME}$`);

export interface MetaKeyParts {
  /** The labels of the prefix (the text before the first "/"); undefined when there is no "/". */
  readonly labels: readonly string[] | undefined;
  /** Everything after the first "/", or the whole key. */
  readonly name: string;
}

export function splitMetaKey(key: string): MetaKeyParts {
  const slash = key.indexOf("/");
  return slash < 0 ? { labels: undefined, name: key } : { labels: key.slice(0, slash).split("."), name: key.slice(slash + 1) };
}

/** Why `key` breaks the format, as the end of a sentence that starts with the quoted key; undefined when it conforms. */
export function metaKeyProblem(key: string): string | undefined {
  if (META_KEY_PATTERN.test(key)) return undefined;
  const { labels, name } = splitMetaKey(key);
  if (name.includes("/")) return `contains more than one "/", but only the prefix may end with one`;
  for (const label of labels ?? []) {
    if (label === "") return labels!.length === 1 ? `has an empty prefix before "/"` : `has an empty label in its prefix`;
    const bad = [...label].find((c) => !/[A-Za-z0-9-]/.test(c));
    if (bad !== undefined) return `has the prefix label ${quoteValue(label)}, which contains ${describeChar(bad)}; labels hold only letters, digits and "-"`;
    if (!/^[A-Za-z]/.test(label)) return `has the prefix label ${quoteValue(label)}, which does not start with a letter`;
    if (!/[A-Za-z0-9]$/.test(label)) return `has the prefix label ${quoteValue(label)}, which does not end with a letter or digit`;
  }
  const what = labels === undefined ? "" : ` has the name ${quoteValue(name)}, which`;
  const bad = [...name].find((c) => !/[A-Za-z0-9._-]/.test(c));
  if (bad !== undefined) return `${what} contains ${describeChar(bad)}; names hold only letters, digits, "-", "_" and "."`.trimStart();
  if (!/^[A-Za-z0-9]/.test(name)) return `${what} does not start with a letter or digit`.trimStart();
  return `${what} does not end with a letter or digit`.trimStart();
}

/** A conforming key close to `key`, or undefined when nothing usable (or nothing faithful) is left. */
export function suggestMetaKey(key: string): string | undefined {
  const { labels, name } = splitMetaKey(key);
  const fixedLabels = (labels ?? []).map((label) => trimmedWhere(ascii(label).replace(/[^A-Za-z0-9-]+/g, "-"), (c) => c === "-")).filter((label) => label !== "");
  // Dropping the digits of "1password" would name another domain: no suggestion then.
  if (fixedLabels.some((label) => /^[0-9]/.test(label))) return undefined;
  const fixedName = trimmedWhere(
    ascii(name)
      .replace(/\//g, ".")
      .replace(/[^A-Za-z0-9._-]+/g, "_"),
    (c) => !/[A-Za-z0-9]/.test(c),
  );
  const fixed = (fixedLabels.length > 0 ? fixedLabels.join(".") + "/" : "") + fixedName;
  return fixed !== "" && fixed !== key && META_KEY_PATTERN.test(fixed) ? fixed : undefined;
}

function ascii(text: string): string {
  return text.normalize("NFKD").replace(/[\u0300-\u036f\p{Cf}]/gu, "");
}

function describeChar(char: string): string {
  if (char === " ") return "a space";
  return quoteValue(char);
}
