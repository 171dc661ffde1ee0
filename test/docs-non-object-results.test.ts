// docs/non-object-results.md shows what a 2025-era client gets for a tool with an array result: its
// examples are the runtime's projection (packages/runtime/src/v1/legacy-projection.ts, which
// test/e2e/sdk-v1-target.e2e.test.ts holds equal to the SDK v2's) of the natural schema and result.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { legacyResult, needsLegacyWrap, wrapOutputSchema } from "../packages/runtime/src/v1/legacy-projection.js";
import { REPO_ROOT } from "./support/spec-paths.js";

it("docs/non-object-results.md shows the projection the runtime applies", () => {
  const text = readFileSync(join(REPO_ROOT, "docs", "non-object-results.md"), "utf8");
  const [natural, wrapped, result, legacy] = [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  expect(needsLegacyWrap(natural)).toBe(true);
  expect(wrapOutputSchema(natural!)).toStrictEqual(wrapped);
  expect(legacyResult(result as { content: object[] }, natural)).toStrictEqual(legacy);
  // Which roots are rewritten, as the page lists them.
  for (const root of [{ type: "array" }, { type: "string" }, { anyOf: [{ type: "object" }, { type: "array" }] }, { type: ["object", "null"] }])
    expect(needsLegacyWrap(root), JSON.stringify(root)).toBe(true);
  expect(needsLegacyWrap({ type: "object" })).toBe(false);
});
