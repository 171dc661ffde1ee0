// Arguments for test scaffolds: the descriptor's own `x-mcp-gen.examples`, or the value derived from
// inputSchema when it has none (compile/schema-samples.ts, checked with the real validator), written
// so that TypeScript accepts them as the tool's arguments type.
import { OBJECT_MEMBERS, type ScaffoldSamples } from "../compile/schema-samples.js";
import { getOwn, isJsonObject, valueAt, type JsonObject, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";

export interface ScaffoldExample {
  readonly title: string;
  readonly arguments: JsonValue;
  readonly result: JsonValue | undefined;
}

/** The descriptor's examples, or the one derived from the schema (ScaffoldSamples.derived). */
export function scaffoldExamples(authoring: JsonValue | undefined, samples: ScaffoldSamples): ScaffoldExample[] {
  const declared = getOwn(authoring, "examples");
  if (Array.isArray(declared) && declared.length > 0) {
    return declared.filter(isJsonObject).map((example, i) => ({
      title: typeof example.name === "string" ? example.name : `example ${i + 1}`,
      arguments: example.arguments ?? {},
      result: example.result,
    }));
  }
  return samples.derived !== undefined ? [{ title: "accepts arguments derived from its inputSchema", arguments: samples.derived, result: undefined }] : [];
}

/**
 * Arguments as a scaffold writes them: every optional property named like a member of `Object`
 * (OBJECT_MEMBERS) that the value leaves out is spelled out as `undefined`, in every object that
 * the arguments type reaches through properties, items, prefixItems, allOf, anyOf, oneOf and local
 * `$ref`s. TypeScript then accepts the literal, the client's validator reads the member as absent,
 * and JSON leaves it out on the wire: the tool gets exactly the example's arguments.
 * @example spellOutObjectMembers({ a: 1 }, { properties: { a: {}, constructor: { type: "string" } } }) // { a: 1, constructor: undefined }
 */
export function spellOutObjectMembers(value: JsonValue, schema: JsonValue, root: JsonValue = schema): unknown {
  return spellOut(value, applicableSchemas(schema, root), root, 0);
}

function spellOut(value: JsonValue, schemas: readonly JsonObject[], root: JsonValue, depth: number): unknown {
  if (depth > 32 || schemas.length === 0) return value;
  if (Array.isArray(value)) {
    return value.map((item, i) => {
      const itemSchemas = schemas.flatMap((schema) => {
        const prefix = getOwn(schema, "prefixItems");
        const items = getOwn(schema, "items");
        const positional = Array.isArray(prefix) ? prefix[i] : Array.isArray(items) ? items[i] : undefined;
        return applicableSchemas(positional ?? (Array.isArray(items) ? undefined : items), root);
      });
      return spellOut(item, itemSchemas, root, depth + 1);
    });
  }
  if (!isJsonObject(value)) return value;
  const out: Record<string, unknown> = {};
  const put = (key: string, member: unknown) => Object.defineProperty(out, key, { value: member, enumerable: true, writable: true, configurable: true });
  for (const key of Object.keys(value)) {
    const propertySchemas = schemas.flatMap((schema) => applicableSchemas(getOwn(getOwn(schema, "properties"), key), root));
    put(key, spellOut(value[key]!, propertySchemas, root, depth + 1));
  }
  for (const schema of schemas) {
    const properties = getOwn(schema, "properties");
    const required = getOwn(schema, "required");
    if (!isJsonObject(properties)) continue;
    for (const name of Object.keys(properties)) {
      if (OBJECT_MEMBERS.has(name) && !Object.hasOwn(out, name) && !(Array.isArray(required) && required.includes(name))) put(name, undefined);
    }
  }
  return out;
}

/** A schema with the subschemas whose types apply to the same value: local `$ref` targets, allOf, anyOf and oneOf branches. */
function applicableSchemas(schema: JsonValue | undefined, root: JsonValue, seen: Set<JsonObject> = new Set()): JsonObject[] {
  if (!isJsonObject(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const out = [schema];
  const ref = getOwn(schema, "$ref");
  if (typeof ref === "string" && ref.startsWith("#")) out.push(...applicableSchemas(valueAt(root, splitPointer(decodeURIComponent(ref.slice(1)))), root, seen));
  for (const key of ["allOf", "anyOf", "oneOf"]) {
    const branches = getOwn(schema, key);
    if (Array.isArray(branches)) for (const branch of branches) out.push(...applicableSchemas(branch, root, seen));
  }
  return out;
}
