// JSON Schema dialects mcp-gen understands. MCP 2026-07-28 reads a schema without `$schema` as
// 2020-12 (basic/index.mdx § Schema Dialect); draft-07 and 2019-09 are supported too.

export type Dialect = "2020-12" | "2019-09" | "draft-07";

export const DEFAULT_DIALECT: Dialect = "2020-12";

const DIALECT_URIS: ReadonlyMap<string, Dialect> = new Map([
  ["json-schema.org/draft/2020-12/schema", "2020-12"],
  ["json-schema.org/draft/2019-09/schema", "2019-09"],
  ["json-schema.org/draft-07/schema", "draft-07"],
]);

/**
 * The dialect a `$schema` value names; undefined for a dialect mcp-gen does not support. Matched as
 * written, like the official SDK (declaredDialect, http or https, a trailing "#" allowed): the SDK
 * refuses " https://json-schema.org/draft/2020-12/schema" as an unsupported dialect, so it is one here.
 * @example dialectOf("http://json-schema.org/draft-07/schema#") // "draft-07"
 */
export function dialectOf(schemaUri: unknown): Dialect | undefined {
  if (schemaUri === undefined) return DEFAULT_DIALECT;
  if (typeof schemaUri !== "string") return undefined;
  const match = /^https?:\/\/(.*?)#?$/.exec(schemaUri);
  return match ? DIALECT_URIS.get(match[1]!) : undefined;
}

/**
 * The supported dialect URI a `$schema` would be without the whitespace around it; undefined when
 * it has none or would still name no supported dialect. For the hint of an otherwise-right URI.
 * @example paddedDialectUri(" https://json-schema.org/draft/2020-12/schema\n") // "https://json-schema.org/draft/2020-12/schema"
 */
export function paddedDialectUri(schemaUri: string): string | undefined {
  const trimmed = schemaUri.trim();
  return trimmed !== schemaUri && dialectOf(trimmed) !== undefined ? trimmed : undefined;
}

/** Where bundled definitions go: `$defs` from 2019-09 on, `definitions` in draft-07. */
export function definitionsKeyword(dialect: Dialect): "$defs" | "definitions" {
  return dialect === "draft-07" ? "definitions" : "$defs";
}

export const SUPPORTED_DIALECT_URIS: readonly string[] = ["https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2019-09/schema", "http://json-schema.org/draft-07/schema#"];
