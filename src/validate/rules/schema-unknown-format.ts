import { formatNames } from "ajv-formats/dist/formats.js";
import { getOwn } from "../../model/json.js";
import { joinPointer } from "../../model/pointer.js";
import { closest } from "../../config/suggest.js";
import { defineRule } from "../define-rule.js";
import { quoteText } from "../describe-text.js";
import { toolSchemas, walkSubschemas } from "../walk.js";

export interface SchemaUnknownFormatOptions {
  /** Formats your validators register themselves (ajv.addFormat), accepted as known. */
  readonly formats: readonly string[];
}

/** Formats JSON Schema 2020-12 and draft-07 define that ajv-formats 3 does not implement. */
const STANDARD_UNIMPLEMENTED = ["idn-email", "idn-hostname", "iri", "iri-reference"];

export const schemaUnknownFormat = defineRule<SchemaUnknownFormatOptions>({
  id: "schema-unknown-format",
  summary: "Every format is one that ajv-formats, the format library of the official SDKs, knows.",
  description:
    "The official SDKs validate `format` with ajv and the formats of ajv-formats (date-time, date, time, duration, " +
    "email, hostname, ipv4, ipv6, uri, uri-reference, uri-template, url, uuid, regex, json-pointer, int32, int64, float, " +
    "double, byte, binary, password and a few more). Any other format is ignored by them with a console warning on " +
    "every compile, and ajv in its default strict mode refuses to compile the schema at all, so the value is not checked " +
    "where the author expected and other validators may check it differently. The corpus has two: notion's `json` and " +
    "GitHub's `repo.nwo`. JSON Schema's own idn-email, idn-hostname, iri and iri-reference are reported too, since " +
    "ajv-formats does not implement them. Say that a string holds JSON with `contentMediaType: application/json`, " +
    "describe other shapes with `pattern`, or list the formats your validators register in the `formats` option.",
  defaultSeverity: "warning",
  must: false,
  why: "JSON Schema allows formats it does not define and the SDKs skip them with a console warning, so nothing fails, " + "but the value goes unchecked.",
  since: "0.1.0",
  spec: "JSON Schema 2020-12 Validation § 7 (format); MCP 2026-07-28, basic/index.mdx § Schema Validation",
  checklist: ["T-SCHEMA-10"],
  options: {
    defaults: { formats: [] },
    schema: {
      type: "object",
      additionalProperties: false,
      properties: {
        formats: { type: "array", items: { type: "string", minLength: 1 }, uniqueItems: true, description: "Formats your validators register themselves, accepted as known (default none)." },
      },
    },
  },
  check(tool, report, { options, memo }) {
    const known = new Set<string>([...formatNames, ...options.formats]);
    for (const schema of toolSchemas(tool)) {
      walkSubschemas(schema, memo, (node) => {
        const format = getOwn(node.schema, "format");
        if (typeof format !== "string" || known.has(format)) return;
        const quoted = quoteText(format, 40);
        report({
          pointer: joinPointer(node.pointer, "format"),
          message: STANDARD_UNIMPLEMENTED.includes(format)
            ? `Format ${quoted} is defined by JSON Schema but not implemented by ajv-formats, so the official SDKs skip the check (with a console warning) and ajv in its default strict mode refuses the schema.`
            : `Format ${quoted} is not one ajv-formats knows, so the official SDKs skip the check (with a console warning) and ajv in its default strict mode refuses the schema.`,
          hint: suggestFormat(format),
        });
      });
    }
  },
});

function suggestFormat(format: string): string {
  const lower = format.toLowerCase();
  if (lower === "json") return 'Drop format and write contentMediaType: "application/json", the JSON Schema way to say that a string holds JSON.';
  const near = formatNames.filter((name) => name !== lower && name.length > 2 && (lower.includes(name) || name.includes(lower)));
  const guess = closest(format, formatNames);
  const candidates = [...new Set([...(guess ? [guess] : []), ...near])].slice(0, 3);
  const quoted = candidates.map((c) => JSON.stringify(c));
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)}` : quoted[0];
  if (list !== undefined) return `Use a format ajv-formats knows, such as ${list}, or drop format and describe the value with pattern.`;
  return "Drop format and describe the value with pattern or in the description, or list the format in this rule's formats option if your validators register it.";
}
