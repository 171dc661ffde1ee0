import { getOwn, isJsonObject } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { quoteValue } from "@mcp-gen/runtime/quote-value";
import { defineRule } from "../define-rule.js";
import { splitMetaKey } from "../meta-key.js";

const RESERVED_SECOND_LABELS: ReadonlySet<string> = new Set(["modelcontextprotocol", "mcp"]);

export interface MetaKeyReservedOptions {
  /** Keys, or prefixes ending in "/", that the project may use under a reserved prefix. */
  readonly allow: readonly string[];
}

export const metaKeyReserved = defineRule<MetaKeyReservedOptions>({
  id: "meta-key-reserved",
  summary: "The tool's _meta defines no keys under a prefix reserved for MCP.",
  description:
    "Any `_meta` prefix whose second label is `modelcontextprotocol` or `mcp` (`io.modelcontextprotocol/`, `dev.mcp/`, " +
    "`org.modelcontextprotocol.api/`, `com.mcp.tools/`) belongs to MCP, and implementations must not define keys of their " +
    "own under it; `com.example.mcp/` is fine because its second label is `example`, and so is a one-label prefix such as " +
    "`mcp/`. Labels are compared case-insensitively. The 2026-07-28 schema defines no reserved keys for `Tool._meta` (its " +
    "reserved keys belong to requests and results), so every such key is reported; when an MCP extension defines one, list " +
    "the key, or its prefix ending in `/`, in the `allow` option.",
  defaultSeverity: "warning",
  must: true,
  why: "A MUST NOT that nothing enforces: the SDKs and clients accept the key, and the tool works.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, basic/index.mdx § _meta; schema.json MetaObject",
  checklist: ["T-META-10", "T-DESC-8"],
  options: {
    defaults: { allow: [] },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: { allow: { type: "array", items: { type: "string" }, description: 'Reserved keys, or prefixes ending in "/", to accept.' } },
    },
  },
  check(tool, report, { options }) {
    const meta = getOwn(tool.wire, "_meta");
    if (!isJsonObject(meta)) return; // tool-shape reports it
    for (const key of Object.keys(meta)) {
      const { labels, name } = splitMetaKey(key);
      if (labels === undefined || !RESERVED_SECOND_LABELS.has(labels[1]?.toLowerCase() ?? "")) continue;
      if (options.allow.some((allowed) => allowed === key || (allowed.endsWith("/") && key.startsWith(allowed)))) continue;
      const prefix = labels.join(".") + "/";
      report({
        pointer: joinPointer("/_meta", key),
        target: "key",
        message: `_meta key ${quoteValue(key)} uses the prefix ${quoteValue(prefix)}, which is reserved for keys the MCP specification defines.`,
        hint: `Use a prefix of a domain you control, for example ${quoteValue("com.example/" + (name || "setting"))}.`,
      });
    }
  },
});
