// Shared traversals for rules: every schema of a tool, every subschema, every text the model reads.
import { DEFAULT_DIALECT, dialectOf, type Dialect } from "../model/dialect.js";
import { getOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { memoSlot, type RunMemo } from "../model/run-memo.js";
import { walkSchema, type SchemaNode } from "../model/schema-walk.js";
import type { ResolvedTool } from "../model/source.js";

export { walkSchema, type SchemaNode } from "../model/schema-walk.js";

export type SchemaKey = "inputSchema" | "outputSchema";

export interface ToolSchema {
  readonly key: SchemaKey;
  readonly pointer: string;
  readonly schema: JsonValue;
  /** The declared dialect; undefined when `$schema` names one mcp-gen does not support. */
  readonly dialect: Dialect | undefined;
}

/** The tool's inputSchema and outputSchema that are present and are objects or booleans. */
export function toolSchemas(tool: ResolvedTool): ToolSchema[] {
  const out: ToolSchema[] = [];
  for (const key of ["inputSchema", "outputSchema"] as const) {
    const schema = getOwn(tool.wire, key);
    if (!isJsonObject(schema) && typeof schema !== "boolean") continue;
    const declared = isJsonObject(schema) ? getOwn(schema, "$schema") : undefined;
    out.push({ key, pointer: joinPointer("", key), schema, dialect: declared === undefined ? DEFAULT_DIALECT : dialectOf(declared) });
  }
  return out;
}

/** Visits every subschema of both schemas of a tool. Pointers are wire pointers. `memo`: see walkSubschemas. */
export function forEachSubschema(tool: ResolvedTool, memo: RunMemo | undefined, visit: (node: SchemaNode, schema: ToolSchema) => undefined | "skip" | "stop"): void {
  for (const schema of toolSchemas(tool)) {
    let stopped = false;
    walkSchema(
      schema.schema,
      schema.pointer,
      (node) => {
        const outcome = visit(node, schema);
        if (outcome === "stop") stopped = true;
        return outcome;
      },
      memo,
    );
    if (stopped) return;
  }
}

/**
 * Visits every subschema of one of a tool's schemas (walkSchema). A rule passes its run's memo
 * (RuleContext.memo): the rules only read, so each schema's nodes are found once per run and
 * every rule goes down the same list.
 */
export function walkSubschemas(schema: ToolSchema, memo: RunMemo | undefined, visit: (node: SchemaNode) => undefined | "skip" | "stop"): void {
  walkSchema(schema.schema, schema.pointer, visit, memo);
}

export interface TextField {
  readonly pointer: string;
  readonly text: string;
  /** What the text is, for messages: "description", "title", "inputSchema property description"... */
  readonly kind: "description" | "title" | "annotations title" | "schema description" | "schema title" | SchemaStringKind;
  /** "key" when the text is a member's name (a property name, a key inside a `default`): findings point at the name. */
  readonly target?: "key";
}

/**
 * The other strings of a schema that reach the model with it: a `$comment`, a string inside `enum`,
 * `const`, `default` or `examples`, and a property's name. Poisoned tools hide instructions there
 * too ("full-schema poisoning"), where a rule that reads only descriptions never looks.
 */
export type SchemaStringKind = "schema comment" | "schema value" | "property name";

/** Which texts a rule reads: titles and descriptions, or those and every other string of the schemas. */
export type TextScope = "prose" | "every string";

/**
 * Every text the model or the user reads: tool title and description, annotation title, and schema
 * titles and descriptions; with `scope` "every string", also the schemas' other strings
 * (SchemaStringKind). Each list is collected once per tool in a run (`memo`).
 * @example forEachText(tool, context.memo, (field) => check(field.text))
 */
export function forEachText(tool: ResolvedTool, memo: RunMemo, visit: (field: TextField) => void, scope: TextScope = "prose"): void {
  const texts = memo.get(TEXTS);
  let fields = texts.get(tool);
  if (!fields) texts.set(tool, (fields = textFields(tool, memo)));
  for (const field of fields) visit(field);
  if (scope === "prose") return;
  const strings = memo.get(SCHEMA_STRINGS);
  let more = strings.get(tool);
  if (!more) strings.set(tool, (more = schemaStrings(tool, memo)));
  for (const field of more) visit(field);
}

const TEXTS = memoSlot("the texts of each tool", () => new WeakMap<ResolvedTool, readonly TextField[]>());
const SCHEMA_STRINGS = memoSlot("the other strings of each tool's schemas", () => new WeakMap<ResolvedTool, readonly TextField[]>());

/** Keywords whose value is data the schema shows the model, in which every string counts. */
const VALUE_KEYWORDS = ["enum", "const", "default", "examples"] as const;

function schemaStrings(tool: ResolvedTool, memo: RunMemo): readonly TextField[] {
  const fields: TextField[] = [];
  forEachSubschema(tool, memo, (node) => {
    if (!isJsonObject(node.schema)) return;
    const comment = getOwn(node.schema, "$comment");
    if (typeof comment === "string") fields.push(schemaText(node, "$comment", comment, "schema comment"));
    for (const keyword of VALUE_KEYWORDS) {
      const value = getOwn(node.schema, keyword);
      if (value !== undefined) stringsIn(value, () => joinPointer(node.pointer, keyword), fields);
    }
    const properties = getOwn(node.schema, "properties");
    if (isJsonObject(properties)) {
      for (const name of Object.keys(properties)) fields.push(lazyField(() => joinPointer(node.pointer, "properties", name), name, "property name", "key"));
    }
  });
  return fields;
}

/** Every string in a JSON value (object keys included), iteratively: a deep `default` cannot overflow the stack. */
function stringsIn(root: JsonValue, rootPointer: () => string, fields: TextField[]): void {
  const stack: [JsonValue, () => string][] = [[root, rootPointer]];
  while (stack.length > 0) {
    const [value, pointer] = stack.pop()!;
    if (typeof value === "string") fields.push(lazyField(pointer, value, "schema value"));
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push([value[i]!, () => joinPointer(pointer(), i)]);
    else if (isJsonObject(value)) {
      for (const key of Object.keys(value).reverse()) {
        const at = () => joinPointer(pointer(), key);
        fields.push(lazyField(at, key, "schema value", "key"));
        stack.push([value[key]!, at]);
      }
    }
  }
}

/** A text whose pointer is built only when a rule reports on it. */
function lazyField(pointer: () => string, text: string, kind: TextField["kind"], target?: "key"): TextField {
  let built: string | undefined;
  return {
    get pointer() {
      return (built ??= pointer());
    },
    text,
    kind,
    ...(target ? { target } : {}),
  };
}

function textFields(tool: ResolvedTool, memo: RunMemo): readonly TextField[] {
  const fields: TextField[] = [];
  const top = [
    ["description", "description"],
    ["title", "title"],
  ] as const;
  for (const [key, kind] of top) {
    const text = getOwn(tool.wire, key);
    if (typeof text === "string") fields.push({ pointer: `/${key}`, text, kind });
  }
  const annotationsTitle = getOwn(getOwn(tool.wire, "annotations"), "title");
  if (typeof annotationsTitle === "string") fields.push({ pointer: "/annotations/title", text: annotationsTitle, kind: "annotations title" });
  forEachSubschema(tool, memo, (node) => {
    if (!isJsonObject(node.schema)) return;
    for (const [key, kind] of [
      ["description", "schema description"],
      ["title", "schema title"],
    ] as const) {
      const text = getOwn(node.schema, key);
      if (typeof text === "string") fields.push(schemaText(node, key, text, kind));
    }
  });
  return fields;
}

/** A schema's text, whose pointer is built only when a rule reports on it (few texts are reported). */
function schemaText(node: SchemaNode, key: string, text: string, kind: TextField["kind"]): TextField {
  return lazyField(() => joinPointer(node.pointer, key), text, kind);
}

/** The tool's name when it is a string. */
/** The string names of `tools`, each once. */
export function toolNames(tools: readonly ResolvedTool[]): Set<string> {
  return new Set(tools.map(toolName).filter((name): name is string => name !== undefined));
}

export function toolName(tool: ResolvedTool): string | undefined {
  const name = getOwn(tool.wire, "name");
  return typeof name === "string" ? name : undefined;
}

/** A regular expression of a schema: a `pattern` value, or a `patternProperties` key. */
export interface SchemaPattern {
  readonly pattern: string;
  /** Wire pointer to the `pattern` member, or to the `patternProperties` member named by the pattern. */
  readonly pointer: string;
  /** Where a report points: the key of a `patternProperties` member, the value of a `pattern`. */
  readonly target: "key" | "value";
}

/** Every `pattern` and `patternProperties` key under `root` (a schema whose pointer is `rootPointer`), in walk order. `memo`: see walkSubschemas. */
export function forEachPattern(root: JsonValue, rootPointer: string, memo: RunMemo | undefined, visit: (found: SchemaPattern) => void): void {
  walkSchema(
    root,
    rootPointer,
    (node) => {
      if (!isJsonObject(node.schema)) return;
      const pattern = getOwn(node.schema, "pattern");
      if (typeof pattern === "string") visit({ pattern, pointer: joinPointer(node.pointer, "pattern"), target: "value" });
      const patternProperties = getOwn(node.schema, "patternProperties");
      if (!isJsonObject(patternProperties)) return;
      for (const key of Object.keys(patternProperties)) visit({ pattern: key, pointer: joinPointer(node.pointer, "patternProperties", key), target: "key" });
    },
    memo,
  );
}
