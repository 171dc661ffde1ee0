// How one constraint moved (schema-keywords.ts), for arguments or for output → its class and the kind
// of change. Arguments are what callers send: fewer allowed values break them. Output is what they
// receive: a retyped value breaks them, fewer values do not, and more need a look. Pure.
import type { JsonValue } from "../model/json.js";
import type { ChangeClass } from "./change.js";
import type { ConstraintChange, Movement } from "./schema-keywords.js";

export function inputClass(change: ConstraintChange, family: "type" | "enum" | "limit"): [ChangeClass, string] {
  if (family === "enum" && (change.removed?.length ?? 0) > 0) return ["breaking", "argument-enum-value-removed"];
  if (change.movement === "widened") {
    if (family === "enum") return ["compatible", change.added?.length ? "argument-enum-value-added" : "argument-type-widened"];
    return ["compatible", family === "limit" ? "argument-limit-loosened" : "argument-type-widened"];
  }
  if (family === "limit") return ["breaking", change.movement === "narrowed" ? "argument-limit-tightened" : "argument-limit-changed"];
  return ["breaking", change.movement === "narrowed" ? "argument-type-narrowed" : "argument-type-changed"];
}

export function outputClass(change: ConstraintChange, family: "type" | "enum" | "limit"): [ChangeClass, string] {
  if (family === "type") return ["breaking", "output-type-changed"];
  if (change.movement === "narrowed") return ["compatible", family === "enum" ? "output-enum-value-removed" : "output-limit-tightened"];
  if (family === "enum") return ["needs-review", (change.added?.length ?? 0) > 0 ? "output-enum-value-added" : "output-enum-removed"];
  return ["needs-review", change.movement === "widened" ? "output-limit-loosened" : "output-limit-changed"];
}

/**
 * An output element that may be any value now breaks callers as a retyped field does; one that may
 * now be there at all (it was `false`) is a longer array, a limit loosened.
 */
export function outputElementClass(movement: Movement, before: JsonValue | undefined): [ChangeClass, string] {
  if (movement === "narrowed") return ["compatible", "output-limit-tightened"];
  if (movement === "widened" && before === false) return ["needs-review", "output-limit-loosened"];
  return ["breaking", "output-type-changed"];
}
