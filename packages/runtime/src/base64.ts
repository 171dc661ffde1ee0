// Base64 with the standard RFC 4648 §4 alphabet and "=" padding, the form MCP 2026-07-28 header values
// use (streamable-http.mdx § Value Encoding shows "/" and padding). In: bytes or Base64 text. Out: the
// other one, or undefined. The decoder is strict and never skips or repairs characters.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 text of `bytes`, padded. Example: `encodeBase64(Uint8Array.of(0x66))` gives `"Zg=="`. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i] ?? 0;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    const n = (b0 << 16) | ((b1 ?? 0) << 8) | (b2 ?? 0);
    out += ALPHABET.charAt(n >> 18) + ALPHABET.charAt((n >> 12) & 63);
    out += b1 === undefined ? "=" : ALPHABET.charAt((n >> 6) & 63);
    out += b2 === undefined ? "=" : ALPHABET.charAt(n & 63);
  }
  return out;
}

/**
 * The bytes encoded by `text`, or undefined unless it is canonical padded Base64: length a multiple
 * of 4, only alphabet characters, "=" only as one or two final characters, and zero pad bits (RFC 4648
 * §3.5 lets a decoder reject non-canonical input; a strict one must). Example: `decodeBase64("Zg==")`.
 */
export function decodeBase64(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0) return undefined;
  const pad = text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const last = i + 4 === text.length;
    const sextets: number[] = [];
    for (let k = 0; k < 4; k++) {
      const isPadding = last && k >= 4 - pad;
      const value = isPadding ? 0 : ALPHABET.indexOf(text.charAt(i + k));
      if (value < 0) return undefined;
      sextets.push(value);
    }
    const [s0 = 0, s1 = 0, s2 = 0, s3 = 0] = sextets;
    const n = (s0 << 18) | (s1 << 12) | (s2 << 6) | s3;
    if (last && pad === 2 && (n & 0xffff) !== 0) return undefined;
    if (last && pad === 1 && (n & 0xff) !== 0) return undefined;
    out[o++] = n >> 16;
    if (o < out.length) out[o++] = (n >> 8) & 0xff;
    if (o < out.length) out[o++] = n & 0xff;
  }
  return out;
}
