import { compareText } from "../../model/diagnostic.js";
import type { ResolvedTool } from "../../model/source.js";
import { defineRule } from "../define-rule.js";
import { toolName } from "../walk.js";

export const toolNameUnique = defineRule({
  id: "tool-name-unique",
  summary: "Each tool name appears in only one descriptor of the project.",
  description:
    "All descriptors of a project are served by one server, and a name is how a client calls a tool, so two descriptors with " +
    "the same name leave one of them unreachable (which one depends on load order). Names compare case-sensitively, as the " +
    "spec says; names that differ only in case are reported by tool-name-case-collision instead. Every descriptor that uses " +
    "the name is reported, each naming the others: no copy is the original by position, so which one keeps the name is yours " +
    "to decide.",
  defaultSeverity: "error",
  breaks: ["generated-code"],
  must: false,
  required: true,
  why: "The lock, the generated server and the generated client key tools by name, so one of two tools with the same " + "name would be unreachable, and mcp-gen cannot build the project.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool Names",
  checklist: ["T-NAME-5", "T-NAME-2"],
  checkProject(tools, report) {
    for (const group of groupBy(tools, (name) => name)) {
      for (const tool of group) {
        const others = group.filter((t) => t !== tool).map((t) => t.file);
        report(tool, {
          pointer: "/name",
          message: `Tool name ${JSON.stringify(toolName(tool))} is also used by ${listFiles(others)}.`,
          hint: "Give each tool its own name, or delete the extra descriptors.",
        });
      }
    }
  },
});

/** Tools grouped by a key of their name, groups of two or more only, each in file order. */
export function groupBy(tools: readonly ResolvedTool[], key: (name: string) => string): ResolvedTool[][] {
  const groups = new Map<string, ResolvedTool[]>();
  for (const tool of [...tools].sort((a, b) => compareText(a.file, b.file))) {
    const name = toolName(tool);
    if (name === undefined) continue;
    const k = key(name);
    groups.set(k, [...(groups.get(k) ?? []), tool]);
  }
  return [...groups.values()].filter((g) => g.length > 1);
}

/** "a.yaml", "a.yaml and b.yaml", "a.yaml, b.yaml and 3 more". */
export function listFiles(files: readonly string[]): string {
  if (files.length <= 1) return files.join("");
  if (files.length > 3) return `${files.slice(0, 2).join(", ")} and ${files.length - 2} more`;
  return `${files.slice(0, -1).join(", ")} and ${files.at(-1)}`;
}
