// data: icon URIs (RFC 2397) for icon-uri-scheme. In: a src that starts with "data:" and holds only URI
// characters. Out: what is wrong with it, if anything: not an image, broken Base64, or an SVG that
// carries active content (T-ICON-4: clients must treat SVG as possibly executable).
import { quoteValue } from "@mcp-gen/runtime/quote-value";
import type { RuleReport } from "../../define-rule.js";

export type Finding = Omit<RuleReport, "pointer">;

const ACTIVE_CONTENT: readonly (readonly [RegExp, string])[] = [
  [/<script\b/i, "a <script> element"],
  [/<foreignObject\b/i, "a <foreignObject> element with embedded HTML"],
  [/<(iframe|embed|object)\b/i, "an embedded frame or object"],
  [/\son[a-z]+\s*=/i, "an event handler attribute"],
  [/javascript\s*:/i, "a javascript: link"],
];

/** Example: `checkDataUri("data:text/html,<b>hi</b>")` says it is not an image. */
export function checkDataUri(src: string): Finding | undefined {
  const q = quoteValue(src);
  const comma = src.indexOf(",");
  if (comma < 0) {
    return { message: `Icon src ${q} is a data: URI without the "," that starts its data.`, hint: 'Write it as "data:image/png;base64," followed by the Base64 of the image.' };
  }
  const params = src.slice("data:".length, comma).split(";");
  const isBase64 = params.length > 1 && params.at(-1)!.toLowerCase() === "base64";
  const mediaType = decode(params[0]!).trim().toLowerCase() || "text/plain"; // RFC 2397 default
  if (!/^image\/[a-z0-9!#$&^_.+-]+$/.test(mediaType)) {
    return {
      message: `Icon src ${q} is a data: URI of type ${quoteValue(mediaType)}, not an image.`,
      hint: 'Embed a PNG, JPEG, WebP or SVG image, for example "data:image/png;base64,...".',
    };
  }
  const data = src.slice(comma + 1);
  if (data === "") return { message: `Icon src ${q} is a data: URI with no image data after the ",".`, hint: "Put the Base64 of the image after the comma." };
  if (isBase64 && !isBase64Text(decode(data))) {
    return {
      message: `Icon src ${q} says ";base64" but its data is not valid Base64.`,
      hint: "Encode the image again with standard Base64 (A-Z, a-z, 0-9, + and /, padded with =).",
    };
  }
  if (mediaType !== "image/svg+xml") return undefined;
  const svg = isBase64 ? Buffer.from(decode(data), "base64").toString("utf8") : decode(data);
  const active = ACTIVE_CONTENT.find(([pattern]) => pattern.test(svg));
  if (active === undefined) return undefined;
  return {
    severity: "warning",
    message: `Icon src ${q} is an SVG that contains ${active[1]}, which runs as script if a client renders the SVG inline.`,
    hint: "Remove scripts, event handlers and embedded HTML from the SVG, or embed the icon as a PNG.",
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

// WHATWG forgiving-base64: padding is optional, but a length of 4n+1 cannot be decoded.
function isBase64Text(text: string): boolean {
  const unpadded = text.length % 4 === 0 ? text.replace(/={1,2}$/, "") : text;
  return unpadded.length % 4 !== 1 && /^[A-Za-z0-9+/]*$/.test(unpadded);
}
