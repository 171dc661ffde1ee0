// Constants of MCP revision 2026-07-28 that several stages share.

export const SPEC_REVISION = "2026-07-28";

/** server/tools.mdx § Tool Names: 1 to 128 ASCII letters, digits, "_", "-" and ".". */
export const TOOL_NAME_PATTERN = /^[A-Za-z0-9_.-]{1,128}$/;

/** The Tool fields schema.ts defines (server/tools.mdx § Tool); anything else is unknown. */
export const TOOL_FIELDS: readonly string[] = ["name", "title", "description", "inputSchema", "outputSchema", "annotations", "icons", "_meta"];

/** ToolAnnotations hints and their documented defaults (schema.ts ToolAnnotations). */
export const ANNOTATION_HINT_DEFAULTS: Readonly<Record<string, boolean>> = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
};
