// The JSON Schema of the authoring-only `x-mcp-gen` block of a descriptor, and of a whole descriptor
// file for editors. Both reuse the official MCP definitions rather than copying them.
import type { JsonObject } from "../model/json.js";
import { MCP_SCHEMA } from "../spec/mcp-schema.js";
import { bundledMetaSchemaDefs, META_SCHEMA_2020_12, metaSchemaDefName } from "./bundled-meta-schema.js";

/** Names of `x-mcp-gen.inputRequests` keys: they become identifiers in generated helpers. */
export const INPUT_REQUEST_KEY_PATTERN = "^[A-Za-z][A-Za-z0-9_]{0,63}$";

/**
 * The members of Object.prototype that INPUT_REQUEST_KEY_PATTERN admits (the others start with "_").
 * A form keyed so cannot be typed: every object literal inherits the member, so TypeScript checks
 * `ctx.ask({ other: {} })` against it and drops the contextual type of `constructor: {...}`. Refused
 * as keys (test/rules/authoring-block-shape.test.ts compares the list with Object.prototype).
 */
export const RESERVED_INPUT_REQUEST_KEYS: readonly string[] = ["constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable", "toLocaleString", "toString", "valueOf"];

/** `x-mcp-gen`: examples for scaffolds and docs, and the input_required forms a handler may ask for. */
export function authoringBlockSchema(defsPrefix = "#/$defs/"): JsonObject {
  return {
    type: "object",
    additionalProperties: false,
    description: "Authoring-only data for mcp-gen. Never sent on the wire and never part of the tool's hash.",
    properties: {
      examples: {
        type: "array",
        description: "Example calls. Test scaffolds call the tool with each example's arguments and compare the result.",
        items: {
          type: "object",
          additionalProperties: false,
          required: ["arguments"],
          properties: {
            name: { type: "string", description: "What the example shows; becomes the test's name." },
            arguments: { type: "object", description: "Arguments, valid against inputSchema." },
            result: { description: "The structured result the example expects, valid against outputSchema." },
          },
        },
      },
      inputRequests: {
        type: "object",
        description:
          "Forms the handler may ask the user to fill in through an input_required result (MCP elicitation, form mode). " +
          "mcp-gen generates typed helpers to ask for each and to read the validated answer.",
        propertyNames: { pattern: INPUT_REQUEST_KEY_PATTERN, not: { enum: [...RESERVED_INPUT_REQUEST_KEYS] } },
        additionalProperties: { $ref: `${defsPrefix}ElicitRequestFormParams` },
      },
    },
  };
}

/** `x-mcp-gen` wrapped so its refs resolve against the official definitions. */
export function authoringValidationSchema(): JsonObject {
  return { $schema: "https://json-schema.org/draft/2020-12/schema", ...authoringBlockSchema(), $defs: MCP_SCHEMA.$defs };
}

/** A whole descriptor file, for yaml-language-server and VS Code: an MCP Tool plus `x-mcp-gen`. */
export function descriptorFileSchema(): JsonObject {
  const tool = MCP_SCHEMA.$defs.Tool as JsonObject;
  const properties = tool.properties as JsonObject;
  return {
    $schema: META_SCHEMA_2020_12,
    title: "mcp-gen tool descriptor (one MCP 2026-07-28 Tool)",
    description: "One MCP Tool in its wire shape, as tools/list returns it, plus the authoring-only x-mcp-gen block.",
    ...tool,
    properties: {
      ...properties,
      inputSchema: { ...(properties.inputSchema as JsonObject), $ref: META_SCHEMA_REF },
      outputSchema: { ...(properties.outputSchema as JsonObject), $ref: META_SCHEMA_REF },
      "x-mcp-gen": authoringBlockSchema(),
      execution: { deprecated: true, description: "Task support in MCP 2025-11-25; 2026-07-28 dropped it, so its clients ignore it (rule tool-unknown-field)." },
    },
    // The Tool type allows other fields, but clients ignore them: an editor shows a misspelt key as
    // the tool-unknown-field rule does, as a warning.
    additionalProperties: false,
    // Self-contained: an editor offline resolves every reference, the meta-schema's too.
    $defs: { ...reachableDefinitions(["Tool", "ElicitRequestFormParams"]), ...bundledMetaSchemaDefs() },
  };
}

/** inputSchema and outputSchema are JSON Schemas: the 2020-12 meta-schema, bundled under `$defs`. */
const META_SCHEMA_REF = `#/$defs/${metaSchemaDefName("schema")}`;

/** The official definitions the named ones reach through `#/$defs/...` refs, in name order. */
function reachableDefinitions(roots: readonly string[]): JsonObject {
  const seen = new Set<string>();
  const queue = [...roots];
  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (seen.has(name) || MCP_SCHEMA.$defs[name] === undefined) continue;
    seen.add(name);
    for (const match of JSON.stringify(MCP_SCHEMA.$defs[name]).matchAll(/"\$ref":"#\/\$defs\/([^"]+)"/g)) queue.push(match[1]!);
  }
  return Object.fromEntries([...seen].sort().map((name) => [name, MCP_SCHEMA.$defs[name]!]));
}
