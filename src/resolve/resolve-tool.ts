// SourceDoc of one descriptor → ResolvedTool: the wire Tool (file `$ref`s bundled, `x-mcp-gen`
// split off) with the provenance of every bundled part. Reads nothing: every file a `$ref` may name
// comes in `files`, already loaded (or refused) by the caller.
import type { Diagnostic, StageResult } from "../model/diagnostic.js";
import { defineOwn, isJsonObject, type JsonValue } from "../model/json.js";
import { joinPointer } from "../model/pointer.js";
import type { ResolvedTool, SourceDoc, SourceMount } from "../model/source.js";
import { diagnosticAtPointer, diagnosticInTool, mountFor } from "../load/locate.js";
import { bundleSchema } from "./bundle-schema.js";
import { findRefCycles, type RefCycle } from "./find-ref-cycles.js";
import type { ProjectFile } from "./project-file.js";

/** The top-level key that holds authoring-only data; never sent on the wire, never hashed. */
export const AUTHORING_KEY = "x-mcp-gen";

const SCHEMA_KEYS = ["inputSchema", "outputSchema"] as const;

/**
 * @example resolveTool(doc, new Map([["schemas/address.yaml", { status: "ok", doc: addressDoc }]]))
 */
export function resolveTool(doc: SourceDoc, files: ReadonlyMap<string, ProjectFile>): StageResult<ResolvedTool | undefined> {
  if (!isJsonObject(doc.value)) {
    const kind = Array.isArray(doc.value) ? "an array" : doc.value === null ? "null" : `a ${typeof doc.value}`;
    return {
      value: undefined,
      diagnostics: [
        diagnosticAtPointer(doc, "", {
          ruleId: "descriptor-not-object",
          severity: "error",
          message: `${doc.file} holds ${kind}, but a descriptor is one MCP Tool object.`,
          hint: "Write one mapping with name, description and inputSchema; put each tool in its own file.",
        }),
      ],
    };
  }
  const diagnostics: Diagnostic[] = [];
  const mounts: SourceMount[] = [{ wirePointer: "", file: doc.file, sourcePointer: "" }];
  const wire: Record<string, JsonValue> = {};
  for (const key of Object.keys(doc.value)) {
    if (key === AUTHORING_KEY) continue;
    let value: JsonValue = doc.value[key]!;
    if ((SCHEMA_KEYS as readonly string[]).includes(key) && (isJsonObject(value) || typeof value === "boolean")) {
      const bundled = bundleSchema({ doc, sourcePointer: joinPointer("", key), wirePointer: joinPointer("", key), files });
      value = bundled.schema;
      mounts.push(...bundled.mounts);
      diagnostics.push(...bundled.diagnostics);
    }
    defineOwn(wire, key, value);
  }
  const tool: ResolvedTool = { file: doc.file, wire, authoring: doc.value[AUTHORING_KEY], mounts };
  diagnostics.push(...refCycleDiagnostics(tool, doc, files));
  return { value: tool, diagnostics };
}

function refCycleDiagnostics(tool: ResolvedTool, doc: SourceDoc, files: ReadonlyMap<string, ProjectFile>): Diagnostic[] {
  const out: Diagnostic[] = [];
  let docs: Map<string, SourceDoc> | undefined;
  for (const key of SCHEMA_KEYS) {
    const schema = tool.wire[key];
    if (schema === undefined) continue;
    for (const cycle of findRefCycles(schema)) {
      // Placing a report needs every file (a cycle may pass through a $ref'd one): gathered only
      // for a tool that has a cycle, not once per tool of a project of thousands.
      if (!docs) {
        docs = new Map<string, SourceDoc>([[doc.file, doc]]);
        for (const [path, file] of files) if (file.status === "ok") docs.set(path, file.doc);
      }
      const chain = chainText(tool, key, cycle.chain);
      out.push(
        diagnosticInTool(tool, docs, `/${key}${cycle.refPointer}`, {
          ruleId: "ref-cycle",
          severity: "error",
          message: refCycleMessage(cycle, chain, cycle.scope && chainText(tool, key, [cycle.scope.entered])),
          hint: cycle.scope
            ? `Make the recursion pass through properties or items, or write "$ref" to the schema the value must match: which schema declaring ${anchorKeyword(cycle.scope.anchor)} the reference names depends on the path validation took.`
            : "Make the recursion pass through properties or items, so each step validates a smaller part of the value.",
        }),
      );
    }
  }
  return out;
}

/**
 * The steps of a ref cycle as a message names them: "#/$defs/A → #/$defs/B → #/$defs/A", as the
 * schema writes its refs, when the loop stays in the descriptor. One that passes through `$ref`'d
 * files names each step by file and pointer in it ("schemas/a.yaml#/A → schemas/b.yaml#/B → …"):
 * the bundled copies' names ("#/$defs/A") are written in none of them.
 */
function chainText(tool: ResolvedTool, key: string, chain: readonly string[]): string {
  const steps = chain.map((pointer) => {
    const wirePointer = `/${key}${pointer}`;
    const mount = mountFor(tool.mounts, wirePointer);
    return mount ? { file: mount.file, pointer: mount.sourcePointer + wirePointer.slice(mount.wirePointer.length) } : { file: tool.file, pointer: wirePointer };
  });
  if (steps.every((step) => step.file === tool.file)) return chain.map((pointer) => `#${pointer}`).join(" → ");
  return steps.map((step) => `${step.file}#${step.pointer}`).join(" → ");
}

/** The loop in words: a `$dynamicRef` or `$recursiveRef` says whose reading of it loops, and on which path when that depends on it. */
function refCycleMessage(cycle: RefCycle, chain: string, entered: string | undefined): string {
  const keyword = cycle.refPointer.slice(cycle.refPointer.lastIndexOf("/") + 1);
  if (keyword === "$ref") return `This $ref loops back without descending into the value (${chain}), so validation would never end.`;
  const reader = cycle.reading === "ajv" ? "ajv, the validator of the official SDKs and of the code mcp-gen generates, reads it" : "JSON Schema reads it";
  if (cycle.scope) {
    return `This ${keyword} loops back without descending into the value (${chain}) as ${reader} where validation enters "${entered}" first of the resources that declare ${anchorKeyword(cycle.scope.anchor)}, so validation of a value that takes that path would never end.`;
  }
  return `This ${keyword} loops back without descending into the value (${chain}) as ${reader}, so validation would never end.`;
}

/** The anchor a `$dynamicRef` or `$recursiveRef` looks up, as written: `"$dynamicAnchor": "node"`, or `"$recursiveAnchor": true` for "". */
function anchorKeyword(anchor: string): string {
  return anchor === "" ? '"$recursiveAnchor": true' : `"$dynamicAnchor": ${JSON.stringify(anchor)}`;
}
