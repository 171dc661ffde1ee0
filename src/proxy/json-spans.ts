// Where the members of an object and the elements of an array are in the text of a JSON value that
// JSON.parse has accepted, so the proxy can forward parts of a message as the bytes that were sent
// (a tool that matches its lock, an element of a batch) and change only what it must (a withheld
// tool, a request id it had to map). Pure; reads text only. On text that is not valid JSON the
// spans mean nothing: callers parse first.

export interface Span {
  /** Offset of the first character of the value. */
  readonly start: number;
  /** Offset just past its last character. */
  readonly end: number;
}

export interface MemberSpan extends Span {
  readonly key: string;
}

/** The offset of the first character at or after `i` that is not JSON whitespace. */
export function skipSpace(text: string, i: number): number {
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
  }
  return i;
}

/** The offset just past the value that starts at `i` (its first character, not whitespace). */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 0x22) return skipString(text, i);
  if (c !== 0x7b && c !== 0x5b) {
    // A number, true, false or null: up to the next delimiter.
    let j = i;
    for (; j < text.length; j++) {
      const d = text.charCodeAt(j);
      if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break;
    }
    return j;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 0x22) j = skipString(text, j) - 1;
    else if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return text.length;
}

/** The offset just past the string whose opening quote is at `i`. */
function skipString(text: string, i: number): number {
  let j = i + 1;
  for (;;) {
    const quote = text.indexOf('"', j);
    if (quote === -1) return text.length;
    // A quote preceded by an odd number of backslashes is escaped.
    let slashes = 0;
    for (let k = quote - 1; k > i && text.charCodeAt(k) === 0x5c; k--) slashes++;
    if (slashes % 2 === 0) return quote + 1;
    j = quote + 1;
  }
}

/**
 * The members of the object that starts at `start` (its "{"), in the order written.
 * @example objectMembers('{"a":1, "b":[2]}', 0) // [{ key: "a", start: 5, end: 6 }, { key: "b", start: 12, end: 15 }]
 */
export function objectMembers(text: string, start: number): MemberSpan[] {
  const members: MemberSpan[] = [];
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === 0x7d) return members;
  while (i < text.length) {
    const keyEnd = skipString(text, i);
    const key = JSON.parse(text.slice(i, keyEnd)) as string;
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    members.push({ key, start: valueStart, end: valueEnd });
    i = skipSpace(text, valueEnd);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipSpace(text, i + 1);
  }
  return members;
}

/** The elements of the array that starts at `start` (its "["), in order. */
export function arrayElements(text: string, start: number): Span[] {
  const elements: Span[] = [];
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === 0x5d) return elements;
  while (i < text.length) {
    const end = skipValue(text, i);
    elements.push({ start: i, end });
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipSpace(text, i + 1);
  }
  return elements;
}

/**
 * The span of the member `key` of the object at `start`, read no further than that member: an answer's
 * id is found without walking the tools after it. The first one written: callers read messages
 * read-message.ts accepted, and it refuses any that repeats a key.
 */
export function memberSpan(text: string, start: number, key: string): Span | undefined {
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === 0x7d) return undefined;
  while (i < text.length) {
    const keyEnd = skipString(text, i);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const valueEnd = skipValue(text, valueStart);
    if (JSON.parse(text.slice(i, keyEnd)) === key) return { start: valueStart, end: valueEnd };
    i = skipSpace(text, valueEnd);
    if (text.charCodeAt(i) !== 0x2c) break;
    i = skipSpace(text, i + 1);
  }
  return undefined;
}

/** `text` with the characters of `span` replaced by `replacement`. */
export function spliceSpan(text: string, span: Span, replacement: string): string {
  return text.slice(0, span.start) + replacement + text.slice(span.end);
}

/**
 * The first key some object of `text` writes twice, with the JSON Pointer of that object, or
 * undefined when none does. Iterative, so any nesting is safe.
 */
export function findRepeatedKey(text: string): { readonly pointer: string; readonly key: string } | undefined {
  const stack: { readonly at: number; readonly pointer: string }[] = [{ at: skipSpace(text, 0), pointer: "" }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const c = text.charCodeAt(item.at);
    if (c === 0x5b) {
      const elements = arrayElements(text, item.at);
      for (let i = 0; i < elements.length; i++) stack.push({ at: elements[i]!.start, pointer: `${item.pointer}/${i}` });
    } else if (c === 0x7b) {
      const keys = new Set<string>();
      for (const member of objectMembers(text, item.at)) {
        if (keys.has(member.key)) return { pointer: item.pointer, key: member.key };
        keys.add(member.key);
        stack.push({ at: member.start, pointer: `${item.pointer}/${member.key.replace(/~/g, "~0").replace(/\//g, "~1")}` });
      }
    }
  }
  return undefined;
}
