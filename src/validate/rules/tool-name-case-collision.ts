import { defineRule } from "../define-rule.js";
import { toolName } from "../walk.js";
import { groupBy, listFiles } from "./tool-name-unique.js";

export const toolNameCaseCollision = defineRule({
  id: "tool-name-case-collision",
  summary: "No two tool names differ only in letter case.",
  description:
    "The spec compares tool names case-sensitively, so `getUser` and `getuser` are different tools. But people and models " +
    "confuse them, some clients and gateways fold case, and generated file names would collide on case-insensitive file " +
    "systems (macOS, Windows). mcp-gen keeps both working (file names get a distinguishing suffix) and warns so you can rename one.",
  defaultSeverity: "warning",
  must: false,
  why: "The spec compares names case-sensitively, so both tools work; the warning is for the people, gateways and file " + "systems that confuse them.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool Names",
  checklist: ["T-NAME-2"],
  checkProject(tools, report) {
    for (const group of groupBy(tools, (name) => name.toLowerCase())) {
      const names = new Set(group.map((t) => toolName(t)));
      if (names.size < 2) continue; // exact duplicates are tool-name-unique's
      for (const tool of group) {
        const others = group.filter((t) => toolName(t) !== toolName(tool));
        const names = [...new Set(others.map((t) => JSON.stringify(toolName(t))))].join(", ");
        report(tool, {
          pointer: "/name",
          message: `Tool name ${JSON.stringify(toolName(tool))} differs only in case from ${names} (${listFiles(others.map((t) => t.file))}).`,
          hint: "Rename one of them so the names differ in more than letter case.",
        });
      }
    }
  },
});
