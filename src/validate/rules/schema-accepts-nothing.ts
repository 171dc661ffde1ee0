import { getOwn, isJsonObject, type JsonObject, type JsonValue } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import type { SchemaNode } from "../../model/schema-walk.js";
import { defineRule } from "../define-rule.js";
import { toolSchemas, walkSubschemas, type ToolSchema } from "../walk.js";
import { EVERY_KIND, NULL_KIND, refusesOnPurpose, schemaKinds, type KindLimit, type SchemaKinds } from "./schema-accepts-nothing/value-kinds.js";

export const schemaAcceptsNothing = defineRule({
  id: "schema-accepts-nothing",
  summary: "No schema's keywords exclude each other, so that no value could pass it.",
  description:
    "Every keyword of a schema applies to the same value, so keywords that allow no kind of value in common leave a " +
    'schema that refuses everything: `type: "null"` beside a `oneOf` of a string and an integer, a `type` that none of ' +
    "the `enum` values has, an `enum` or `const` whose every value fails the schema's own bounds (`enum: [0]` beside " +
    "`minimum: 1`), `minimum` above `maximum` for a number, a required property whose schema accepts nothing. " +
    "A tool cannot be called with such a property set (and, at the root of `inputSchema`, cannot be called at all), " +
    "while the schema reads as if it offered a choice; converters make it, for example from OpenAPI's `nullable` " +
    "(the GitHub REST tools' issues_create `milestone`). Only what is certain from the schema's own keywords is " +
    "reported: a `$ref`, `if`, a pattern, a format or `multipleOf` lets every value through here, and a `nullable: true` lets null " +
    "through, as ajv reads it. A `false` schema, or `not: {}`, where it is the whole schema, says so on purpose and is " +
    "not reported, except as a required property.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema is valid and the generated code works; the tool just cannot be given what the schema seems to offer.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 Core § 7.6 (Assertions); JSON Schema Validation 2020-12 § 6 (structural validation keywords)",
  checklist: [],
  check(tool, report, { memo }) {
    for (const schema of toolSchemas(tool)) {
      if (schema.dialect === undefined) continue;
      const nodes: SchemaNode[] = [];
      walkSubschemas(schema, memo, (node) => {
        nodes.push(node);
        return undefined;
      });
      const analysed = analyse(nodes, schema);
      for (const node of nodes) {
        // `false` and `not: {}` say so on purpose; required, they are the parent's finding.
        if (!isJsonObject(node.schema) || refusesOnPurpose(node.schema)) continue;
        const found = analysed.get(node.schema)!;
        if (found.kinds !== 0) continue;
        const own = found.limits.filter((limit) => !limit.fromEmptySubschema);
        // Empty only through a subschema that accepts nothing: reported there.
        if (own.reduce((kinds, limit) => kinds & limit.kinds, EVERY_KIND) !== 0) continue;
        const culprits = conflicting(own);
        report({
          pointer: joinPointer(node.pointer, culprits[0]!.keyword),
          target: "key",
          message: `This schema accepts no value: ${conflictText(culprits)}.${consequence(node, schema, analysed)}`,
          hint: hintFor(culprits),
        });
      }
    }
  },
});

/** Each object schema's kinds, from the leaves up (`nodes` in the walk's order, parents first). */
function analyse(nodes: readonly SchemaNode[], schema: ToolSchema): Map<JsonObject, SchemaKinds> {
  const analysed = new Map<JsonObject, SchemaKinds>();
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i]!.schema;
    if (isJsonObject(node) && !analysed.has(node))
      analysed.set(
        node,
        schemaKinds(node, schema.dialect!, (sub) => kindsOf(analysed, sub)),
      );
  }
  return analysed;
}

function kindsOf(analysed: ReadonlyMap<JsonObject, SchemaKinds>, schema: JsonValue | undefined): number {
  if (schema === false) return 0;
  return isJsonObject(schema) ? (analysed.get(schema)?.kinds ?? EVERY_KIND) : EVERY_KIND;
}

/** The fewest limits that let nothing through together: one, a pair, or all of them. */
function conflicting(limits: readonly KindLimit[]): readonly KindLimit[] {
  const alone = limits.find((limit) => limit.kinds === 0);
  if (alone) return [alone];
  for (const [i, first] of limits.entries()) {
    for (const second of limits.slice(i + 1)) if ((first.kinds & second.kinds) === 0) return [first, second];
  }
  return limits;
}

function conflictText(limits: readonly KindLimit[]): string {
  if (limits.length === 1) return limits[0]!.keyword === "allOf" ? `the branches of ${limits[0]!.label()} share no value` : `${limits[0]!.label()} lets nothing through`;
  const labels = limits.map((limit) => limit.label());
  return `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)} exclude each other`;
}

/**
 * Whether `node` accepting nothing leaves the whole schema accepting nothing: each schema on the way
 * up accepts nothing, and holds the one below as a required property, an allOf branch, or one of
 * anyOf's or oneOf's branches (all of which then accept nothing).
 */
function emptiesRoot(node: SchemaNode, analysed: ReadonlyMap<JsonObject, SchemaKinds>): boolean {
  for (let child = node, parent = node.parent; parent !== undefined; child = parent, parent = parent.parent) {
    if (kindsOf(analysed, parent.schema) !== 0 || !isJsonObject(parent.schema)) return false;
    if (child.keyword === "properties") {
      const required = getOwn(parent.schema, "required");
      if (!Array.isArray(required) || !required.includes(child.tokens[0] as string)) return false;
    } else if (!["allOf", "anyOf", "oneOf"].includes(child.keyword ?? "")) return false;
  }
  return true;
}

function consequence(node: SchemaNode, schema: ToolSchema, analysed: ReadonlyMap<JsonObject, SchemaKinds>): string {
  if (emptiesRoot(node, analysed)) {
    return schema.key === "inputSchema"
      ? " No arguments pass inputSchema, so every call of this tool fails validation."
      : " No result matches outputSchema, so every structured result of this tool fails validation.";
  }
  if (node.keyword === "properties" && typeof node.tokens[0] === "string") return ` Property ${JSON.stringify(node.tokens[0])} can never be given a value that passes.`;
  return "";
}

function hintFor(limits: readonly KindLimit[]): string {
  const type = limits.find((limit) => limit.keyword === "type" && limit.kinds === NULL_KIND);
  const choices = limits.find((limit) => ["oneOf", "anyOf", "enum", "const"].includes(limit.keyword));
  if (type && choices) {
    const add = choices.keyword === "enum" ? "add null to enum" : choices.keyword === "const" ? "write enum: [<the const>, null]" : `add { "type": "null" } to ${choices.keyword}`;
    return `If null is meant as one more choice, remove type: "null" and ${add} (OpenAPI's nullable, converted, often ends up as type: "null" beside the choices).`;
  }
  return "Widen or remove one of these keywords: as written, validation fails for every value here.";
}
