// The schemas in schemas/ as an editor uses them: through yaml-language-server's own language
// service (the engine of VS Code's YAML extension), offline. A schema that refers to anything on the
// network gets only "Problems loading reference" from it, and none of the user's mistakes; these
// must all be found, each where it is.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import type { LanguageService } from "yaml-language-server/lib/umd/languageservice/yamlLanguageService.js";
import { REPO_ROOT } from "./support/spec-paths.js";

const require = createRequire(import.meta.url);
const { getLanguageService } = require("yaml-language-server/lib/umd/languageservice/yamlLanguageService.js") as typeof import("yaml-language-server/lib/umd/languageservice/yamlLanguageService.js");
// The TextDocument implementation yaml-language-server itself depends on.
const { TextDocument } = createRequire(require.resolve("yaml-language-server/package.json"))("vscode-languageserver-textdocument") as {
  TextDocument: { create(uri: string, languageId: string, version: number, text: string): Parameters<LanguageService["doValidation"]>[0] };
};

const SCHEMAS = join(REPO_ROOT, "schemas");
const SHIPPED = ["mcp-gen.descriptor.schema.json", "mcp-gen.config.schema.json", "mcp-tools.lock.schema.json"];

/** Every schema URI the language service asked for: only files, never the network. */
const requested: string[] = [];

const service = getLanguageService({
  schemaRequestService: async (uri) => {
    requested.push(uri);
    if (!uri.startsWith("file:")) throw new Error(`offline: ${uri} was not fetched`);
    return readFileSync(fileURLToPath(uri), "utf8");
  },
  workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
});

interface Found {
  readonly message: string;
  readonly line: number;
  readonly character: number;
}

/** The diagnostics of `text` as the file `path`, validated against `schema` (or its own modeline). */
async function validate(schema: string, path: string, text: string): Promise<Found[]> {
  service.configure({ validate: true, schemas: [{ uri: pathToFileURL(join(SCHEMAS, schema)).href, fileMatch: ["*.yaml", "*.yml", "*.json"] }] });
  const document = TextDocument.create(pathToFileURL(path).href, "yaml", 1, text);
  const diagnostics = await service.doValidation(document, false);
  return diagnostics.map((d) => ({ message: d.message, line: d.range.start.line, character: d.range.start.character }));
}

/** Every `$ref` and `$dynamicRef` in a JSON value. */
function references(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(references);
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, child]) => ((key === "$ref" || key === "$dynamicRef") && typeof child === "string" ? [`${key} ${child}`] : references(child)));
}

describe("the shipped JSON Schemas in an editor, offline", () => {
  it("refer only to their own definitions", () => {
    for (const file of SHIPPED) {
      const outside = references(JSON.parse(readFileSync(join(SCHEMAS, file), "utf8"))).filter((ref) => !ref.startsWith("$ref #"));
      expect(outside, file).toEqual([]);
    }
  });

  it("descriptor: a misspelt key, a value outside an enum and a bad inputSchema, each at its place", async () => {
    const text = [
      "name: get_weather", // 0
      "descripton: Get the weather.", // 1: misspelt key
      "inputSchema:", // 2
      "  type: object", // 3
      "  properties:", // 4
      "    city: { type: strng }", // 5: not a JSON Schema type (the bundled meta-schema)
      "icons:", // 6
      "  - src: https://example.com/icon.png", // 7
      "    theme: blue", // 8: not light or dark
      "x-mcp-gen:", // 9
      "  exampels: []", // 10: misspelt key of the authoring block
    ].join("\n");
    const found = await validate("mcp-gen.descriptor.schema.json", join(REPO_ROOT, "tools", "get_weather.yaml"), text);
    expect(found).toEqual(
      expect.arrayContaining([
        { message: "Property descripton is not allowed.", line: 1, character: 0 },
        expect.objectContaining({ message: expect.stringMatching(/^Value is not accepted\. Valid values: .*"string"/), line: 5, character: 18 }),
        { message: 'Value is not accepted. Valid values: "dark", "light".', line: 8, character: 11 },
        { message: "Property exampels is not allowed.", line: 10, character: 2 },
      ]),
    );
    expect(found).toHaveLength(4);
  });

  it("config: a misspelt key and a severity outside the enum, each at its place", async () => {
    const text = ["tool: [tools/**/*.yaml]", "rules:", "  description-length-limit: eror"].join("\n");
    const found = await validate("mcp-gen.config.schema.json", join(REPO_ROOT, "mcp-gen.config.yaml"), text);
    expect(found).toEqual(
      expect.arrayContaining([
        { message: "Property tool is not allowed.", line: 0, character: 0 },
        { message: 'Value is not accepted. Valid values: "off", "info", "warning", "error".', line: 2, character: 28 },
      ]),
    );
    expect(found).toHaveLength(2);
  });

  it("accept every example descriptor and config, through their own modeline", async () => {
    const files = ["conformance", "tracker", "weather"].flatMap((example) => {
      const root = join(REPO_ROOT, "examples", example);
      return [join(root, "mcp-gen.config.yaml"), ...readdirSync(join(root, "tools")).map((file) => join(root, "tools", file))];
    });
    for (const file of files) {
      // The modeline names the schema; the configured one is the descriptor's, which a config would fail.
      const text = readFileSync(file, "utf8");
      expect(text, file).toMatch(/^# yaml-language-server: \$schema=/);
      expect(await validate("mcp-gen.descriptor.schema.json", file, text), file).toEqual([]);
    }
    // init's example names the schema where a project installs mcp-gen: checked without its modeline.
    const greet = readFileSync(join(REPO_ROOT, "templates/init/tools/greet.yaml"), "utf8").replace(/^# yaml-language-server: .*\n/, "");
    expect(await validate("mcp-gen.descriptor.schema.json", join(REPO_ROOT, "tools", "greet.yaml"), greet)).toEqual([]);
  });

  it("fetched nothing but files", () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.filter((uri) => !uri.startsWith("file:"))).toEqual([]);
  });
});
