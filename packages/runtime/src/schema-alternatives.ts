// The alternatives of a failed oneOf/anyOf, read from the schema that was checked, and the one a
// `const` discriminator picks ({ kind: "rect" } picks the alternative whose kind is const "rect").
// Only plain JSON is read, and only after a validation failed. Dependency-free.

type Schema = Readonly<Record<string, unknown>>;

const isSchema = (value: unknown): value is Schema => value !== null && typeof value === "object" && !Array.isArray(value);

/** The schema a JSON Pointer names inside `root` ("" is the root), or undefined. */
function at(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const token of tokens) {
    if (node === null || typeof node !== "object" || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A same-document `$ref` ("#/$defs/Rect") followed, a few steps at most (a cycle stops). */
function followRef(root: unknown, schema: unknown): unknown {
  let node = schema;
  for (let step = 0; step < 8 && isSchema(node) && typeof node["$ref"] === "string" && node["$ref"].startsWith("#"); step++) {
    const tokens = pointerTokens(node["$ref"]);
    if (tokens === undefined) return undefined;
    node = at(root, tokens);
  }
  return node;
}

/** The tokens of a URI-fragment JSON Pointer ("#/properties/a%20b"), or undefined when it is not one. */
function pointerTokens(fragment: string): string[] | undefined {
  if (fragment === "#") return [];
  if (!fragment.startsWith("#/")) return undefined;
  try {
    return fragment
      .slice(2)
      .split("/")
      .map((t) => decodeURIComponent(t).replace(/~1/g, "/").replace(/~0/g, "~"));
  } catch {
    return undefined;
  }
}

/**
 * The alternatives at `schemaPath` (ajv's "#/properties/shape/oneOf") in `schema`, each with its
 * `$ref` followed, or undefined when the path does not name a `keyword` list there. ajv writes the
 * path of a `$ref`'d subschema compiled on its own relative to that subschema, so a caller checks
 * the count against the errors before trusting it.
 */
export function alternativesAt(schema: unknown, schemaPath: string, keyword: string): unknown[] | undefined {
  const tokens = pointerTokens(schemaPath);
  if (tokens === undefined || tokens[tokens.length - 1] !== keyword) return undefined;
  const list = at(schema, tokens);
  return Array.isArray(list) ? list.map((branch) => followRef(schema, branch)) : undefined;
}

/** A discriminator: the property whose `const` differs in every alternative, and those values. */
export interface Discriminator {
  readonly property: string;
  readonly values: readonly unknown[];
}

/** The `const` (or one-member `enum`) of an alternative's `property`, or undefined. */
function constOf(branch: unknown, property: string): { readonly value: unknown } | undefined {
  if (!isSchema(branch) || !isSchema(branch["properties"])) return undefined;
  const member = branch["properties"][property];
  if (!isSchema(member)) return undefined;
  if (Object.hasOwn(member, "const")) return { value: member["const"] };
  return Array.isArray(member["enum"]) && member["enum"].length === 1 ? { value: member["enum"][0] } : undefined;
}

const isPrimitive = (value: unknown) => value === null || ["string", "number", "boolean"].includes(typeof value);

/**
 * The first property (in the first alternative's order) that every alternative pins to a distinct
 * primitive `const`, or undefined.
 * @example findDiscriminator([circle, rect]) // { property: "kind", values: ["circle", "rect"] }
 */
export function findDiscriminator(alternatives: readonly unknown[]): Discriminator | undefined {
  const first = alternatives[0];
  if (alternatives.length < 2 || !isSchema(first) || !isSchema(first["properties"])) return undefined;
  for (const property of Object.keys(first["properties"])) {
    const values = alternatives.map((branch) => constOf(branch, property));
    if (values.some((v) => v === undefined || !isPrimitive(v.value))) continue;
    const plain = values.map((v) => v!.value);
    if (new Set(plain).size === plain.length) return { property, values: plain };
  }
  return undefined;
}
