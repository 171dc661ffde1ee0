// One tool's wire descriptor, old and new → every classified change, part by part. Pure. Completeness
// is the promise: when a part's hash differs and no finer rule explained it, the part itself is
// reported as needs-review, so no change ever passes unnoticed.
import { canonicalJson } from "../lock/canonical-json.js";
import { hashTool } from "../lock/hash-tool.js";
import { getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { TOOL_PARTS, type ToolPart } from "../model/lock.js";
import type { ToolDiffChange } from "./change.js";
import { diffAnnotations } from "./diff-annotations.js";
import { diffSchema, prettyJson, type SchemaFinding } from "./diff-schema.js";

const NAMED: ReadonlySet<string> = new Set(["name", ...TOOL_PARTS]);

/**
 * @example diffTool("get_weather", lock.tools.get_weather.descriptor, current.wire)
 */
export function diffTool(name: string, base: JsonObject, head: JsonObject): ToolDiffChange[] {
  const before = hashTool(base).parts;
  const after = hashTool(head).parts;
  const changes: ToolDiffChange[] = [];
  for (const part of TOOL_PARTS) {
    if (before[part] === after[part]) continue;
    const findings = diffPart(part, base, head);
    const explained = findings.length > 0 ? findings : [fallback(part, base, head)];
    changes.push(...explained.map((finding) => ({ tool: name, part, ...finding })));
  }
  return changes;
}

function diffPart(part: ToolPart, base: JsonObject, head: JsonObject): SchemaFinding[] {
  switch (part) {
    case "title":
    case "description":
      return [textChange(part, getOwn(base, part), getOwn(head, part))];
    case "inputSchema":
    case "outputSchema":
      return diffSchema(part, getOwn(base, part), getOwn(head, part));
    case "annotations":
      return diffAnnotations(getOwn(base, part), getOwn(head, part));
    case "icons":
      return [{ class: "needs-review", kind: "icons-changed", pointer: pointerIn(head, "icons"), side: "head", message: "The icons changed: a client shows them to people choosing tools." }];
    case "_meta":
      return [{ class: "needs-review", kind: "meta-changed", pointer: pointerIn(head, "_meta"), side: "head", message: "_meta changed: clients and hosts may act on it." }];
    case "other":
      return otherFields(base, head);
  }
}

function textChange(part: "title" | "description", before: JsonValue | undefined, after: JsonValue | undefined): SchemaFinding {
  const verb = before === undefined ? "was added" : after === undefined ? "was removed" : "changed";
  const message = part === "description" ? `The description ${verb}: the model reads it to decide when and how to call the tool.` : `The title ${verb}.`;
  return { class: "needs-review", kind: `${part}-changed`, pointer: after !== undefined ? `/${part}` : "", side: "head", message, text: { before: textOf(before), after: textOf(after) } };
}

/** Top-level fields the spec does not name (for example `execution`), each reported by its key. */
function otherFields(base: JsonObject, head: JsonObject): SchemaFinding[] {
  const keys = [...new Set([...Object.keys(base), ...Object.keys(head)])].filter((key) => !NAMED.has(key)).sort();
  const findings: SchemaFinding[] = [];
  for (const key of keys) {
    const before = getOwn(base, key);
    const after = getOwn(head, key);
    if (before !== undefined && after !== undefined && canonicalJson(before) === canonicalJson(after)) continue;
    const verb = before === undefined ? "was added" : after === undefined ? "was removed" : "changed";
    findings.push({
      class: "needs-review",
      kind: "field-changed",
      pointer: pointerIn(head, key),
      side: "head",
      message: `The field ${JSON.stringify(key)} ${verb}.`,
      text: { before: before === undefined ? "" : prettyJson(before), after: after === undefined ? "" : prettyJson(after) },
    });
  }
  return findings;
}

function fallback(part: ToolPart, base: JsonObject, head: JsonObject): SchemaFinding {
  const before = part === "other" ? undefined : getOwn(base, part);
  const after = part === "other" ? undefined : getOwn(head, part);
  return {
    class: "needs-review",
    kind: "part-changed",
    pointer: pointerIn(head, part),
    side: "head",
    message: `The ${part} changed in a way no specific rule describes (for example its $ref layout or an explicit default).`,
    ...(part === "other" ? {} : { text: { before: before === undefined ? "" : prettyJson(before), after: after === undefined ? "" : prettyJson(after) } }),
  };
}

function pointerIn(head: JsonObject, key: string): string {
  return getOwn(head, key) !== undefined ? joinPointer("", key) : "";
}

function textOf(value: JsonValue | undefined): string {
  if (value === undefined) return "";
  return typeof value === "string" ? value : prettyJson(value);
}
