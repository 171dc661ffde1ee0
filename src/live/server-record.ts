// Where `mcp-gen import` took a server's tools from, and who the server said it is → the lock's
// record of the server (LockFile.server), and what comparing a record with a server finds. The
// record is committed, so nothing secret goes into it: no header or environment value (neither is
// even read here), a URL without its user, password, query or fragment (tokens travel there), and in
// a command every argument that carries a credential (`--api-key X`, `--token=X`, `API_KEY=X`, a
// URL's query) shown as <redacted>. A client config's `${env:NAME}` stays unfilled, as written.
// Pure.
import type { ServerRecord } from "../model/lock.js";
import type { LiveTarget, ServerInfo } from "./live-connection.js";
import { visibleLine } from "../diff/visible-text.js";
import { publicUrl } from "./public-url.js";

/** What a lock shows in place of a value that may be a credential. */
export const REDACTED = "<redacted>";

/** A live server, or a saved tools/list answer (`display`: its path from the project root, or its name). */
export type PinSource = LiveTarget | { readonly kind: "file"; readonly display: string };

/**
 * @example serverRecord({ kind: "http", url: new URL("https://u:p@x.example/mcp?key=1"), headers: {} }, { name: "x", version: "1.0" })
 * // { name: "x", version: "1.0", url: "https://x.example/mcp" }
 */
export function serverRecord(source: PinSource, info: { readonly name?: string | undefined; readonly version?: string | undefined } | undefined): ServerRecord {
  const who = { ...(info?.name !== undefined ? { name: info.name } : {}), ...(info?.version !== undefined ? { version: info.version } : {}) };
  switch (source.kind) {
    case "stdio":
      return { ...who, command: redactCommand(source.written ?? [source.command, ...source.args]) };
    case "http":
      return { ...who, url: publicUrl(source.written ?? source.url.href) };
    case "file":
      return { ...who, file: source.display };
  }
}

/**
 * Command words with every credential they carry redacted: the value of an option or assignment
 * whose name says it is one (`--token X`, `--api-key=X`, `API_KEY=X`, `-p X` is not: only names),
 * a header line's value (`Authorization: Bearer X`), and a URL's user and query. A value that is
 * only a client config's `${...}` variable is no secret and stays.
 */
export function redactCommand(words: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const option = /^(--?)([A-Za-z0-9][A-Za-z0-9_.-]*)$/.exec(word);
    if (i > 0 && option && secretName(option[2]!) && i + 1 < words.length && !words[i + 1]!.startsWith("-")) {
      out.push(word, redactValue(words[i + 1]!));
      i++;
      continue;
    }
    out.push(i === 0 ? word : redactWord(word));
  }
  return out;
}

function redactWord(word: string): string {
  const assignment = /^(-{0,2}[A-Za-z_][A-Za-z0-9_.-]*)=([\s\S]*)$/.exec(word);
  if (assignment) return `${assignment[1]}=${secretName(assignment[1]!.replace(/^-+/, "")) ? redactValue(assignment[2]!) : redactUrl(assignment[2]!)}`;
  // A header line, "Authorization: Bearer X" (a URL's "https://" is not one).
  const header = /^([A-Za-z0-9_-]+)\s*:(?!\/\/)\s*\S/.exec(word);
  if (header && secretName(header[1]!)) return `${header[1]}: ${REDACTED}`;
  return redactUrl(word);
}

function redactValue(value: string): string {
  return /^\$\{[^}]*\}$/.test(value) ? value : REDACTED;
}

/** A word that is a URL, as publicUrl shows it; any other word as it is. */
function redactUrl(word: string): string {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word) ? publicUrl(word) : word;
}

/** Whether an option, variable or header name says that its value is a credential. */
export function secretName(name: string): boolean {
  const lower = name.toLowerCase();
  return /token|secret|passw|pwd|api[-_.]?key|auth|credential|bearer|cookie|session|private[-_.]?key|access[-_.]?key/.test(lower) || /^(?:key|pass|sig|signature)$/.test(lower);
}

/** What comparing the server a lock pins with the one that answered found. */
export type ServerMatch =
  /** The lock records no server name, or the server sent none: nothing to compare. */
  | { readonly kind: "unknown" }
  | { readonly kind: "same"; readonly versionChanged: boolean }
  /** The server says it is another one: its tools are not that server's, changed or not. */
  | { readonly kind: "other" };

/** @example compareServer({ name: "memory" }, { name: "everything", version: "1.0", era: "legacy" }).kind === "other" */
export function compareServer(pinned: ServerRecord | undefined, live: Pick<ServerInfo, "name" | "version"> | undefined): ServerMatch {
  if (pinned?.name === undefined || live?.name === undefined) return { kind: "unknown" };
  if (pinned.name !== live.name) return { kind: "other" };
  return { kind: "same", versionChanged: pinned.version !== undefined && live.version !== undefined && pinned.version !== live.version };
}

/**
 * `"memory-server" 0.6.3 (node dist/index.js)`: a record as a message names it, on one line. The
 * version is the server's own word (or a lock's), so its line breaks and escapes show as <U+...>.
 */
export function describeRecord(record: ServerRecord): string {
  const who = record.name === undefined ? "a server that sent no name" : `${JSON.stringify(record.name)}${record.version ? ` ${record.version}` : ""}`;
  const from = record.command ? record.command.join(" ") : (record.url ?? record.file);
  return visibleLine(from === undefined ? who : `${who} (${from})`);
}
