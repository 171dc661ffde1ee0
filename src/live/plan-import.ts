// Tools as a live server listed them → the descriptor files `mcp-gen import` writes: one readable
// YAML file per tool (JSON when YAML would not read back as exactly the same value), named after the
// tool, collision-free even on case-insensitive file systems. Pure. Every file is read back with
// mcp-gen's own loader before it is accepted, so a build hashes exactly what the server sent.
import { stringify } from "yaml";
import { assignToolNames } from "../emit/names.js";
import { canonicalJson, findJcsProblem } from "../lock/canonical-json.js";
import type { GeneratedFile } from "../model/generated-file.js";
import { defineOwn, getOwn, type JsonObject, type JsonValue } from "../model/json.js";
import type { ResolvedTool } from "../model/source.js";
import type { LoadLimits } from "../load/limits.js";
import { loadDocument } from "../load/load-document.js";
import { liveProblem, type LiveResult } from "./live-problem.js";

export interface ImportPlan {
  /** One descriptor file per tool, in the order the server listed them. */
  readonly files: readonly GeneratedFile[];
  /** The same tools as the lock records them: each file with the exact object the server sent. */
  readonly tools: readonly ResolvedTool[];
  /** Files written as JSON, or that mcp-gen's loader cannot read back, and why. */
  readonly notes: readonly string[];
}

const HEADER = [
  " Imported by `mcp-gen import` from a live server's tools/list, exactly as the server sent it.",
  " mcp-tools.lock.json pins this descriptor; `mcp-gen verify` reports any change the server makes.",
].join("\n");

/** The fields people read first, in this order; any other field follows in the server's order. */
const FIRST = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"];

/**
 * @example planImport(live.tools, "tools", config.load).value.files[0].path === "tools/echo.yaml"
 */
export function planImport(tools: readonly JsonObject[], dir: string, limits: LoadLimits): LiveResult<ImportPlan> {
  const reserved = tools.find((tool) => getOwn(tool, "x-mcp-gen") !== undefined);
  if (reserved) {
    return liveProblem("bad-tool", `The server's tool ${JSON.stringify(reserved.name)} has a top-level "x-mcp-gen" field, which mcp-gen reserves for authoring data and strips from descriptors; it cannot be imported faithfully.`);
  }
  const names = assignToolNames(tools.map((tool) => tool.name as string));
  const files: GeneratedFile[] = [];
  const resolved: ResolvedTool[] = [];
  const notes: string[] = [];
  tools.forEach((tool, i) => {
    const stem = `${dir}/${names[i]!.file}`;
    const yaml = { path: `${stem}.yaml`, contents: renderYaml(tool) };
    const json = { path: `${stem}.json`, contents: JSON.stringify(tool, null, 2) + "\n" };
    let file = yaml;
    // A lone surrogate cannot be written as UTF-8; only JSON's \u escape keeps it.
    if (findJcsProblem(tool)?.kind === "lone-surrogate" || !readsBackAs(yaml, tool, limits)) {
      file = json;
      notes.push(readsBackAs(json, tool, limits)
        ? `${json.path} is JSON: the tool does not read back from YAML as exactly the same value.`
        : `${json.path} does not load within the configured load limits; \`mcp-gen build\` will refuse it until they are raised.`);
    }
    files.push(file);
    resolved.push({ file: file.path, wire: tool, authoring: undefined, mounts: [{ wirePointer: "", file: file.path, sourcePointer: "" }] });
  });
  return { ok: true, value: { files, tools: resolved, notes } };
}

function renderYaml(tool: JsonObject): string {
  const ordered: Record<string, JsonValue> = {};
  for (const key of [...FIRST.filter((key) => getOwn(tool, key) !== undefined), ...Object.keys(tool).filter((key) => !FIRST.includes(key))]) {
    defineOwn(ordered, key, tool[key]!);
  }
  const body = stringify(ordered, { version: "1.2", lineWidth: 0, aliasDuplicateObjects: false });
  return `${HEADER.split("\n").map((line) => `#${line}`).join("\n")}\n${body}`;
}

function readsBackAs(file: GeneratedFile, tool: JsonObject, limits: LoadLimits): boolean {
  const loaded = loadDocument({ path: file.path, text: file.contents }, limits).value;
  return loaded !== undefined && canonicalJson(loaded.value) === canonicalJson(tool);
}
