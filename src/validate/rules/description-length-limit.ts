import { describeText } from "../describe-text.js";
import { defineRule } from "../define-rule.js";
import { forEachText } from "../walk.js";
import { groupDigits } from "../../model/phrases.js";

export interface DescriptionLengthLimitOptions {
  /** Most characters (Unicode code points) one description or title may have. */
  readonly maxLength: number;
}

/**
 * 8,192 is twice the longest text among the published servers and GitHub REST tools of the corpus
 * (4,557 characters), and well below the descriptions of over 30 KB seen in the wild.
 */
const DEFAULT_MAX_LENGTH = 8192;

export const descriptionLengthLimit = defineRule<DescriptionLengthLimitOptions>({
  id: "description-length-limit",
  summary: "No description or title is longer than the configured limit.",
  description:
    "Every tool description, title and schema description is sent to the model with each request that lists the tool, so " +
    "a very long one costs context in every conversation, and some clients cut long texts without saying so (Claude Code " +
    "cuts tool descriptions at 2,048 characters), which can drop the part that matters. A very long text is also a good " +
    "place to hide instructions. The default limit of 8,192 characters passes every tool of the published servers in the " +
    "corpus (the longest has 4,557) and reports the 30 KB descriptions seen in the wild. Set `maxLength` to 2048 to stay " +
    "within what such clients keep. Move reference material into a resource or documentation instead.",
  defaultSeverity: "warning",
  must: false,
  why: "A long text costs context in every conversation and some clients cut it, but nothing refuses it.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, schema.ts Tool.description (the spec sets no limit; the default is mcp-gen's)",
  checklist: ["T-DESC-4"],
  options: {
    defaults: { maxLength: DEFAULT_MAX_LENGTH },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        maxLength: { type: "integer", minimum: 1, description: `Most characters in one description or title (default ${DEFAULT_MAX_LENGTH}).` },
      },
    },
  },
  check(tool, report, { options, memo }) {
    forEachText(tool, memo, (field) => {
      // Cheap test first: code points never outnumber UTF-16 code units.
      if (field.text.length <= options.maxLength) return;
      const length = [...field.text].length;
      if (length <= options.maxLength) return;
      report({
        pointer: field.pointer,
        message: `${describeText(field)} is ${groupDigits(length)} characters long, more than the limit of ${groupDigits(options.maxLength)}.`,
        hint: "Shorten it to what the model needs to choose and call the tool, and move reference material into a resource or documentation.",
      });
    });
  },
});
