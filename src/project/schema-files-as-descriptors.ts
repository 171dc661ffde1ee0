// Descriptors that are schema files: a JSON Schema a descriptor `$ref`s (`./schemas/address.json`)
// kept under the folders the tools globs match is read as a tool too, and the rules said what is
// true of it as a tool and useless to its author ("has no name", "has no inputSchema", "field type
// is not part of the Tool"), with no word of why it was read as one. A file the globs match that has
// neither `name` nor `inputSchema`, and that a `$ref` of the project names, gets one finding instead,
// saying so, with the config line that leaves it out; it is not checked as a tool.
import { posix } from "node:path";
import type { Config } from "../config/config.js";
import { globBase } from "../config/glob-base.js";
import { mayMatchFile } from "../config/glob-reach.js";
import { diagnosticAtPointer } from "../load/locate.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { isJsonObject, type JsonValue } from "../model/json.js";
import { refFilePaths } from "../resolve/collect-refs.js";
import type { ProjectFile } from "../resolve/project-file.js";

/** Characters a glob reads as a pattern: escaped in a path written into one. */
const GLOB_MAGIC = /[*?[\]{}()!+@\\]/g;

/**
 * The descriptor-is-schema finding for each of `candidates` (descriptors about to be resolved) that
 * is a schema file, by path; empty when none is. `files` holds every file read, whose `$ref`s are
 * looked at only when some candidate has neither `name` nor `inputSchema`.
 * @example schemaFilesAsDescriptors(["tools/schemas/address.json", "tools/t.yaml"], allDescriptors, files, config) // Map { "tools/schemas/address.json" => Diagnostic }
 */
export function schemaFilesAsDescriptors(
  candidates: readonly string[],
  descriptors: readonly string[],
  files: ReadonlyMap<string, ProjectFile>,
  config: Pick<Config, "tools">,
): Map<string, Diagnostic> {
  const found = new Map<string, Diagnostic>();
  const toolless = new Set(candidates.filter((path) => isToolless(files.get(path))));
  if (toolless.size === 0) return found;
  const referrers = new Map<string, string[]>();
  for (const [path, file] of files) {
    if (file.status !== "ok") continue;
    for (const target of new Set(refFilePaths(file.doc.value, path))) {
      if (target !== path && toolless.has(target)) referrers.set(target, [...(referrers.get(target) ?? []), path]);
    }
  }
  for (const [path, by] of referrers) {
    const doc = (files.get(path) as ProjectFile & { status: "ok" }).doc;
    found.set(
      path,
      diagnosticAtPointer(doc, "", {
        ruleId: "descriptor-is-schema",
        severity: "error",
        message: `${path} has no "name" and ${referrersText(by.sort())} $ref${by.length === 1 ? "s" : ""} it: it is a schema file, not a tool, but the tools glob ${globText(config.tools, path)} reads it as a descriptor.`,
        hint: `Leave it out of the descriptors in mcp-gen.config.yaml with tools: [${[...config.tools, `!${exclusion(path, descriptors, referrers, config.tools)}`].map((glob) => JSON.stringify(glob)).join(", ")}], or move it out of the folders the tools globs match (schemas/ beside tools/) and update the $refs to it.`,
      }),
    );
  }
  return found;
}

/** Whether `file` parsed into an object with neither `name` nor `inputSchema`: nothing of a tool. */
function isToolless(file: ProjectFile | undefined): boolean {
  return file?.status === "ok" && isToollessValue(file.doc.value);
}

/**
 * Whether `value` (a descriptor, or a tool's wire form) is an object with neither `name` nor
 * `inputSchema`: whether it is a schema file turns on the other files' `$ref`s, so a tool checked
 * before is checked again (analyzeProjectWith), not taken as it was.
 * @example isToollessValue({ type: "object" }) === true
 */
export function isToollessValue(value: JsonValue): boolean {
  return isJsonObject(value) && !Object.hasOwn(value, "name") && !Object.hasOwn(value, "inputSchema");
}

function referrersText(by: readonly string[]): string {
  return by.length === 1 ? by[0]! : `${by[0]} and ${by.length - 1 === 1 ? "1 other file" : `${by.length - 1} other files`}`;
}

function globText(globs: readonly string[], path: string): string {
  const matching = globs.find((glob) => mayMatchFile(glob, path));
  return JSON.stringify(matching ?? globs[0]);
}

/**
 * What to leave out: the file's folder (`tools/schemas/**`) when every descriptor in it is a schema
 * file and it is no folder a glob starts from, else the file alone.
 */
function exclusion(path: string, descriptors: readonly string[], schemaFiles: ReadonlyMap<string, unknown>, globs: readonly string[]): string {
  const folder = posix.dirname(path);
  const starts = new Set(globs.map(globBase));
  const inFolder = descriptors.filter((descriptor) => descriptor.startsWith(`${folder}/`));
  const escaped = (text: string) => text.replace(GLOB_MAGIC, "\\$&");
  if (folder !== "." && !starts.has(folder) && inFolder.every((descriptor) => schemaFiles.has(descriptor))) return `${escaped(folder)}/**`;
  return escaped(path);
}
