// A JSON Pointer into a document as the steps schema-guide.ts walks: member names, and numbers for
// the elements of arrays (which the pointer alone cannot tell from names made of digits).
import { getOwn, type JsonValue } from "../model/json.js";
import { splitPointer } from "../model/pointer.js";
import type { PathSegment } from "./schema-guide.js";

/** @example segmentsOf({ icons: [{ src: "x" }] }, "/icons/0/src") // ["icons", 0, "src"] */
export function segmentsOf(root: JsonValue, pointer: string): PathSegment[] {
  const segments: PathSegment[] = [];
  let value: JsonValue | undefined = root;
  for (const token of splitPointer(pointer)) {
    if (Array.isArray(value)) {
      segments.push(Number(token));
      value = value[Number(token)];
    } else {
      segments.push(token);
      value = getOwn(value, token);
    }
  }
  return segments;
}
