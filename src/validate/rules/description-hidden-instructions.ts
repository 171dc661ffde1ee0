import { describeText, quoteText, textPlace } from "../describe-text.js";
import { defineRule } from "../define-rule.js";
import { forEachText } from "../walk.js";
import { findHiddenBlock } from "./description-hidden-instructions/hidden-blocks.js";

export const descriptionHiddenInstructions = defineRule({
  id: "description-hidden-instructions",
  summary: "Descriptions, titles and the other strings of the schemas contain no hidden blocks or tags that address the model directly.",
  description:
    "A poisoned tool hides orders for the model where people do not look: inside `<IMPORTANT>`, `<SYSTEM>` or " +
    "`<instructions>` tags, HTML comments (`<!-- -->`) and Markdown comments (`[//]: #`) that rendered views drop, elements " +
    "with `hidden` or `display: none`, and chat-template tokens such as `<|im_start|>` or `[INST]` that imitate the model's " +
    "own conversation. This rule reports the first such block in every tool and schema title and description, and in the schemas' other strings the model reads (a `$comment`, any string in `enum`, `const`, `default` or `examples`, a property's name). Tags that are " +
    "common placeholders (`--secret <secret>`) count only as a closed block (`<secret>...</secret>`), and plain emphasis " +
    "such as `IMPORTANT:` is not reported. Look-alikes count as what they imitate: fullwidth `＜IMPORTANT＞` is `<IMPORTANT>` " +
    "(NFKC), a Cyrillic `ѕ` is an `s`. Write what the tool does in plain, visible text instead.",
  defaultSeverity: "warning",
  must: false,
  heuristic: true,
  why: "A heuristic's finding for a person to judge: hidden blocks are how poisoned tools talk to the model, but the " + "rule cannot know the intent; set it to error to refuse such text outright.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, index.mdx § Key Principles (Tool Safety); server/tools.mdx § Security Considerations",
  checklist: ["T-SEC-8", "T-DESC-4"],
  check(tool, report, { memo }) {
    forEachText(
      tool,
      memo,
      (field) => {
        const block = findHiddenBlock(field.text, memo);
        if (!block) return;
        report({
          ...textPlace(field),
          part: { index: block.index, length: block.text.length },
          message: `${describeText(field)} contains ${block.kind.what} ${quoteText(block.text, 50)}${block.disguised ? " in look-alike characters" : ""} at index ${block.index}, ${block.kind.why}.`,
          hint: block.kind.hint,
        });
      },
      "every string",
    );
  },
});
