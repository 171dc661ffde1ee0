// Sets of Unicode code points as sorted, disjoint, inclusive ranges: enough to tell whether two
// parts of a regular expression can match the same character.

import { ECMA_WHITE_SPACE } from "../../../compile/linear-pattern/code-point-ranges.js";

export type CharSet = readonly (readonly [number, number])[];

const MAX = 0x10ffff;

export const EMPTY: CharSet = [];
export const ANY: CharSet = [[0, MAX]];
export const DIGIT: CharSet = [[0x30, 0x39]];
export const WORD: CharSet = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript WhiteSpace and LineTerminator (what \s matches): the same table the linear-time translation uses. */
export const SPACE: CharSet = ECMA_WHITE_SPACE;
/** What `.` matches without the s flag: everything but line terminators. */
export const DOT: CharSet = complement([
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
]);

export function single(code: number): CharSet {
  return [[code, code]];
}

export function range(from: number, to: number): CharSet {
  return from <= to ? [[from, to]] : EMPTY;
}

export function union(...sets: readonly CharSet[]): CharSet {
  const all = sets
    .flat()
    .slice()
    .sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  for (const [from, to] of all) {
    const last = out[out.length - 1];
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else out.push([from, to]);
  }
  return out;
}

export function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of union(set)) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= MAX) out.push([next, MAX]);
  return out;
}

export function intersects(a: CharSet, b: CharSet): boolean {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const [aFrom, aTo] = a[i]!;
    const [bFrom, bTo] = b[j]!;
    if (aFrom <= bTo && bFrom <= aTo) return true;
    if (aTo < bTo) i++;
    else j++;
  }
  return false;
}
