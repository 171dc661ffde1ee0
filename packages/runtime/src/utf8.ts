// UTF-8 (RFC 3629) between JavaScript strings and bytes, written out so the runtime needs neither
// TextEncoder typings nor Buffer. In: a string or bytes. Out: bytes or a string, or undefined when the
// input has no faithful counterpart. Never substitutes U+FFFD, never throws.

/**
 * The UTF-8 bytes of `text`, or undefined when it holds a lone surrogate (no UTF-8 form exists; a
 * TextEncoder would silently write U+FFFD instead). Example: `encodeUtf8("é")` gives `[0xc3, 0xa9]`.
 */
export function encodeUtf8(text: string): Uint8Array | undefined {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    let cp = unit;
    if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (unit > 0xdbff || next < 0xdc00 || next > 0xdfff) return undefined;
      cp = 0x10000 + ((unit - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Uint8Array.from(out);
}

/**
 * The string whose UTF-8 form is `bytes`, or undefined for anything that is not well-formed UTF-8:
 * overlong forms, surrogate code points, values past U+10FFFF, stray or missing continuation bytes
 * (RFC 3629 §4). Example: `decodeUtf8(Uint8Array.of(0xc3, 0xa9))` gives `"é"`.
 */
export function decodeUtf8(bytes: Uint8Array): string | undefined {
  const units: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i] ?? 0;
    let need: number;
    let cp: number;
    let min: number;
    if (lead < 0x80) [need, cp, min] = [0, lead, 0];
    else if (lead >= 0xc2 && lead <= 0xdf) [need, cp, min] = [1, lead & 0x1f, 0x80];
    else if (lead >= 0xe0 && lead <= 0xef) [need, cp, min] = [2, lead & 0x0f, 0x800];
    else if (lead >= 0xf0 && lead <= 0xf4) [need, cp, min] = [3, lead & 0x07, 0x10000];
    else return undefined;
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined || (b & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (b & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    if (cp >= 0x10000) units.push(0xd800 + ((cp - 0x10000) >> 10), 0xdc00 + ((cp - 0x10000) & 0x3ff));
    else units.push(cp);
    i += need + 1;
  }
  return unitsToString(units);
}

// String.fromCharCode with one argument per unit would overflow the argument limit on long input.
function unitsToString(units: readonly number[]): string {
  let text = "";
  for (let start = 0; start < units.length; start += 4096) {
    text += String.fromCharCode(...units.slice(start, start + 4096));
  }
  return text;
}
