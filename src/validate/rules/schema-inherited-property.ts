import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { forEachSubschema } from "../walk.js";

/**
 * The members every JavaScript object inherits from Object.prototype (`__proto__` has a rule of its
 * own, schema-proto-property). A validator that reads `data.constructor` finds one whether the
 * arguments carry it or not.
 */
const INHERITED: ReadonlySet<string> = new Set([
  "constructor",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "toString",
  "valueOf",
  "__defineGetter__",
  "__defineSetter__",
  "__lookupGetter__",
  "__lookupSetter__",
]);

export const schemaInheritedProperty = defineRule({
  id: "schema-inherited-property",
  summary: "No schema names a property after a member every JavaScript object inherits (constructor, toString, valueOf...), which the official SDK's validator finds on every object.",
  description:
    "A property named constructor, toString, valueOf, hasOwnProperty (or another member of Object.prototype) is valid " +
    "JSON Schema, and mcp-gen's generated validators judge it as any other: absent unless the value carries it. The " +
    "official SDK's validator (ajv as the SDK configures it) reads such a property through the object, and so finds " +
    "the inherited member when the value leaves the property out: it refuses a call without an optional " +
    "`constructor: { type: string }` (the inherited function is no string), and accepts one without a property that " +
    "`required` names. A client or server built on the SDK then disagrees with the generated one about the same " +
    "arguments. Rename the property.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema is valid and the generated code judges it as written; SDK-based peers judge it otherwise, so it is reported as a warning.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 (properties, required)",
  checklist: [],
  check(tool, report, { memo }) {
    forEachSubschema(tool, memo, (node) => {
      if (!isJsonObject(node.schema)) return;
      const properties = getOwn(node.schema, "properties");
      const declared = isJsonObject(properties) ? Object.keys(properties).filter((name) => INHERITED.has(name)) : [];
      for (const name of declared) {
        report({
          pointer: joinPointer(node.pointer, "properties", name),
          target: "key",
          message: `The property ${JSON.stringify(name)} is named after a member every JavaScript object inherits: when a value leaves the property out, the official SDK's validator judges the inherited member against the property's schema (a function: no string, number or plain object), where the generated validators judge the property absent.`,
          hint: `Rename the property, for example to ${JSON.stringify(`${name}_`)}.`,
        });
      }
      const required = getOwn(node.schema, "required");
      if (!Array.isArray(required)) return;
      required.forEach((name, i) => {
        if (typeof name !== "string" || !INHERITED.has(name) || declared.includes(name)) return;
        report({
          pointer: joinPointer(node.pointer, "required", i),
          message: `The required property ${JSON.stringify(name)} is named after a member every JavaScript object inherits: the official SDK's validator finds that member on every value, so it accepts a value that leaves the property out, which the generated validators refuse.`,
          hint: `Rename the property, for example to ${JSON.stringify(`${name}_`)}.`,
        });
      });
    });
  },
});
