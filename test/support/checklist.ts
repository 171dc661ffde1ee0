// CHECKLIST.md coverage: which requirement ids the tests prove (they cite the ids in their names or
// next to their assertions, ranges like "T-HTTP-3..16" included), and, for the rest, why mcp-gen's
// own tests do not (the SDK does it, it is the host's or the handler author's job, or it does not
// apply). docs/protocol.md's coverage section is generated from this; a test keeps the two in step.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, specPath } from "./spec-paths.js";

export interface ChecklistItem {
  readonly id: string;
  readonly level: string;
  readonly roles: readonly string[];
}

export type Scope = "sdk" | "host" | "handler" | "not-applicable" | "intermediary";

/** Items no mcp-gen test proves, each with where the requirement is met instead. */
export const NOT_OURS: Readonly<Record<string, { scope: Scope; why: string }>> = {
  "T-CAP-3": { scope: "handler", why: "a generated server's set is fixed by its descriptors; a changing set is a new build" },
  "T-CAP-5": { scope: "handler", why: "filtering tools by the caller's authorization is the server author's code (and then cacheScope must be private)" },
  "T-CAP-6": { scope: "not-applicable", why: "generated servers always advertise tools" },
  "T-DISC-5": { scope: "host", why: "hosts decide what to trust" },
  "T-DISC-6": { scope: "sdk", why: "the SDK client's version negotiation" },
  "T-DISC-7": { scope: "sdk", why: "the SDK client's stdio probe" },
  "T-DESC-9": { scope: "host", why: "display order is the host UI's" },
  "T-NAME-6": { scope: "host", why: "aggregating clients and gateways" },
  "T-NAME-7": { scope: "host", why: "aggregating clients and gateways" },
  "T-REF-2": { scope: "not-applicable", why: "mcp-gen has no mode that fetches $refs" },
  "T-REF-3": { scope: "not-applicable", why: "mcp-gen has no mode that fetches $refs" },
  "T-HDR-16": { scope: "sdk", why: "the SDK client refreshes tools/list and retries after a HeaderMismatch" },
  "T-HTTP-1": { scope: "sdk", why: "the SDK client's transport" },
  "T-HTTP-17": { scope: "intermediary", why: "mcp-gen emits no proxy" },
  "T-HTTP-18": { scope: "intermediary", why: "mcp-gen emits no proxy" },
  "T-HTTP-19": { scope: "intermediary", why: "mcp-gen emits no proxy" },
  "T-HTTP-22": { scope: "sdk", why: "the SDK's per-request SSE streams" },
  "T-HTTP-23": { scope: "sdk", why: "the SDK's SSE responses" },
  "T-HTTP-25": { scope: "sdk", why: "the SDK client's dual-era fallback" },
  "T-STDIO-3": { scope: "sdk", why: "the SDK client's stdio transport" },
  "T-STDIO-5": { scope: "sdk", why: "the SDK's stdio transport carries no headers; the generated client adds Mcp-Param-* on Streamable HTTP only" },
  "T-STDIO-6": { scope: "sdk", why: "the SDK client's subscriptions" },
  "T-META-1": { scope: "sdk", why: "the SDK client's request ids" },
  "T-META-2": { scope: "sdk", why: "the SDK client's _meta envelope" },
  "T-META-3": { scope: "sdk", why: "the SDK client's _meta envelope" },
  "T-META-8": { scope: "host", why: "nothing generated reads clientInfo or serverInfo" },
  "T-META-11": { scope: "host", why: "nothing generated interprets reserved keys" },
  "T-META-12": { scope: "sdk", why: "trace context is passed through by the SDK" },
  "T-META-13": { scope: "sdk", why: "the SDK client's progress tokens" },
  "T-META-16": { scope: "handler", why: "state across calls is the tool's own arguments; across input_required rounds it is the sealed requestState" },
  "T-LIST-1": { scope: "sdk", why: "the SDK client builds tools/list requests" },
  "T-CACHE-4": { scope: "not-applicable", why: "every page of a generated server carries the same ttlMs" },
  "T-CACHE-8": { scope: "sdk", why: "the SDK client's response cache, which the generated client's listTools() uses" },
  "T-CACHE-9": { scope: "sdk", why: "the SDK client's response cache" },
  "T-CACHE-10": { scope: "sdk", why: "the SDK client's response cache" },
  "T-CACHE-11": { scope: "sdk", why: "the SDK client's response cache" },
  "T-CACHE-12": { scope: "not-applicable", why: "an optional early refetch; the generated client does not do it" },
  "T-CALL-1": { scope: "sdk", why: "the SDK client builds tools/call requests" },
  "T-CALL-7": { scope: "handler", why: "content blocks a handler returns pass through unchanged" },
  "T-CALL-8": { scope: "handler", why: "serving resources is outside tools" },
  "T-CALL-9": { scope: "handler", why: "stateful tools are a pattern for handler authors" },
  "T-CONTENT-1": { scope: "sdk", why: "the SDK server validates results against the CallToolResult schema" },
  "T-CONTENT-2": { scope: "sdk", why: "the SDK server validates results against the CallToolResult schema" },
  "T-CONTENT-3": { scope: "sdk", why: "the SDK server validates results against the CallToolResult schema" },
  "T-ERR-5": { scope: "host", why: "what reaches the model is the host's choice" },
  "T-MRTR-9": { scope: "handler", why: "single-use state needs the handler's own store" },
  "T-MRTR-14": { scope: "sdk", why: "the SDK client's input_required retries" },
  "T-MRTR-15": { scope: "sdk", why: "the SDK client's input_required retries" },
  "T-NOTIF-1": { scope: "not-applicable", why: "generated servers advertise listChanged: false" },
  "T-NOTIF-2": { scope: "sdk", why: "subscriptions/listen is served by the SDK" },
  "T-NOTIF-3": { scope: "sdk", why: "subscriptions/listen is served by the SDK" },
  "T-NOTIF-4": { scope: "sdk", why: "subscriptions/listen is served by the SDK" },
  "T-NOTIF-5": { scope: "sdk", why: "the SDK client's subscriptions" },
  "T-NOTIF-6": { scope: "sdk", why: "subscriptions/listen is served by the SDK" },
  "T-NOTIF-7": { scope: "sdk", why: "subscriptions/listen is served by the SDK" },
  "T-NOTIF-8": { scope: "sdk", why: "the SDK client's subscriptions" },
  "T-NOTIF-9": { scope: "sdk", why: "the SDK routes notifications to their request's stream" },
  "T-NOTIF-10": { scope: "sdk", why: "the SDK client's subscriptions" },
  "T-CANCEL-2": { scope: "sdk", why: "the SDK client's cancellation" },
  "T-CANCEL-4": { scope: "sdk", why: "the SDK client's cancellation" },
  "T-CANCEL-5": { scope: "sdk", why: "the SDK's request bookkeeping" },
  "T-CANCEL-7": { scope: "sdk", why: "the SDK client's transport" },
  "T-ANN-4": { scope: "host", why: "hosts decide what annotations mean to them" },
  "T-ANN-5": { scope: "host", why: "hosts decide which servers they trust" },
  "T-ICON-2": { scope: "host", why: "icon rendering" },
  "T-SEC-3": { scope: "handler", why: "rate limiting belongs in front of the HTTP handler (see Security model)" },
  "T-VER-2": { scope: "sdk", why: "the SDK client's version negotiation" },
  "T-VER-3": { scope: "sdk", why: "extension negotiation is the SDK's" },
  "T-VER-4": { scope: "sdk", why: "the SDK client's era cache" },
};

export function checklistItems(): ChecklistItem[] {
  const text = readFileSync(specPath("CHECKLIST.md"), "utf8");
  return [...text.matchAll(/\*\*(T-[A-Z]+-\d+)\*\* · \*\*([A-Za-z ()]+)\*\*(?: ⚑)? · ([A-Z/]+):/g)].map((m) => ({ id: m[1]!, level: m[2]!, roles: m[3]!.split("/") }));
}

/** Ids cited by test files and by the rules' `checklist` metadata (whose fixture tests prove them). */
export function citedIds(): Set<string> {
  const cited = new Set<string>();
  const scan = (dir: string, accept: (name: string) => boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "fixtures") scan(path, accept);
      else if (entry.isFile() && accept(entry.name)) {
        const text = readFileSync(path, "utf8");
        for (const m of text.matchAll(/T-[A-Z]+-\d+/g)) cited.add(m[0]);
        for (const m of text.matchAll(/(T-[A-Z]+)-(\d+)\.\.(\d+)/g)) for (let n = Number(m[2]); n <= Number(m[3]); n++) cited.add(`${m[1]}-${n}`);
      }
    }
  };
  // This file names every id it classifies; it proves none of them.
  scan(join(REPO_ROOT, "test"), (name) => name.endsWith(".ts") && name !== "checklist.ts");
  scan(join(REPO_ROOT, "src/validate/rules"), (name) => name.endsWith(".ts"));
  return cited;
}

const ROLE_NAMES: Readonly<Record<string, string>> = { V: "validator", S: "generated server", C: "generated client", I: "intermediary" };
const SCOPE_NAMES: Readonly<Record<Scope, string>> = {
  sdk: "met by the official SDK",
  host: "the host's (UI, trust, display)",
  handler: "the handler author's",
  "not-applicable": "does not apply",
  intermediary: "intermediaries (mcp-gen emits none)",
};

export function renderChecklistCoverage(): string {
  const items = checklistItems();
  const cited = citedIds();
  const rows = Object.entries(ROLE_NAMES).map(([role, name]) => {
    const mine = items.filter((i) => i.roles.includes(role));
    const proven = mine.filter((i) => cited.has(i.id)).length;
    return `| ${name} | ${mine.length} | ${proven} | ${mine.length - proven} |`;
  });
  const proven = items.filter((i) => cited.has(i.id)).length;
  const others = items.filter((i) => !cited.has(i.id));
  const byScope = (Object.keys(SCOPE_NAMES) as Scope[]).map((scope) => {
    const ids = others.filter((i) => NOT_OURS[i.id]?.scope === scope);
    return ids.length === 0 ? "" : `- **${SCOPE_NAMES[scope]}** (${ids.length}): ${ids.map((i) => `${i.id} (${NOT_OURS[i.id]!.why})`).join("; ")}.`;
  });
  return [
    `${proven} of the ${items.length} requirements of the spec digest (test/data/spec/CHECKLIST.md) are proven by tests that cite their ids; the other ${items.length - proven} are met elsewhere, as listed below. An item can have several roles.`,
    "",
    "| role | items | proven by mcp-gen's tests | met elsewhere |",
    "|---|---|---|---|",
    ...rows,
    "",
    ...byScope.filter((line) => line !== ""),
  ].join("\n");
}
