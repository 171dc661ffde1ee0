// Plain JSON values as they flow through the pipeline. Objects built by mcp-gen's own parsers hold
// every key as an own data property (even "__proto__"), so no input can reach Object.prototype.

export type JsonPrimitive = null | boolean | number | string;
export type JsonValue = JsonPrimitive | JsonArray | JsonObject;
export interface JsonArray extends ReadonlyArray<JsonValue> {}
export interface JsonObject {
  readonly [key: string]: JsonValue;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads an own property only: `get(obj, "__proto__")` never returns the prototype. */
export function getOwn(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (!isJsonObject(value) || !Object.hasOwn(value, key)) return undefined;
  return value[key];
}

/** Sets `key` as an own, enumerable data property, even when the key is "__proto__". */
export function defineOwn(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  // Assignment makes the same own data property for every other key, several times faster: of
  // Object.prototype's members only `__proto__` is an accessor, and none is read-only.
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/**
 * `record` without its own member `key`; the same object when it has none. Object rest copies every
 * other member as an own data property, "__proto__" too.
 */
export function withoutKey<T>(record: { readonly [key: string]: T }, key: string): { readonly [key: string]: T } {
  if (!Object.hasOwn(record, key)) return record;
  const { [key]: _dropped, ...rest } = record;
  return rest;
}

/** A deep copy that keeps every key as an own data property. Depth is bounded by the loader. */
export function cloneJson<T extends JsonValue>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as unknown as T;
  if (isJsonObject(value)) {
    const out: Record<string, JsonValue> = {};
    for (const key of Object.keys(value)) defineOwn(out, key, cloneJson(value[key]!));
    return out as T;
  }
  return value;
}

/** Follows a JSON Pointer (already split into tokens) through own properties only. */
export function valueAt(root: JsonValue, tokens: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = root;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else {
      current = getOwn(current, token);
    }
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * Whether objects and arrays nest deeper than `maxDepth` in `value` (the value itself, when an
 * object or array, is level 1, as the loader counts). Iterative, so any depth is safe to ask about.
 */
export function nestsDeeperThan(value: JsonValue, maxDepth: number): boolean {
  const stack: [JsonValue, number][] = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    if (node === null || typeof node !== "object") continue;
    if (depth > maxDepth) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}
