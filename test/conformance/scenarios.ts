// The conformance scenarios that concern tools, per protocol era: the part of the official suite an
// mcp-gen server answers for. The suite's other server scenarios test resources, prompts, completion,
// ping, the 2025 session lifecycle and DNS rebinding, none of which mcp-gen generates. Scenario
// names are those of `conformance list --server` (@modelcontextprotocol/conformance 0.2.0-alpha.12).

export type Era = "2025-11-25" | "2026-07-28";
export const ERAS: readonly Era[] = ["2025-11-25", "2026-07-28"];

/** Calls and lists tools by the names examples/conformance implements, in both eras. */
const TOOLS_BOTH_ERAS = [
  "tools-list",
  "tools-call-simple-text",
  "tools-call-image",
  "tools-call-audio",
  "tools-call-embedded-resource",
  "tools-call-mixed-content",
  "tools-call-error",
  "tools-call-with-progress",
  "json-schema-2020-12",
] as const;

export const TOOL_SCENARIOS: Readonly<Record<Era, readonly string[]>> = {
  "2025-11-25": [
    ...TOOLS_BOTH_ERAS,
    // Logging and server-to-client requests during a call: removed from tools/call in 2026-07-28.
    "tools-call-with-logging",
    "tools-call-sampling",
    "tools-call-elicitation",
    "elicitation-sep1034-defaults",
    "elicitation-sep1330-enums",
  ],
  "2026-07-28": [
    ...TOOLS_BOTH_ERAS,
    // The stateless lifecycle (SEP-2575): _meta envelope, discover, errors, all over tools/list and tools/call.
    "server-stateless",
    // tools/list caching hints (SEP-2549); the same scenario also asks prompts and resources.
    "caching",
    // Mcp-Method / Mcp-Name and Mcp-Param-* (x-mcp-header) validation on tools/call (SEP-2243).
    "http-header-validation",
    "http-custom-header-server-validation",
    // input_required results of tools/call (SEP-2322). input-required-result-non-tool-request is left
    // out: it asks prompts/get.
    "input-required-result-basic-elicitation",
    "input-required-result-basic-sampling",
    "input-required-result-basic-list-roots",
    "input-required-result-request-state",
    "input-required-result-multiple-input-requests",
    "input-required-result-multi-round",
    "input-required-result-missing-input-response",
    "input-required-result-result-type",
    "input-required-result-unsupported-methods",
    "input-required-result-tampered-state",
    "input-required-result-capability-check",
    "input-required-result-ignore-extra-params",
    "input-required-result-validate-input",
  ],
};
