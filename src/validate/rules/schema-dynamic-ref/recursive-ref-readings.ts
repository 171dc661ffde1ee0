// A schema's `$recursiveRef: "#"`s → those ajv reads otherwise than JSON Schema does, with the schema
// each reading checks the value against, in words. Where each one points comes from
// src/model/dynamic-ref-targets.ts; this file only picks the ones that differ and names them.
//
// JSON Schema 2019-09 Core § 8.2.4.2: "#" names the root of the resource the keyword is in (the
// nearest `$id`, else the document's root); only when that root sets `$recursiveAnchor: true` does
// it name instead the outermost resource with `$recursiveAnchor: true` that validation passed
// through. A `$recursiveAnchor` anywhere but at a resource root means nothing. 2020-12 has no such
// keyword, so there it checks nothing.
//
// ajv (vocabularies/dynamic/dynamicRef.ts, in both its 2019-09 and 2020-12 classes) checks the value
// against the first schema with `$recursiveAnchor: true` that validation has entered, resource root
// or not, and before any against the function it is compiled in: the root, or the nearest schema
// that a `$ref` names (one holding a `$recursiveRef` is never inlined), whatever `$id` says.
import type { Dialect } from "../../../model/dialect.js";
import { certainTarget, dynamicRefTargets, type DynamicRefReading } from "../../../model/dynamic-ref-targets.js";
import { getOwn, isJsonObject, valueAt, type JsonValue } from "../../../model/json.js";
import { splitPointer } from "../../../model/pointer.js";
import { resourceAt, schemaResources } from "../../../model/schema-resources.js";

export interface RecursiveRefReading {
  /** The schema holding `$recursiveRef`, a pointer from the schema's root. */
  readonly pointer: string;
  /** What JSON Schema checks the value against, in words; undefined under 2020-12, where nothing. */
  readonly spec: string | undefined;
  /** What ajv checks it against, in words. */
  readonly ajv: string;
  /** The `$ref` that means what JSON Schema means, when one does. */
  readonly ref: string | undefined;
}

/**
 * @example recursiveRefReadings({ $defs: { n: { $recursiveAnchor: true, items: { $recursiveRef: "#" } } }, $ref: "#/$defs/n" }, "2019-09")
 *   // [{ pointer: "/$defs/n/items", spec: 'the schema root ("#"), which sets no "$recursiveAnchor"', ajv: '"#/$defs/n"', ref: "#" }]
 */
export function recursiveRefReadings(root: JsonValue, dialect: Dialect): RecursiveRefReading[] {
  if (dialect === "draft-07" || !isJsonObject(root)) return [];
  const resources = schemaResources(root);
  const readings: RecursiveRefReading[] = [];
  for (const site of dynamicRefTargets(root, dialect, resources)) {
    // ajv never compiles one no path of validation reaches: it checks nothing by it.
    if (site.keyword !== "$recursiveRef" || site.ref !== "#" || site.ajv.kind === "none") continue;
    const ajv = ajvWords(site.ajv);
    if (dialect === "2020-12") {
      readings.push({ pointer: site.pointer, spec: undefined, ajv, ref: undefined });
      continue;
    }
    const spec = certainTarget(site.spec);
    if (spec !== undefined && spec === certainTarget(site.ajv)) continue;
    const ref = spec === undefined ? undefined : spec === "" ? "#" : resourceAt(resources, site.pointer).uri || `#${spec}`;
    readings.push({ pointer: site.pointer, spec: specWords(root, spec), ajv, ref });
  }
  return readings;
}

/** § 8.2.4.2: the resource's root, or, when that sets `$recursiveAnchor`, the outermost resource that does. */
function specWords(root: JsonValue, target: string | undefined): string {
  if (target === undefined) return 'the outermost resource with "$recursiveAnchor": true that validation passed through';
  if (getOwn(valueAt(root, splitPointer(target)), "$recursiveAnchor") !== true) return `${named(target)}, which sets no "$recursiveAnchor"`;
  return named(target);
}

/** What ajv checks against: the function the keyword runs in, or the first anchored schema entered. */
function ajvWords(reading: Exclude<DynamicRefReading, { kind: "none" }>): string {
  const functions = reading.kind === "certain" ? reading.targets : (reading.before ?? []);
  // A schema reached in place from several functions runs in each, and checks against the one it runs in.
  const compiledIn = functions.length > 1 ? `${named(functions.at(-1)!)} when reached through a "$ref", else the function around it` : named(functions[0]!);
  if (reading.kind === "certain") return compiledIn;
  const anchored = reading.targets;
  const which = anchored.length === 1 ? named(anchored[0]!.pointer) : 'the first schema with "$recursiveAnchor": true';
  return `${which} once validation has passed through it, and ${compiledIn} before`;
}

function named(pointer: string): string {
  return pointer === "" ? 'the schema root ("#")' : JSON.stringify(`#${pointer}`);
}
