// Prose a schema gained: every `title`, `description`, `examples`, `default` and `$comment` of the new
// inputSchema or outputSchema, in any subschema (`$defs`, branches and items included), whose value
// the old schema held nowhere. The model reads the whole schema, so new prose is what a rug pull
// slips in, and it must be reviewed whatever else the change is: an optional argument added is
// compatible for callers, but its description is new text the model reads. The schema walk
// (diff-schema.ts) reports prose that changed in place; this pass catches the rest, whatever
// structure it arrived in, so no compatible finding can stand in for it.
import { canonicalJson } from "../lock/canonical-json.js";
import { getOwn, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import { walkSchema } from "../model/schema-walk.js";

/** Keywords whose value is text the model may read as instructions, not a constraint on values. */
export const PROSE_KEYWORDS = ["title", "description", "examples", "default", "$comment"] as const;

export type ProseKeyword = (typeof PROSE_KEYWORDS)[number];

export interface ProseText {
  readonly keyword: ProseKeyword;
  /** Wire pointer of the keyword, for example "/inputSchema/properties/b/description". */
  readonly pointer: string;
  readonly value: JsonValue;
}

/**
 * The prose of `head` that `base` does not hold under the same keyword anywhere, in document order.
 * @example addedProse(undefined, { type: "object", description: "New." }, "/outputSchema") // one text, "/outputSchema/description"
 */
export function addedProse(base: JsonValue | undefined, head: JsonValue | undefined, rootPointer: string): ProseText[] {
  const known = new Set(proseOf(base, rootPointer).map(proseKey));
  return proseOf(head, rootPointer).filter((text) => !known.has(proseKey(text)));
}

function proseOf(schema: JsonValue | undefined, rootPointer: string): ProseText[] {
  const texts: ProseText[] = [];
  if (schema === undefined) return texts;
  walkSchema(schema, rootPointer, (node) => {
    if (typeof node.schema === "boolean") return undefined;
    for (const keyword of PROSE_KEYWORDS) {
      const value = getOwn(node.schema, keyword);
      if (value !== undefined) texts.push({ keyword, pointer: joinPointer(node.pointer, keyword), value });
    }
    return undefined;
  });
  return texts;
}

function proseKey(text: ProseText): string {
  return `${text.keyword}\u0000${canonicalJson(text.value)}`;
}
