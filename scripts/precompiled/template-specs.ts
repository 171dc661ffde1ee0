// The text of src/precompiled/template-specs.ts: mcp-gen's templates precompiled by Handlebars with
// the options compileTemplates uses, each with the SHA-256 of its source.
import Handlebars from "handlebars";
import { readTemplates } from "../../src/cli/package-files.js";
import { COMPILE_OPTIONS, TEMPLATE_NAMES } from "../../src/emit/templates.js";
import { sha256Hex } from "../../src/lock/sha256.js";

export const TEMPLATE_SPECS_PATH = "src/precompiled/template-specs.ts";

export async function templateSpecsSource(): Promise<string> {
  const sources = await readTemplates();
  const entries = TEMPLATE_NAMES.map((name) => {
    const spec = Handlebars.precompile(sources[name], COMPILE_OPTIONS) as string;
    return `  ${JSON.stringify(name)}: {\n    source: ${JSON.stringify(sha256Hex(sources[name]))},\n    spec: ${spec},\n  },`;
  });
  return [
    "// @ts-nocheck",
    "// mcp-gen's templates (templates/*.hbs) precompiled by Handlebars, each with the SHA-256 of its source: a",
    "// build renders them with Handlebars' runtime alone. Written by scripts/precompiled/template-specs.ts;",
    "// `npm run schemas` rewrites it, test/schemas.test.ts fails when it is stale.",
    "export const TEMPLATE_SPECS = {",
    ...entries,
    "};",
    "",
  ].join("\n");
}
