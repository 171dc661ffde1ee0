import { joinPointer } from "../../model/pointer.js";
import { defineRule } from "../define-rule.js";
import { describePointer } from "../describe-pointer.js";
import { measureJson, pointerAtOffset } from "./descriptor-size-limit/json-size.js";
import { groupDigits } from "../../model/phrases.js";

export interface DescriptorSizeLimitOptions {
  /** Most bytes the tool may take in tools/list, as compact UTF-8 JSON. */
  readonly maxBytes: number;
}

/**
 * 256 KiB: eleven times the largest tool of the corpus (23,980 bytes, a GitHub REST tool) and over three times a tool
 * with both the 40 KB input schema and the 30 KB description seen among published servers.
 */
const DEFAULT_MAX_BYTES = 256 * 1024;

const count = groupDigits;

export const descriptorSizeLimit = defineRule<DescriptorSizeLimitOptions>({
  id: "descriptor-size-limit",
  summary: "No tool is larger than the configured limit as it travels in tools/list.",
  description:
    "Every tools/list response carries the whole tool, and hosts pass most of it to the model, so one oversized tool " +
    "slows every listing, crowds the context of every conversation, and can push a page past a client's or proxy's " +
    "message size limit. The size counted is the tool as compact UTF-8 JSON, exactly as it goes on the wire (`x-mcp-gen` " +
    "is not sent, `$ref`d files are). The report points at the value in which the limit is crossed and names the " +
    "largest part of the tool. The default of 256 KiB is eleven times the largest tool of the corpus (23,980 bytes, " +
    "the GitHub REST tool repos_update-org-ruleset) and over three times a tool with both an input schema over 40 KB and a " +
    "description over 30 KB, sizes seen among published servers; move reference text into resources or documentation, " +
    "or raise `maxBytes`.",
  defaultSeverity: "error",
  breaks: ["safety"],
  must: false,
  why: "An unbounded tool slows every tools/list and crowds every conversation's context, and can push a page past a " + "client's message limit; raise maxBytes for a large tool you mean to serve.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool (the spec sets no size limit; the limit is mcp-gen's)",
  checklist: ["T-REF-5"],
  options: {
    defaults: { maxBytes: DEFAULT_MAX_BYTES },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxBytes: { type: "integer", minimum: 1, description: `Most bytes of one tool as compact UTF-8 JSON (default ${DEFAULT_MAX_BYTES}).` },
      },
    },
  },
  check(tool, report, { options }) {
    // The whole tool at once, natively: JSON.stringify writes exactly what measureJson counts. It
    // throws only for a value too deep for its recursion, which the iterative measure then takes.
    const compact = compactBytes(tool.wire);
    if (compact !== undefined && compact <= options.maxBytes) return;
    const sizes = measureJson(tool.wire);
    const total = sizes.of(tool.wire);
    if (total <= options.maxBytes) return;
    const [largest, largestBytes] = Object.keys(tool.wire)
      .map((key) => [key, sizes.of(tool.wire[key]!)] as const)
      .reduce((a, b) => (b[1] > a[1] ? b : a));
    report({
      pointer: pointerAtOffset(tool.wire, sizes, options.maxBytes),
      message: `The tool is ${count(total)} bytes as compact JSON, more than the limit of ${count(options.maxBytes)}; its largest part is ${describePointer(joinPointer("", largest))} (${count(largestBytes)} bytes).`,
      hint: "Trim the largest part: move reference text into a resource or documentation, or split the tool; raise maxBytes in mcp-gen.config.yaml if the size is intended.",
    });
  },
});

function compactBytes(value: unknown): number | undefined {
  try {
    return Buffer.byteLength(JSON.stringify(value));
  } catch {
    return undefined;
  }
}
