// The official SARIF 2.1.0 JSON Schema (draft-04; the copy shipped in @microsoft/jest-sarif, from
// SchemaStore) as an ajv validator, so tests can hold every SARIF log mcp-gen prints to it: GitHub
// code scanning refuses an upload that breaks it.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { expect } from "vitest";

const require = createRequire(import.meta.url);

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
let validate: Validate | undefined;

function sarifValidator(): Validate {
  if (!validate) {
    const AjvDraft04 = (require("ajv-draft-04") as { default: new (options: object) => { compile(schema: object): Validate } }).default;
    const addFormats = require("ajv-formats") as (ajv: unknown) => void;
    // The schema has a pattern (language tags) that is only valid without the u flag.
    const ajv = new AjvDraft04({ strict: false, allErrors: true, unicodeRegExp: false });
    addFormats(ajv);
    const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8")) as object;
    validate = ajv.compile(schema);
  }
  return validate;
}

/** Parses `text` as SARIF and expects it valid against the official schema; returns the log. */
export function expectValidSarif(text: string): unknown {
  const log = JSON.parse(text) as unknown;
  const check = sarifValidator();
  const valid = check(log);
  expect(valid ? [] : check.errors).toEqual([]);
  return log;
}
