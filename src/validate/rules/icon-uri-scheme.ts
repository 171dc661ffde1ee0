import { getOwn } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { codePointLabel, isHiddenCharacter, quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { checkDataUri, type Finding } from "./icon-uri-scheme/check-data-uri.js";

// RFC 3986 § 2: unreserved and reserved characters; "%" only as the start of a %XX escape.
const URI_CHARACTER = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]$/;

const HINT = 'Host the icon at an https: URL such as "https://example.com/icon.png", or embed it as a "data:image/png;base64,..." URI.';

export const iconUriScheme = defineRule({
  id: "icon-uri-scheme",
  summary: "Every icon src is a well-formed https: URL or data: URI.",
  description:
    "Clients must refuse icon URIs with unsafe schemes: only `https:` and `data:` are acceptable, so `http:` (anyone on the " +
    "path can swap the image), `javascript:`, `file:`, `ftp:`, `ws:` and app-local schemes are reported, as are relative or " +
    "malformed URIs, an https: URL without a host or with credentials in it, and a data: URI that is not an image or whose " +
    "Base64 is broken. An SVG data: URI is decoded and gets a warning when it holds scripts, event handlers, " +
    "`javascript:` links or embedded HTML, because SVG can execute if a client renders it inline; other SVG icons are fine.",
  defaultSeverity: "error",
  breaks: ["client", "safety"],
  must: true,
  why: "Clients must refuse such an icon, so it never shows where the spec is followed, and a javascript:, file: or " + "http: source is unsafe in a client that does not follow it.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § icons; schema.ts Icon.src",
  checklist: ["T-ICON-3", "T-ICON-4", "T-ICON-1"],
  check(tool, report) {
    const icons = getOwn(tool.wire, "icons");
    if (!Array.isArray(icons)) return; // tool-shape reports it
    icons.forEach((icon, index) => {
      const src = getOwn(icon, "src");
      if (typeof src !== "string") return;
      const finding = checkIconSrc(src);
      if (finding !== undefined) report({ pointer: joinPointer("/icons", index, "src"), ...finding });
    });
  },
});

function checkIconSrc(src: string): Finding | undefined {
  const q = quoteValue(src);
  // Browsers drop tabs and line breaks anywhere and spaces at the ends before reading the scheme
  // ("java\nscript:"), so the scheme is judged the way a client would see it.
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(src.replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, ""))?.[1]?.toLowerCase();
  if (scheme === undefined) {
    return { message: `Icon src ${q} is not an absolute URI, so a client cannot tell where to load it from.`, hint: HINT };
  }
  if (scheme !== "https" && scheme !== "data") return { message: refusedScheme(q, scheme), hint: scheme === "http" ? httpsHint(src) : HINT };
  const bad = describeBadCharacter(src);
  if (bad !== undefined) {
    const hint = bad.startsWith('a "%"')
      ? 'Write a literal "%" as "%25".'
      : scheme === "data"
        ? "Base64-encode the image data, or percent-encode the character."
        : 'Percent-encode the character, for example a space as "%20".';
    return { message: `Icon src ${q} is not a valid URI: it contains ${bad}.`, hint };
  }
  return scheme === "data" ? checkDataUri(src) : checkHttps(src);
}

function refusedScheme(q: string, scheme: string): string {
  if (scheme === "http") return `Icon src ${q} uses http:, which clients must refuse because anyone on the network path can replace the image.`;
  if (scheme === "javascript" || scheme === "vbscript") return `Icon src ${q} uses ${scheme}:, which would run script in the client.`;
  if (scheme === "file") return `Icon src ${q} uses file:, which points into the file system of whoever displays it.`;
  return `Icon src ${q} uses the scheme "${scheme}:", which clients must refuse; only https: and data: icons are allowed.`;
}

function httpsHint(src: string): string {
  return `Serve it over https: as ${quoteValue(src.replace(/^\s*http:/i, "https:"))}.`;
}

function checkHttps(src: string): Finding | undefined {
  const q = quoteValue(src);
  const authority = /^https:\/\/([^/?#]*)/i.exec(src)?.[1];
  if (authority === undefined || authority.replace(/:\d*$/, "") === "" || !URL.canParse(src)) {
    return { message: `Icon src ${q} has no valid host, which an https: URL names after "https://".`, hint: 'Write the full URL, for example "https://example.com/icon.png".' };
  }
  if (authority.includes("@")) {
    return {
      message: `Icon src ${q} carries a user name or password, which every client that shows the icon would see.`,
      hint: 'Remove the part before "@" and serve the icon without credentials.',
    };
  }
  return undefined;
}

/** The first character that cannot appear in a URI, described for a message; undefined when there is none. */
function describeBadCharacter(src: string): string | undefined {
  for (let i = 0; i < src.length; ) {
    const char = String.fromCodePoint(src.codePointAt(i)!);
    if (char === "%") {
      if (!/^%[0-9A-Fa-f]{2}$/.test(src.slice(i, i + 3))) return 'a "%" that does not start a %XX escape';
      i += 3;
      continue;
    }
    if (!URI_CHARACTER.test(char)) {
      const label = codePointLabel(char.codePointAt(0)!);
      return char === " " ? "a space" : isHiddenCharacter(char) ? label : `${quoteValue(char)} (${label})`;
    }
    i += char.length;
  }
  return undefined;
}
