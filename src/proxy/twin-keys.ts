// Two keys of a JSON-RPC message that some JSON reader takes for the same member. Go's encoding/json
// (and so mcp-go, and the Go SDK before v1.3.1) matches keys to fields without regard to case,
// Unicode simple folding included ("paramſ" is "params", "K" is "k"); the Go SDK up to v1.4.0 also
// ignored NUL characters appended to a key. Such a reader keeps the last of
// `"name":"add","Name":"echo"`, the proxy the exact one: it would check one tool or list and pass on
// another (GHSA-wvj2-96wp-fq3f, GHSA-q382-vc8q-7jhj). Only the envelope is looked at: the message
// and its params, result and error, whose members the proxy reads (method, id, params.name,
// result.tools, …). A listed tool needs no look: any key added to it changes its hash. Arguments are
// the host's own, and may hold keys that differ in case only. Pure.
import { isJsonObject, type JsonValue } from "../model/json.js";

export interface TwinKeys {
  /** JSON Pointer of the object that holds both: "" or "/params", "/result", "/error". */
  readonly pointer: string;
  readonly first: string;
  readonly second: string;
}

/** A key that no other key can fold onto: no capital, no NUL, nothing past ASCII. */
const FOLDED = /^[^A-Z\0\u0080-\uffff]*$/;

/**
 * The first pair of distinct keys, of the message or of one of its members that is an object, that
 * fold to the same text; undefined when there is none.
 * @example findTwinKeys({ params: { name: "add", Name: "echo" } }) // { pointer: "/params", first: "name", second: "Name" }
 */
export function findTwinKeys(message: Readonly<Record<string, JsonValue>>): TwinKeys | undefined {
  const top = twinsIn(message, "");
  if (top !== undefined) return top;
  for (const key of Object.keys(message)) {
    const member = message[key]!;
    if (!isJsonObject(member)) continue;
    const found = twinsIn(member, `/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

function twinsIn(object: Readonly<Record<string, JsonValue>>, pointer: string): TwinKeys | undefined {
  const keys = Object.keys(object);
  // Keys already folded cannot fold onto each other: most messages stop here.
  if (keys.length < 2 || keys.every((key) => FOLDED.test(key))) return undefined;
  const seen = new Map<string, string>();
  for (const key of keys) {
    const folded = foldKey(key);
    const twin = seen.get(folded);
    if (twin !== undefined) return { pointer, first: twin, second: key };
    seen.set(folded, key);
  }
  return undefined;
}

/**
 * A key as the most lenient of those readers sees it: NULs dropped, case folded. Upper then lower
 * case folds at least what Unicode simple folding does (ſ → S → s, K → k, ς → Σ → σ); where it
 * folds more (ß → SS → ss), a message is refused that a Go reader would have read right.
 * @example foldKey("Paramſ\u0000") === "params"
 */
export function foldKey(key: string): string {
  return key.replace(/\0/g, "").toUpperCase().toLowerCase();
}
