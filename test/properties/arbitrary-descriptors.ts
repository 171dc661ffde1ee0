// fast-check arbitraries for whole MCP tool descriptors that are valid but hostile: names from the
// full allowed alphabet (dots, dashes, leading digits, reserved words, __proto__, ..), and every text a
// descriptor carries drawn from arbitrary Unicode with the characters that break generated code.
import fc from "fast-check";
import { assignToolNames } from "../../src/emit/names.js";

/** Characters and fragments that break strings, comments, templates and terminals. */
const NASTY = [
  "*/",
  "/*",
  "`",
  "${",
  "\\",
  '"',
  "'",
  "\u2028",
  "\u2029",
  "\0",
  "\r\n",
  "\n",
  "<!--",
  "-->",
  "\u202e",
  "\u2066",
  "\ud800",
  "\udfff",
  "@param",
  "</script>",
  "é",
  "😀",
  "\t",
  "\u200b",
  "{{",
  "}}",
];

export const hostileText = fc.oneof(
  { weight: 2, arbitrary: fc.array(fc.oneof(fc.constantFrom(...NASTY), fc.string({ maxLength: 4 })), { maxLength: 8 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 24 }) },
);

// `then` and `toJSON` are what `await` and JSON.stringify look for on any object.
const NAME_SPECIALS = [
  "__proto__",
  "constructor",
  "prototype",
  "class",
  "default",
  "new",
  "await",
  "..",
  ".",
  "CON",
  "nul",
  "2fa_reset",
  "toString",
  "to_string",
  "value_of",
  "then",
  "toJSON",
  "-",
  "_",
  "A",
  "a",
];

/** Tool names that MCP allows: 1-128 of [A-Za-z0-9_.-]. */
export const toolName = fc.oneof(fc.constantFrom(...NAME_SPECIALS), fc.stringMatching(/^[A-Za-z0-9_.-]{1,24}$/));

/** Property names: anything at all, including keys that name JavaScript internals. */
export const propertyName = fc.oneof(
  hostileText.filter((s) => s.length > 0),
  fc.constantFrom("__proto__", "constructor", "hasOwnProperty", "$ref", "properties", "type", "x-mcp-header", "fill-opacity", "StartTime<", "{{userName}}"),
);

type Schema = Record<string, unknown>;

/**
 * An object as data (an enum member, a const), whose members may be named like the ones code takes
 * for its own: `hasOwnProperty` (json-schema-to-typescript calls it on every object), `$ref` (its ref
 * parser dereferences any object that has one), `__proto__`. With Object's prototype, as JSON.parse
 * makes every object a server or client sees (the test also hands them to the validators as they are).
 */
const dataObject = fc.dictionary(propertyName, fc.oneof(hostileText, fc.integer({ min: -3, max: 3 }), fc.constant(null)), { maxKeys: 3, noNullPrototype: true });

const leafSchema: fc.Arbitrary<Schema> = fc.oneof(
  fc.record({ type: fc.constant("string"), description: hostileText }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("string"), enum: fc.uniqueArray(hostileText, { minLength: 1, maxLength: 4 }) }),
  fc.record({ type: fc.constantFrom("integer", "number"), minimum: fc.integer({ min: -5, max: 0 }), default: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: ["type"] }),
  fc.record({ type: fc.constant("boolean"), title: hostileText }, { requiredKeys: ["type"] }),
  fc.record({ const: hostileText }),
  fc.record({ type: fc.constant(["string", "null"]) }),
  fc.record({ enum: fc.uniqueArray(dataObject, { minLength: 1, maxLength: 3, selector: (value) => JSON.stringify(value) }) }),
  fc.record({ const: dataObject }),
);

/** Schemas of every shape, nesting objects, arrays and unions a few levels deep. */
export const schema: fc.Arbitrary<Schema> = fc.letrec<{ node: Schema }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafSchema,
    fc.record({ type: fc.constant("array"), items: tie("node") }),
    fc.record({ anyOf: fc.array(tie("node"), { minLength: 1, maxLength: 3 }) }),
    objectSchema(tie("node")),
  ),
})).node;

function objectSchema(child: fc.Arbitrary<Schema>): fc.Arbitrary<Schema> {
  return fc
    .record({
      properties: fc.dictionary(propertyName, child, { maxKeys: 4 }),
      description: hostileText,
      additionalProperties: fc.boolean(),
    })
    .map(({ properties, description, additionalProperties }) => {
      const names = Object.keys(properties);
      const out: Schema = { type: "object", description, properties, additionalProperties };
      if (names.length > 0) out.required = [names[0]];
      return out;
    });
}

/** A recursive $defs tree, to exercise recursion through properties. */
const recursiveInput = fc.constant<Schema>({
  type: "object",
  properties: { root: { $ref: "#/$defs/node" } },
  $defs: { node: { type: "object", properties: { label: { type: "string" }, children: { type: "array", items: { $ref: "#/$defs/node" } } } } },
});

export const inputSchema: fc.Arbitrary<Schema> = fc.oneof(objectSchema(schema), recursiveInput);

export const outputSchema: fc.Arbitrary<Schema | undefined> = fc.option(fc.oneof(schema, objectSchema(schema)), { nil: undefined });

export interface ArbitraryTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: Schema;
  readonly outputSchema?: Schema;
  readonly annotations?: Record<string, unknown>;
}

function toolWith(name: fc.Arbitrary<string>): fc.Arbitrary<ArbitraryTool> {
  return fc
    .record({
      name,
      title: fc.option(hostileText, { nil: undefined }),
      description: hostileText.map((d) => `Tool. ${d}`),
      inputSchema,
      outputSchema,
      annotations: fc.option(fc.record({ title: hostileText, readOnlyHint: fc.boolean() }), { nil: undefined }),
    })
    .map((t) => {
      const out: Record<string, unknown> = { name: t.name, description: t.description, inputSchema: t.inputSchema };
      if (t.title !== undefined) out.title = t.title;
      if (t.outputSchema !== undefined) out.outputSchema = t.outputSchema;
      if (t.annotations !== undefined) out.annotations = t.annotations;
      return out as unknown as ArbitraryTool;
    });
}

export const tool: fc.Arbitrary<ArbitraryTool> = toolWith(toolName);

/** A project: tools with distinct names. */
export const toolSet = fc.uniqueArray(tool, { minLength: 1, maxLength: 12, selector: (t) => t.name });

const TYPE_SUFFIXES = ["Types", "Arguments", "Result", "Inputs"];

/**
 * Tool names that map onto `declared` (names generated code declares): each as it is, in snake_case
 * (`listTools` → `list_tools`), and without a type suffix or `Tool` (`ToolTypes` → `Tool`).
 */
function namesOnto(declared: readonly string[]): string[] {
  const forms = declared.flatMap((name) => [
    name,
    name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/^_/, ""),
    ...[...TYPE_SUFFIXES, "Tool"].filter((suffix) => name.endsWith(suffix) && name !== suffix).map((suffix) => name.slice(0, -suffix.length)),
  ]);
  return [...new Set(forms)].filter((name) => /^[A-Za-z0-9_.-]{1,128}$/.test(name)).sort();
}

/**
 * A project whose tool names are drawn also from `declared` (the names the generated code declares
 * itself), and whose input schemas may carry a `title` or `$defs` key naming one of those, or one of
 * the tool's own types (`${pascal}Result`), which json-schema-to-typescript would declare too.
 */
export function toolSetOnto(declared: readonly string[]): fc.Arbitrary<ArbitraryTool[]> {
  const names = fc.oneof(toolName, fc.constantFrom(...namesOnto(declared)));
  const tools = fc.uniqueArray(toolWith(names), { minLength: 1, maxLength: 12, selector: (t) => t.name });
  return tools.chain((set) => {
    const assigned = assignToolNames(set.map((t) => t.name));
    return fc.tuple(...set.map((t, i) => withTypeName(t, [...declared, ...TYPE_SUFFIXES.map((suffix) => `${assigned[i]!.pascal}${suffix}`)])));
  });
}

/** The tool as it is, or with an input property whose type json-schema-to-typescript names after one of `typeNames`. */
function withTypeName(t: ArbitraryTool, typeNames: readonly string[]): fc.Arbitrary<ArbitraryTool> {
  const probe = fc.tuple(fc.constantFrom(...typeNames), fc.boolean(), fc.boolean()).map(([typeName, asDefinition, withAllOf]) => {
    const input = t.inputSchema as Schema & { properties: Schema; $defs?: Schema };
    const defs: Schema = { ...input.$defs };
    const property: Schema = asDefinition ? { $ref: `#/$defs/${typeName}` } : { title: typeName, type: "object", properties: { n: { type: "integer" } } };
    if (asDefinition) defs[typeName] = { type: "object", properties: { n: { type: "integer" } } };
    const inputSchema: Schema = { ...input, properties: { ...input.properties, mcp_gen_probe: property }, ...(asDefinition ? { $defs: defs } : {}) };
    // properties beside allOf: json-schema-to-typescript names an intersection it makes, not the schema.
    if (withAllOf) inputSchema.allOf = [{ type: "object" }];
    return { ...t, inputSchema } as ArbitraryTool;
  });
  return fc.oneof(fc.constant(t), probe);
}
