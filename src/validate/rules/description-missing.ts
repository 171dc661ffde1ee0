import { getOwn } from "../../model/json.js";
import { defineRule } from "../define-rule.js";
import { toolName } from "../walk.js";

export const descriptionMissing = defineRule({
  id: "description-missing",
  summary: "Every tool has a description.",
  description:
    "The model decides when and how to call a tool from its description; without one it has only the name and the schema " +
    "to guess from. schema.ts makes `description` optional, but server/tools.mdx lists it among the fields of a tool " +
    "without calling it optional, so mcp-gen warns when it is missing or blank. A description that is not a string is " +
    "reported by tool-shape.",
  defaultSeverity: "warning",
  must: false,
  why: "The schema makes description optional: without one the model guesses from the name and schema, but nothing breaks.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool; schema.ts Tool.description",
  checklist: ["T-DESC-4"],
  check(tool, report) {
    const description = getOwn(tool.wire, "description");
    if (description !== undefined && (typeof description !== "string" || description.trim() !== "")) return;
    const name = toolName(tool);
    const subject = name === undefined ? "The tool" : `Tool ${JSON.stringify(name)}`;
    report({
      pointer: description === undefined ? (name === undefined ? "" : "/name") : "/description",
      target: description === undefined && name !== undefined ? "key" : "value",
      message: `${subject} has ${description === undefined ? "no" : "a blank"} description, so the model has only its name and schema to decide when to call it.`,
      hint: "Add a description that says what the tool does, when to use it and what it returns.",
    });
  },
});
