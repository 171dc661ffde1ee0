import { closest } from "../../config/suggest.js";
import { joinPointer } from "../../model/pointer.js";
import { TOOL_FIELDS } from "../../model/spec.js";
import { quoteText } from "../describe-text.js";
import { defineRule } from "../define-rule.js";

/** Fields that the Tool of MCP 2025-11-25 had and 2026-07-28 dropped, with what they were for. */
const EARLIER_FIELDS: Readonly<Record<string, string>> = {
  execution: "task support",
};

/** Names other tool formats use for a field MCP spells differently. */
const ALIASES: Readonly<Record<string, string>> = { parameters: "inputSchema", input_schema: "inputSchema", output_schema: "outputSchema" };

export const toolUnknownField = defineRule({
  id: "tool-unknown-field",
  summary: "A tool has only the top-level fields that the MCP 2026-07-28 Tool defines.",
  description:
    "The Tool object of MCP 2026-07-28 has `name`, `title`, `description`, `icons`, `inputSchema`, `outputSchema`, " +
    "`annotations` and `_meta`. The schema allows other fields, but clients ignore them, so an unknown field is usually a " +
    "typo (`desciption`, `inputschema`) or a name from another format (`parameters`, `input_schema`), and the data it holds " +
    "never takes effect. The rule suggests the field that was probably meant. `execution`, which MCP 2025-11-25 defined for " +
    "task support, is reported as info: 2026-07-28 dropped it and its clients ignore it, but it is not a mistake for a server " +
    "that also serves 2025-11-25 clients. Custom data belongs in `_meta` under a reverse-DNS key.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema allows extra fields and clients ignore them, so nothing breaks, but the data in a misspelt field " + "never takes effect.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, schema.ts Tool; server/tools.mdx § Tool",
  checklist: ["T-DESC-1", "T-DESC-2", "T-DESC-3", "T-DESC-4", "T-DESC-5", "T-DESC-6", "T-DESC-7", "T-DESC-8"],
  check(tool, report) {
    const present = Object.keys(tool.wire);
    for (const key of present) {
      if (TOOL_FIELDS.includes(key)) continue;
      const pointer = joinPointer("", key);
      const earlier = EARLIER_FIELDS[key];
      if (earlier !== undefined) {
        report({
          pointer,
          target: "key",
          severity: "info",
          message: `Field ${quoteText(key)} (${earlier}) belongs to the Tool of MCP 2025-11-25; MCP 2026-07-28 no longer defines it, so its clients ignore it.`,
          hint: `Remove ${quoteText(key)} unless the server also serves clients of MCP 2025-11-25.`,
        });
        continue;
      }
      const meant = ALIASES[key] ?? closest(key, TOOL_FIELDS);
      report({
        pointer,
        target: "key",
        message: `Field ${quoteText(key)} is not part of the MCP 2026-07-28 Tool, so clients ignore it.`,
        hint:
          meant !== undefined && !present.includes(meant)
            ? `Rename it to ${JSON.stringify(meant)}.`
            : `Remove it, or move the data into "_meta" under a reverse-DNS key such as ${quoteText(`com.example/${key}`)}.`,
      });
    }
  },
});
