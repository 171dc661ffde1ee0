// Tools as a live server listed them → the descriptor files `mcp-gen import` writes: one readable
// YAML file per tool (JSON when YAML would not read back as exactly the same value), named after the
// tool, collision-free even on case-insensitive file systems. Pure. Every file is read back with
// mcp-gen's own loader before it is accepted, so a build hashes exactly what the server sent; a tool
// that reads back from neither form (past the configured load limits) is refused, never written.
import { type ScalarTag, stringify, type Tags } from "yaml";
import { assignToolNames } from "../emit/names.js";
import { canonicalJson, findJcsProblem } from "../lock/canonical-json.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { defineOwn, getOwn, nestsDeeperThan, type JsonObject, type JsonValue } from "../model/json.js";
import type { ResolvedTool } from "../model/source.js";
import type { LoadLimits } from "../load/limits.js";
import { decodeSource } from "../load/decode-source.js";
import { loadDocument } from "../load/load-document.js";
import { agreedNumber } from "../load/yaml-1-1-scalar.js";
import { liveProblem, type LiveResult } from "./live-problem.js";

export interface ImportPlan {
  /** One descriptor file per tool, in the order the server listed them. */
  readonly files: readonly GeneratedFile[];
  /** The same tools as the lock records them: each file with the exact object the server sent. */
  readonly tools: readonly ResolvedTool[];
  /** Files written as JSON, and why. */
  readonly notes: readonly string[];
}

const HEADER = [
  " Imported by `mcp-gen import` from a live server's tools/list, exactly as the server sent it.",
  " mcp-tools.lock.json pins this descriptor; `mcp-gen verify` reports any change the server makes.",
].join("\n");

/**
 * Deepest tool written as YAML: the yaml package renders recursively and exhausts the stack near a
 * thousand levels, and the loader's estimate of YAML nesting counts two levels per indent anyway.
 */
const YAML_MAX_DEPTH = 128;

/** The fields people read first, in this order; any other field follows in the server's order. */
const FIRST = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"];

/**
 * @example planImport(live.tools, "tools", config.load).value.files[0].path === "tools/echo.yaml"
 */
export function planImport(tools: readonly JsonObject[], dir: string, limits: LoadLimits): LiveResult<ImportPlan> {
  const reserved = tools.find((tool) => getOwn(tool, "x-mcp-gen") !== undefined);
  if (reserved) {
    return liveProblem(
      "bad-tool",
      `The server's tool ${JSON.stringify(reserved.name)} has a top-level "x-mcp-gen" field, which mcp-gen reserves for authoring data and strips from descriptors; it cannot be imported faithfully.`,
    );
  }
  const names = assignToolNames(tools.map((tool) => tool.name as string));
  const files: GeneratedFile[] = [];
  const resolved: ResolvedTool[] = [];
  const notes: string[] = [];
  for (let i = 0; i < tools.length; i++) {
    const tool = tools[i]!;
    const stem = `${dir}/${names[i]!.file}`;
    const deep = nestsDeeperThan(tool, YAML_MAX_DEPTH);
    const yaml = deep ? undefined : { path: `${stem}.yaml`, contents: renderYaml(tool) };
    // Indenting costs a line per level: deep tools are written on one line.
    const json = { path: `${stem}.json`, contents: JSON.stringify(tool, null, deep ? undefined : 2) + "\n" };
    // A lone surrogate cannot be written as UTF-8; only JSON's \u escape keeps it.
    let file = yaml !== undefined && findJcsProblem(tool)?.kind !== "lone-surrogate" && readBack(yaml, tool, limits) === true ? yaml : undefined;
    if (file === undefined) {
      const again = readBack(json, tool, limits);
      if (again !== true) {
        return liveProblem(
          "bad-tool",
          `The server's tool ${JSON.stringify(tool.name)} cannot be written as a descriptor that mcp-gen reads back as sent (${again}); raise the limits under \`load:\` in mcp-gen.config.yaml to import it.`,
        );
      }
      file = json;
      notes.push(`${json.path} is JSON: ${deep ? `the tool nests more than ${YAML_MAX_DEPTH} levels deep` : "the tool does not read back from YAML as exactly the same value"}.`);
    }
    files.push(file);
    resolved.push({ file: file.path, wire: tool, authoring: undefined, mounts: [{ wirePointer: "", file: file.path, sourcePointer: "" }] });
  }
  return { ok: true, value: { files, tools: resolved, notes } };
}

function renderYaml(tool: JsonObject): string {
  const ordered: Record<string, JsonValue> = {};
  for (const key of [...FIRST.filter((key) => getOwn(tool, key) !== undefined), ...Object.keys(tool).filter((key) => !FIRST.includes(key))]) {
    defineOwn(ordered, key, tool[key]!);
  }
  // YAML 1.2, written so that YAML 1.1 readers read the same values (the loader's yaml-1-1-scalar):
  // strings such as "on", "n" and "1:20" quoted, numbers such as 1e-7 with a point (1.0e-7).
  const body = stringify(ordered, { version: "1.2", compat: "yaml-1.1", customTags: withAgreedNumbers, lineWidth: 0, aliasDuplicateObjects: false });
  return `${HEADER.split("\n")
    .map((line) => `#${line}`)
    .join("\n")}\n${body}`;
}

/** The core schema's tags, with numbers written as agreedNumber writes them (1e+21 is text to YAML 1.1). */
function withAgreedNumbers(tags: Tags): Tags {
  return tags.map((tag) => {
    if (!isPlainNumberTag(tag) || tag.stringify === undefined) return tag;
    const written = tag.stringify;
    return { ...tag, stringify: (item, ...rest) => (typeof item.value === "number" && Number.isFinite(item.value) ? agreedNumber(item.value) : written(item, ...rest)) };
  });
}

/** !!int and !!float in their default (decimal) format, the one a number of a JSON value is written in. */
function isPlainNumberTag(tag: Tags[number]): tag is ScalarTag {
  return typeof tag === "object" && !("collection" in tag) && tag.format === undefined && (tag.tag === "tag:yaml.org,2002:int" || tag.tag === "tag:yaml.org,2002:float");
}

/** true when the file loads as exactly `tool`; otherwise why not. */
function readBack(file: GeneratedFile, tool: JsonObject, limits: LoadLimits): true | string {
  // As a build reads it: the bytes on disk, then the text.
  const decoded = decodeSource(file.path, Buffer.from(file.contents, "utf8"), limits);
  if (decoded.value === undefined) return (decoded.diagnostics[0]?.message ?? "it does not decode").replace(/\.$/, "");
  const loaded = loadDocument(decoded.value, limits);
  if (loaded.value === undefined) return (loaded.diagnostics[0]?.message ?? "it does not load").replace(/\.$/, "");
  return canonicalJson(loaded.value.value) === canonicalJson(tool) ? true : "it reads back as a different value";
}
