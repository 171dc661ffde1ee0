// Sizes in bytes of JSON values as compact UTF-8 JSON (what JSON.stringify sends), computed without
// recursion so a hostile 10,000-level value cannot overflow the stack, and the place in a value where
// a byte offset of that text falls.
import { isJsonObject, type JsonObject, type JsonValue } from "../../../model/json.js";
import { joinPointer } from "../../../model/pointer.js";

type Container = JsonObject | readonly JsonValue[];

export interface JsonSizes {
  /** Bytes of `value` as compact JSON. */
  of(value: JsonValue): number;
}

/** Measures `root` and every value inside it; `of` answers for any of them. */
export function measureJson(root: JsonValue): JsonSizes {
  const sizes = new Map<Container, number>();
  const leaf = (value: JsonValue) => Buffer.byteLength(JSON.stringify(value));
  const of = (value: JsonValue) => (isContainer(value) ? sizes.get(value)! : leaf(value));
  // Post-order: a container is summed once all its members are measured.
  const stack: { value: Container; done: boolean }[] = isContainer(root) ? [{ value: root, done: false }] : [];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    if (sizes.has(frame.value)) continue;
    const entries = members(frame.value);
    if (!frame.done) {
      stack.push({ value: frame.value, done: true });
      for (const [, child] of entries) if (isContainer(child) && !sizes.has(child)) stack.push({ value: child, done: false });
      continue;
    }
    // Brackets, commas between members, and for objects each quoted key and its colon.
    let total = 2 + Math.max(0, entries.length - 1);
    for (const [key, child] of entries) total += of(child) + (key === undefined ? 0 : leaf(key) + 1);
    sizes.set(frame.value, total);
  }
  return { of };
}

/** The pointer of the innermost value whose compact JSON text covers byte `offset` of `root`'s. */
export function pointerAtOffset(root: JsonValue, sizes: JsonSizes, offset: number): string {
  let pointer = "";
  let value = root;
  let remaining = offset;
  for (;;) {
    if (!isContainer(value)) return pointer;
    let position = 1;
    let next: { key: string | number; child: JsonValue; start: number } | undefined;
    for (const [index, [key, child]] of members(value).entries()) {
      const keyBytes = key === undefined ? 0 : Buffer.byteLength(JSON.stringify(key)) + 1;
      const end = position + keyBytes + sizes.of(child);
      if (remaining < end) {
        next = { key: key ?? index, child, start: position + keyBytes };
        break;
      }
      position = end + 1;
    }
    if (next === undefined || remaining < next.start) return pointer;
    pointer = joinPointer(pointer, next.key);
    value = next.child;
    remaining -= next.start;
  }
}

function isContainer(value: JsonValue): value is Container {
  return Array.isArray(value) || isJsonObject(value);
}

/** [key, value] pairs of an object, [undefined, item] of an array. */
function members(value: Container): [string | undefined, JsonValue][] {
  return Array.isArray(value) ? value.map((item) => [undefined, item]) : Object.keys(value).map((key) => [key, (value as JsonObject)[key]!]);
}
