// The JSON Schema of mcp-gen.config.yaml, built from the rule registry so editors complete rule ids
// and their options. schemas/mcp-gen.config.schema.json is this object written out (a test keeps
// the two equal; `npm run schemas` rewrites it).
import type { AnyRule } from "../validate/define-rule.js";
import { DEFAULT_LOAD_LIMITS } from "../load/limits.js";
import { DEFAULT_SERVER } from "./defaults.js";
import { PRESETS } from "./preset.js";

const SEVERITY = { enum: ["off", "info", "warning", "error"] };
/** A rule mcp-gen cannot generate code past stays an error. */
const REQUIRED_SEVERITY = { enum: ["error"] };

export function buildConfigSchema(rules: readonly AnyRule[]): Record<string, unknown> {
  const integer = (minimum: number, defaultValue: number, description: string) => ({ type: "integer", minimum, default: defaultValue, description });
  const path = (description: string, defaultValue: string) => ({ type: "string", minLength: 1, default: defaultValue, description });
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    title: "mcp-gen configuration (mcp-gen.config.yaml)",
    type: "object",
    additionalProperties: false,
    properties: {
      $schema: { type: "string", description: "The JSON Schema of this file, for editors." },
      tools: {
        type: "array",
        minItems: 1,
        items: { type: "string", minLength: 1 },
        default: ["tools/**/*.{yaml,yml,json}"],
        description: "Globs of descriptor files (one MCP Tool per file), relative to the project root.",
      },
      out: path("Folder that every build rewrites with generated code. Never edit files in it.", "src/generated"),
      handlers: path("Folder of handler stubs: created once per tool when absent, then yours.", "src/handlers"),
      tests: path("Folder of vitest scaffolds: created once per tool when absent, then yours.", "test/tools"),
      lock: path("The descriptor hash manifest that `mcp-gen check` compares against.", "mcp-tools.lock.json"),
      target: { enum: ["sdk-v2", "sdk-v1"], default: "sdk-v2", description: "SDK the generated code runs on: @modelcontextprotocol/server 2.x (sdk-v2) or @modelcontextprotocol/sdk 1.x (sdk-v1)." },
      generate: {
        enum: ["all", "client"],
        default: "all",
        description:
          'What a build generates: "all" (server, client, handler stubs and test scaffolds) or "client" (the typed client, its types and validators, and the lock: a project that consumes a server someone else runs).',
      },
      runtime: {
        enum: ["package", "vendored"],
        default: "package",
        description:
          'Where the generated code gets its runtime: "package" imports @mcp-gen/runtime (a dependency of the project; `mcp-gen check` reports an installed version outside the range the code was generated for), "vendored" copies the runtime modules it needs into the generated folder\'s runtime/ (no dependency beyond the SDK and re2js).',
      },
      server: {
        type: "object",
        additionalProperties: false,
        description: "Settings of the generated server.",
        properties: {
          name: { type: "string", minLength: 1, description: "serverInfo.name; defaults to the name in package.json." },
          version: { type: "string", minLength: 1, description: "serverInfo.version; defaults to the version in package.json." },
          pageSize: integer(0, DEFAULT_SERVER.pageSize, "Tools per tools/list page; 0 puts every tool on one page."),
          ttlMs: integer(0, DEFAULT_SERVER.ttlMs, "tools/list ttlMs: how long clients may treat the tool list as fresh."),
          cacheScope: { enum: ["public", "private"], default: DEFAULT_SERVER.cacheScope, description: 'tools/list cacheScope; use "private" when the list depends on the caller\'s credentials.' },
          limits: {
            type: "object",
            additionalProperties: false,
            properties: {
              maxRequestBytes: integer(1, DEFAULT_SERVER.limits.maxRequestBytes, "Largest request body accepted over HTTP, in bytes."),
              maxArgumentDepth: integer(1, DEFAULT_SERVER.limits.maxArgumentDepth, "Deepest nesting of tool arguments accepted."),
              maxStringLength: integer(1, DEFAULT_SERVER.limits.maxStringLength, "Longest string in tool arguments, in UTF-16 code units."),
              callTimeoutMs: integer(0, DEFAULT_SERVER.limits.callTimeoutMs, "Time a handler may run before the call fails; 0 means no limit."),
            },
          },
        },
      },
      load: {
        type: "object",
        additionalProperties: false,
        description: "Bounds on the files mcp-gen reads.",
        properties: {
          maxFileBytes: integer(1, DEFAULT_LOAD_LIMITS.maxFileBytes, "Largest descriptor or schema file, in bytes."),
          maxDepth: integer(1, DEFAULT_LOAD_LIMITS.maxDepth, "Deepest nesting of mappings and sequences in one file."),
          maxNodes: integer(1, DEFAULT_LOAD_LIMITS.maxNodes, "Most values one file may hold."),
          maxAliasNodes: integer(0, DEFAULT_LOAD_LIMITS.maxAliasNodes, "Most values YAML aliases may expand to in one file."),
        },
      },
      preset: {
        enum: [...PRESETS],
        default: "default",
        description:
          "Rule severities to start from: default (an error is what breaks a client, the SDK, the generated code or safety; a MUST of the spec that nothing enforces is a warning) or strict (every MUST of the spec is an error). Settings under rules override it.",
      },
      rules: {
        type: "object",
        additionalProperties: false,
        description: "Rule severities and options: `rule-id: off | info | warning | error`, or `[severity, { options }]`.",
        properties: Object.fromEntries(rules.map((rule) => [rule.id, ruleSettingSchema(rule)])),
      },
    },
  };
}

function ruleSettingSchema(rule: AnyRule): Record<string, unknown> {
  const severity = rule.required ? REQUIRED_SEVERITY : SEVERITY;
  const withOptions = rule.options
    ? [{ type: "array", prefixItems: [severity, rule.options.schema], minItems: 1, items: false }]
    : [{ type: "array", prefixItems: [severity], minItems: 1, items: false }];
  return { description: `${rule.summary} (${describeDefault(rule)})`, anyOf: [severity, ...withOptions] };
}

function describeDefault(rule: AnyRule): string {
  if (rule.required) return "always error";
  return rule.must && rule.defaultSeverity !== "error" ? `default: ${rule.defaultSeverity}; strict: error` : `default: ${rule.defaultSeverity}`;
}
