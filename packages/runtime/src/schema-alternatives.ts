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
 * `$ref` followed, or undefined when the path does not name a `keyword` list there, or names one
 * that cannot be where the failed value is. ajv writes the path of a `$ref`'d subschema compiled on
 * its own relative to that subschema ("#/oneOf" for a value at /shape): read from the root it names
 * another list, so the path is only trusted when it leads, step by step, to `instancePath`.
 */
export function alternativesAt(schema: unknown, schemaPath: string, keyword: string, instancePath?: string): unknown[] | undefined {
  const tokens = pointerTokens(schemaPath);
  if (tokens === undefined || tokens[tokens.length - 1] !== keyword) return undefined;
  if (instancePath !== undefined && !leadsTo(tokens.slice(0, -1), instancePath)) return undefined;
  const list = at(schema, tokens);
  return Array.isArray(list) ? list.map((branch) => followRef(schema, branch)) : undefined;
}

/** Keywords whose subschema applies to the value itself: `name` takes the next token too. */
const IN_PLACE: Readonly<Record<string, { readonly name: boolean }>> = {
  allOf: { name: true },
  anyOf: { name: true },
  oneOf: { name: true },
  dependentSchemas: { name: true },
  not: { name: false },
  if: { name: false },
  then: { name: false },
  else: { name: false },
};

/** Keywords whose subschema applies to a member or element: `name` takes the next token too; `exact`: that token is the member's name. */
const ONE_DOWN: Readonly<Record<string, { readonly name: boolean; readonly exact: boolean }>> = {
  properties: { name: true, exact: true },
  patternProperties: { name: true, exact: false },
  prefixItems: { name: true, exact: true },
  additionalProperties: { name: false, exact: false },
  unevaluatedProperties: { name: false, exact: false },
  additionalItems: { name: false, exact: false },
  unevaluatedItems: { name: false, exact: false },
  contains: { name: false, exact: false },
};

/** Whether the schema path `tokens` from the root reaches the value at `instancePath` (ajv's "/shape/0"). */
function leadsTo(tokens: readonly string[], instancePath: string): boolean {
  const segments =
    instancePath === ""
      ? []
      : instancePath
          .slice(1)
          .split("/")
          .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const inPlace = Object.hasOwn(IN_PLACE, token) ? IN_PLACE[token] : undefined;
    if (inPlace !== undefined) {
      if (inPlace.name) i++;
      continue;
    }
    if (token === "items") {
      // Array-form items (draft-07): the next token is the element's index.
      const index = tokens[i + 1];
      if (index !== undefined && /^(0|[1-9][0-9]*)$/.test(index) && segments[depth] === index) i++;
      depth++;
      continue;
    }
    const down = Object.hasOwn(ONE_DOWN, token) ? ONE_DOWN[token] : undefined;
    if (down === undefined) return false;
    if (down.name) {
      const name = tokens[++i];
      if (name === undefined || (down.exact && segments[depth] !== name)) return false;
    }
    depth++;
  }
  return depth === segments.length;
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
