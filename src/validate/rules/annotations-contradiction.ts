import { getOwn, isJsonObject } from "../../model/json.js";
import { defineRule } from "../define-rule.js";

export const annotationsContradiction = defineRule({
  id: "annotations-contradiction",
  summary: "Tool annotations do not contradict readOnlyHint: true.",
  description:
    "readOnlyHint: true says the tool does not change its environment, and then destructiveHint and idempotentHint mean " +
    "nothing (schema.ts: they are meaningful only when readOnlyHint is false). Two values contradict it: destructiveHint: " +
    "true (the tool may destroy something) and idempotentHint: false (calling it again has a further effect), so one of the " +
    "hints is wrong, and clients that ask for confirmation before destructive or repeated calls will guess. The consistent " +
    "values destructiveHint: false and idempotentHint: true are redundant but harmless, and many servers spell them out, " +
    "so they are not reported. Hint types are checked by tool-shape.",
  defaultSeverity: "warning",
  must: false,
  why: "The hints are advice that clients must treat as untrusted; a contradiction misleads a client's confirmation " + "prompts but breaks nothing.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, schema.ts ToolAnnotations",
  checklist: ["T-ANN-3", "T-ANN-2"],
  check(tool, report) {
    const annotations = getOwn(tool.wire, "annotations");
    if (!isJsonObject(annotations) || getOwn(annotations, "readOnlyHint") !== true) return;
    if (getOwn(annotations, "destructiveHint") === true) {
      report({
        pointer: "/annotations/destructiveHint",
        message: "annotations.destructiveHint is true, which says the tool may make destructive changes, but readOnlyHint is true, which says it changes nothing.",
        hint: "Set readOnlyHint to false if the tool changes anything; otherwise remove destructiveHint.",
      });
    }
    if (getOwn(annotations, "idempotentHint") === false) {
      report({
        pointer: "/annotations/idempotentHint",
        message: "annotations.idempotentHint is false, which says calling the tool again has a further effect, but readOnlyHint is true, which says it changes nothing.",
        hint: "Set readOnlyHint to false if the tool changes or sends anything; otherwise remove idempotentHint.",
      });
    }
  },
});
