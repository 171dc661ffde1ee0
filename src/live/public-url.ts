// A URL as written → what may be shown or recorded of it: scheme, host, port and path. Its user,
// password, query and fragment go (tokens travel there), so that neither the lock nor a message in
// a CI log holds them. Textual, so that a client config's unfilled `${env:BASE}/mcp` works too.

/** @example publicUrl("https://me:pw@x.example:8443/mcp?key=1#a") === "https://x.example:8443/mcp" */
export function publicUrl(text: string): string {
  const cut = text.search(/[?#]/);
  const base = cut === -1 ? text : text.slice(0, cut);
  return base.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/)[^/]*@/, "$1");
}
