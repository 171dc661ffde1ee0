// dialectOf reads `$schema` as the official SDK does (declaredDialect in its validators): the URI as
// written, http or https, with or without a trailing "#". Whitespace around it is another string,
// which the SDK refuses as an unsupported dialect (T-SCHEMA-10); every reader of the dialect
// (validation, the LSP's completion) goes through dialectOf and so agrees.
import { describe, expect, it } from "vitest";
import { dialectOf, paddedDialectUri } from "../../src/model/dialect.js";
import { schemaDialectAt } from "../../src/lsp/schema-dialect.js";

describe("dialectOf", () => {
  it("reads the supported URIs and their http/https and '#' variants (T-SCHEMA-6)", () => {
    expect(dialectOf(undefined)).toBe("2020-12");
    expect(dialectOf("https://json-schema.org/draft/2020-12/schema")).toBe("2020-12");
    expect(dialectOf("http://json-schema.org/draft/2020-12/schema#")).toBe("2020-12");
    expect(dialectOf("https://json-schema.org/draft/2019-09/schema")).toBe("2019-09");
    expect(dialectOf("http://json-schema.org/draft-07/schema#")).toBe("draft-07");
    expect(dialectOf(7)).toBeUndefined();
  });

  it("refuses a supported URI with whitespace around it, as the SDK does (T-SCHEMA-10)", () => {
    for (const padded of [" https://json-schema.org/draft/2020-12/schema", "https://json-schema.org/draft/2020-12/schema\n", "\thttp://json-schema.org/draft-07/schema# "]) {
      expect(dialectOf(padded), JSON.stringify(padded)).toBeUndefined();
    }
  });

  it("names the URI a padded $schema would be, for the hint", () => {
    expect(paddedDialectUri(" https://json-schema.org/draft/2020-12/schema\n")).toBe("https://json-schema.org/draft/2020-12/schema");
    expect(paddedDialectUri("https://json-schema.org/draft/2020-12/schema")).toBeUndefined();
    expect(paddedDialectUri(" http://json-schema.org/draft-04/schema#")).toBeUndefined();
  });

  it("is what the LSP's completion reads too: a padded draft-07 URI is no draft-07 schema there either", () => {
    const text = 'inputSchema:\n  $schema: " http://json-schema.org/draft-07/schema#"\n  type: object\n';
    expect(schemaDialectAt(["inputSchema"], undefined, text, false)).toBe("2020-12");
    expect(schemaDialectAt(["inputSchema"], undefined, text.replace('" http', '"http'), false)).toBe("draft-07");
  });
});
