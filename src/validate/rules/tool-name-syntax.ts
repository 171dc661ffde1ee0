import { TOOL_NAME_PATTERN } from "../../model/spec.js";
import { defineRule } from "../define-rule.js";
import { toolName } from "../walk.js";
import { cutText } from "../../diff/cut-text.js";
import { trimmedWhere } from "../../model/trim-text.js";

export const toolNameSyntax = defineRule({
  id: "tool-name-syntax",
  summary: "Tool names use only the characters and length the MCP spec allows.",
  description:
    "A tool name is 1 to 128 characters of ASCII letters, digits, `_`, `-` and `.`, with no spaces, commas or other special " +
    "characters. The spec words this as SHOULD, and a name outside the set still works: the official SDK registers it with " +
    "a console warning, it travels Base64-encoded in the `Mcp-Name` header, and mcp-gen names the generated files and " +
    "identifiers safely (see tool-name-mangled). But gateways and model APIs rely on the set (many model providers refuse " +
    "other tool names outright), so rename the tool when you can, or set the rule to error to refuse such names.",
  defaultSeverity: "warning",
  must: false,
  why:
    "The spec says SHOULD: the official SDK registers such a name with a console warning, clients accept it (and " +
    "send it Base64-encoded in Mcp-Name), and mcp-gen's generated code handles it; some model APIs refuse names " +
    "outside the set, so rename when you can.",
  since: "0.1.0",
  spec: "MCP 2026-07-28, server/tools.mdx § Tool Names",
  checklist: ["T-NAME-1", "T-NAME-3", "T-NAME-4"],
  check(tool, report) {
    const name = toolName(tool);
    if (name === undefined || TOOL_NAME_PATTERN.test(name)) return;
    report({ pointer: "/name", message: describeProblem(name), hint: suggestName(name) });
  },
});

function describeProblem(name: string): string {
  if (name.length === 0) return "Tool name is empty.";
  const shown = JSON.stringify(cutText(name, 60));
  if (name.length > 128) return `Tool name ${shown} is ${name.length} characters long; at most 128 are allowed.`;
  const bad = [...name].find((c) => !/[A-Za-z0-9_.-]/.test(c))!;
  const what = bad === " " ? "a space" : bad === "," ? "a comma" : `the character ${JSON.stringify(bad)} (U+${bad.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`;
  return `Tool name ${shown} contains ${what}, which tool names may not use.`;
}

/** A conforming name close to the given one. */
export function suggestName(name: string): string {
  const fixed = trimmedWhere(
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .replace(/[^A-Za-z0-9_.-]+/g, "_"),
    (c) => c === "_",
  ).slice(0, 128);
  return fixed === "" ? 'Give the tool a name of ASCII letters, digits, "_", "-" or ".".' : `Rename it to ${JSON.stringify(fixed)}.`;
}
