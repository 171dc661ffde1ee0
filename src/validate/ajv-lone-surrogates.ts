// ajv 8 builds the schema paths of its error messages with encodeURIComponent, which throws on a lone
// surrogate, so a schema with a property named "a\udfff" (legal JSON) fails to compile at all. The
// path is only text for error messages: this makes ajv build it from the well-formed version of the
// name (U+FFFD for the lone half), leaving validation itself untouched. ajv is pinned exactly; the
// test in test/validate/ajv-lone-surrogates.test.ts fails if a new version changes this spot.
import { createRequire } from "node:module";
import { installNameCounting, type CodeClasses } from "./ajv-optimize-names.js";

const require = createRequire(import.meta.url);

/**
 * ajv's modules, loaded on first use (commands that compile no schema never load ajv) with the patch
 * above and installNameCounting (ajv-optimize-names.ts: the same code, written faster) applied before
 * anything is compiled. Every mcp-gen module that compiles schemas gets ajv here.
 */
export function loadAjv(): AjvModules {
  installNameCounting(require("ajv/dist/compile/codegen/index.js") as Parameters<typeof installNameCounting>[0], require("ajv/dist/compile/codegen/code.js") as CodeClasses);
  const util = require("ajv/dist/compile/util.js") as { escapeFragment: (text: string | number) => string; escapeJsonPointer: (text: string | number) => string };
  const original = util.escapeFragment;
  if (!(original as { wellFormed?: boolean }).wellFormed) {
    const escapeFragment = (text: string | number): string => encodeURIComponent(toWellFormed(util.escapeJsonPointer(text)));
    (escapeFragment as { wellFormed?: boolean }).wellFormed = true;
    util.escapeFragment = escapeFragment;
  }
  return {
    ajv: require("ajv") as typeof import("ajv"),
    ajv2019: require("ajv/dist/2019.js") as typeof import("ajv/dist/2019.js"),
    ajv2020: require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js"),
  };
}

export interface AjvModules {
  readonly ajv: typeof import("ajv");
  readonly ajv2019: typeof import("ajv/dist/2019.js");
  readonly ajv2020: typeof import("ajv/dist/2020.js");
}

function toWellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}
