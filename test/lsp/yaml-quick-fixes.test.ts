// Quick fixes on YAML values in the forms YAML allows around them: written on the line after their
// key (plain, behind a comment, below a comment line, a flow value), after a tag that fits the new
// value or does not, or after a key that has an anchor or a tag, and values with comments or anchors
// inside. Each edit is applied as an editor applies it, then the text is read again by the project's
// own loader (the intended value) and by the server (the finding gone); where an edit would lose a
// comment, or an anchor that other places name, there is no fix.
import type { CodeAction, TextEdit } from "vscode-languageserver/node";
import { describe, expect, it } from "vitest";
import { parseDocument } from "yaml";
import { loadDocument } from "../../src/load/load-document.js";
import { valueAt } from "../../src/model/json.js";
import { splitPointer } from "../../src/model/pointer.js";
import { startInProcess, type LspClient } from "../support/lsp-client.js";
import { tempProject } from "../support/temp-project.js";

/** A tool named `name` whose input has the one property `city`, written as `city` (its lines below "city:"). */
function tool(name: string, city: string): string {
  return `name: ${name}\ndescription: Gets a city.\ninputSchema:\n  type: object\n  additionalProperties: false\n  properties:\n    city:\n${city}`;
}

const CITY = "/inputSchema/properties/city";

interface Case {
  /** File name under tools/, also the tool's name where the case does not rename it. */
  readonly file: string;
  readonly text: string;
  readonly code: string;
  readonly title: string;
  /** The whole text once the fix is applied. */
  readonly fixed: string;
  /** What the project's loader reads at `pointer` from the fixed text. */
  readonly pointer: string;
  readonly value: unknown;
}

/** The actions the server offers for the first diagnostic of `code` in `path`. */
async function fixesFor(client: LspClient, path: string, code: string): Promise<CodeAction[]> {
  const [diagnostic] = (await client.current(path)).filter((d) => d.code === code);
  expect(diagnostic, `${path} has ${code}`).toBeDefined();
  return client.codeActions(path, [diagnostic!]);
}

/** Opens each case, applies its fix, and checks the text, what the loader reads from it, and that the finding is gone. */
async function expectFixes(cases: readonly Case[]): Promise<void> {
  const root = tempProject(Object.fromEntries(cases.map((c) => [`tools/${c.file}.yaml`, c.text])));
  const client = await startInProcess(root);
  for (const c of cases) {
    const path = `tools/${c.file}.yaml`;
    await client.open(path);
    const actions = await fixesFor(client, path, c.code);
    const action = actions.find((candidate) => candidate.title === c.title);
    // Soft: every case that goes wrong is reported, not just the first.
    expect.soft(action, `${path}: ${c.title} among ${actions.map((a) => a.title).join(", ")}`).toBeDefined();
    if (!action) continue;
    await client.edit(path, action.edit!.changes![client.uri(path)] as TextEdit[]);
    const text = client.text(path);
    expect.soft(text, path).toBe(c.fixed);
    const loaded = loadDocument({ path, text });
    expect.soft(loaded.diagnostics, path).toEqual([]);
    expect.soft(loaded.value && valueAt(loaded.value.value, splitPointer(c.pointer)), path).toEqual(c.value);
    // The yaml package reads a tag that does not fit its node (!!str before a sequence) with a warning only.
    expect
      .soft(
        parseDocument(text).warnings.map((w) => w.message),
        path,
      )
      .toEqual([]);
    expect
      .soft(
        (await client.current(path)).map((d) => d.code),
        path,
      )
      .not.toContain(c.code);
  }
}

/** Opens each file and expects no fix for its diagnostic of `code`. */
async function expectNoFix(files: Readonly<Record<string, string>>, code: string): Promise<void> {
  const root = tempProject(Object.fromEntries(Object.entries(files).map(([file, text]) => [`tools/${file}.yaml`, text])));
  const client = await startInProcess(root);
  for (const file of Object.keys(files)) {
    const path = `tools/${file}.yaml`;
    await client.open(path);
    expect.soft(await fixesFor(client, path, code), path).toEqual([]);
  }
}

const NULLABLE = "schema-nullable-keyword";
const TYPED = 'Replace "nullable" with type: ["string", "null"]';

describe("mcp-gen lsp quick fixes on YAML values", () => {
  it("edit a value written on the line after its key as one written beside it, for every quick fix", async () => {
    const annotations = (name: string, lines: string) => `name: ${name}\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\nannotations:\n${lines}`;
    await expectFixes([
      {
        file: "behind_comment",
        text: tool("behind_comment", "      type: # the type\n        string\n      nullable: true\n"),
        code: NULLABLE,
        title: TYPED,
        fixed: tool("behind_comment", '      type: # the type\n        ["string", "null"]\n'),
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      },
      {
        file: "plain",
        text: tool("plain", "      type:\n        string\n      nullable: true\n      maxLength: 9\n"),
        code: NULLABLE,
        title: TYPED,
        fixed: tool("plain", '      type:\n        ["string", "null"]\n      maxLength: 9\n'),
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      },
      {
        file: "comment_line",
        text: tool("comment_line", "      type:\n        # the type\n        string\n      nullable: true\n"),
        code: NULLABLE,
        title: TYPED,
        fixed: tool("comment_line", '      type:\n        # the type\n        ["string", "null"]\n'),
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      },
      {
        file: "flow",
        text: tool("flow", "      type: # two\n        [string, integer] # for now\n      nullable: true\n"),
        code: NULLABLE,
        title: 'Replace "nullable" with type: ["string", "integer", "null"]',
        fixed: tool("flow", '      type: # two\n        ["string", "integer", "null"] # for now\n'),
        pointer: `${CITY}/type`,
        value: ["string", "integer", "null"],
      },
      {
        file: "anchored_key",
        text: `${tool("anchored_key", "      &k type: # the type\n        string\n      nullable: true\n")}x-mcp-gen:\n  note: *k\n`,
        code: NULLABLE,
        title: TYPED,
        fixed: `${tool("anchored_key", '      &k type: # the type\n        ["string", "null"]\n')}x-mcp-gen:\n  note: *k\n`,
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      },
      {
        file: "tagged_key",
        text: tool("tagged_key", "      !!str type:\n        string\n      nullable: true\n"),
        code: NULLABLE,
        title: TYPED,
        fixed: tool("tagged_key", '      !!str type:\n        ["string", "null"]\n'),
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      },
      {
        file: "remove",
        text: tool("remove", "      type: [string, 'null']\n      nullable: # from OpenAPI\n        false\n      maxLength: 9\n"),
        code: NULLABLE,
        title: 'Remove "nullable"',
        fixed: tool("remove", "      type: [string, 'null']\n      maxLength: 9\n"),
        pointer: CITY,
        value: { type: ["string", "null"], maxLength: 9 },
      },
      {
        file: "name",
        text: "name: # the name\n  get weather\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n",
        code: "tool-name-syntax",
        title: 'Rename to "get_weather"',
        fixed: "name: # the name\n  get_weather\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n",
        pointer: "/name",
        value: "get_weather",
      },
      {
        file: "header",
        text: tool("header", "      type: string\n      maxLength: 9\n      x-mcp-header: # sent as\n        My Header\n"),
        code: "header-name-syntax",
        title: 'Rename to "My-Header"',
        fixed: tool("header", "      type: string\n      maxLength: 9\n      x-mcp-header: # sent as\n        My-Header\n"),
        pointer: `${CITY}/x-mcp-header`,
        value: "My-Header",
      },
      {
        file: "header_unique",
        text: tool("header_unique", "      type: string\n      maxLength: 9\n      x-mcp-header: City\n    area:\n      type: string\n      maxLength: 9\n      x-mcp-header:\n        city\n"),
        code: "header-name-unique",
        title: 'Rename to "Area"',
        fixed: tool("header_unique", "      type: string\n      maxLength: 9\n      x-mcp-header: City\n    area:\n      type: string\n      maxLength: 9\n      x-mcp-header:\n        Area\n"),
        pointer: "/inputSchema/properties/area/x-mcp-header",
        value: "Area",
      },
      {
        file: "read_only",
        text: annotations("read_only", "  readOnlyHint: # says who\n    true\n  destructiveHint:\n    true\n"),
        code: "annotations-contradiction",
        title: "Set readOnlyHint to false",
        fixed: annotations("read_only", "  readOnlyHint: # says who\n    false\n  destructiveHint:\n    true\n"),
        pointer: "/annotations",
        value: { readOnlyHint: false, destructiveHint: true },
      },
      {
        file: "destructive",
        text: annotations("destructive", "  readOnlyHint:\n    true\n  destructiveHint: # says who\n    true\n"),
        code: "annotations-contradiction",
        title: "Remove destructiveHint",
        fixed: annotations("destructive", "  readOnlyHint:\n    true\n"),
        pointer: "/annotations",
        value: { readOnlyHint: true },
      },
    ]);
  });

  it("drop a tag that does not fit the value they write, keeping a comment after it, so that a sequence does not keep !!str", async () => {
    await expectFixes(
      [
        ["beside", "      type: !!str string\n", '      type: ["string", "null"]\n'],
        ["verbatim", "      type: !<tag:yaml.org,2002:str> string\n", '      type: ["string", "null"]\n'],
        ["tag_then_comment", "      type: !!str # the type\n        string\n", '      type: # the type\n        ["string", "null"]\n'],
        ["tag_ends_line", "      type: !!str\n        string\n", '      type:\n        ["string", "null"]\n'],
        ["tag_on_value_line", "      type:\n        !!str string\n", '      type:\n        ["string", "null"]\n'],
      ].map(([file, type, fixed]) => ({
        file: file!,
        text: tool(file!, `${type!}      nullable: true\n`),
        code: NULLABLE,
        title: TYPED,
        fixed: tool(file!, fixed!),
        pointer: `${CITY}/type`,
        value: ["string", "null"],
      })),
    );
  });

  it("keep a tag that fits the value they write", async () => {
    await expectFixes([
      {
        file: "tagged_seq",
        text: tool("tagged_seq", "      type: !!seq\n        - string\n        - integer\n      nullable: true\n"),
        code: NULLABLE,
        title: 'Replace "nullable" with type: ["string", "integer", "null"]',
        fixed: tool("tagged_seq", '      type: !!seq\n        ["string", "integer", "null"]\n'),
        pointer: `${CITY}/type`,
        value: ["string", "integer", "null"],
      },
      {
        file: "tagged_name",
        text: "name: !!str\n  get weather\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n",
        code: "tool-name-syntax",
        title: 'Rename to "get_weather"',
        fixed: "name: !!str\n  get_weather\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n",
        pointer: "/name",
        value: "get_weather",
      },
      {
        file: "tagged_hint",
        text: "name: tagged_hint\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\nannotations:\n  readOnlyHint: !!bool # says who\n    true\n  destructiveHint: true\n",
        code: "annotations-contradiction",
        title: "Set readOnlyHint to false",
        fixed:
          "name: tagged_hint\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\nannotations:\n  readOnlyHint: !!bool # says who\n    false\n  destructiveHint: true\n",
        pointer: "/annotations/readOnlyHint",
        value: false,
      },
    ]);
  });

  it("keep the comment on the last line of a block sequence they replace", async () => {
    await expectFixes([
      {
        file: "last_item_comment",
        text: tool("last_item_comment", "      type:\n        - string\n        - integer # or a code\n      nullable: true\n"),
        code: NULLABLE,
        title: 'Replace "nullable" with type: ["string", "integer", "null"]',
        fixed: tool("last_item_comment", '      type:\n        ["string", "integer", "null"] # or a code\n'),
        pointer: `${CITY}/type`,
        value: ["string", "integer", "null"],
      },
    ]);
  });

  it("offer no fix that would take a comment inside the value with it", async () => {
    await expectNoFix(
      {
        item_comment: tool("item_comment", "      type:\n        - string # a name\n        - integer\n      nullable: true\n"),
        flow_comment: tool("flow_comment", "      type: [string, # a name\n        integer]\n      nullable: true\n"),
      },
      NULLABLE,
    );
    await expectNoFix({ header_comment: "name: | # the name\n  get weather\ndescription: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n" }, "tool-name-syntax");
  });

  it("count as comments only what YAML reads as one, not a # in a quoted string or a block scalar", async () => {
    const rest = "description: Gets a city.\ninputSchema: {type: object, additionalProperties: false}\n";
    await expectFixes([
      {
        file: "quoted",
        text: `name: "get weather #1"\n${rest}`,
        code: "tool-name-syntax",
        title: 'Rename to "get_weather_1"',
        fixed: `name: "get_weather_1"\n${rest}`,
        pointer: "/name",
        value: "get_weather_1",
      },
      {
        file: "block",
        text: `name: |-\n  get weather #1\n${rest}`,
        code: "tool-name-syntax",
        title: 'Rename to "get_weather_1"',
        fixed: `name: get_weather_1\n${rest}`,
        pointer: "/name",
        value: "get_weather_1",
      },
    ]);
  });

  it("offer no fix that would remove an anchor another place names", async () => {
    await expectNoFix(
      {
        // The replaced type holds the anchor that town's type names.
        anchor_in_value: `${tool("anchor_in_value", "      type: [&t string, integer]\n      nullable: true\n")}    town:\n      type: *t\n`,
        // The removed nullable holds the anchor that town's description names.
        anchor_in_member: `${tool("anchor_in_member", "      type: string\n      nullable:\n        note: &n A note.\n")}    town:\n      type: string\n      description: *n\n`,
      },
      NULLABLE,
    );
  });
});

describe("mcp-gen lsp quick fix for yaml-1-1-scalar", () => {
  const YAML11 = "yaml-1-1-scalar";

  it("offer no fix for an anchored value, which an alias elsewhere reads too", async () => {
    await expectNoFix({ anchored: `${tool("anchored", "      type: string\n      default: &v on\n")}_meta:\n  com.example/w: *v\n` }, YAML11);
  });

  it("write the scalar as mcp-gen reads it, quoted where that is a string, keeping the comment after it and the rest of the line", async () => {
    await expectFixes([
      {
        file: "boolean_word",
        text: tool("boolean_word", "      type: string\n      default: on # the usual\n"),
        code: YAML11,
        title: 'Quote it: "on"',
        fixed: tool("boolean_word", '      type: string\n      default: "on" # the usual\n'),
        pointer: `${CITY}/default`,
        value: "on",
      },
      {
        file: "in_flow",
        text: tool("in_flow", "      type: string\n      enum: [Paris, NO, Oslo] # countries too\n"),
        code: YAML11,
        title: 'Quote it: "NO"',
        fixed: tool("in_flow", '      type: string\n      enum: [Paris, "NO", Oslo] # countries too\n'),
        pointer: `${CITY}/enum`,
        value: ["Paris", "NO", "Oslo"],
      },
      {
        file: "sexagesimal",
        text: tool("sexagesimal", "      type: string\n      examples:\n        - 1:20\n"),
        code: YAML11,
        title: 'Quote it: "1:20"',
        fixed: tool("sexagesimal", '      type: string\n      examples:\n        - "1:20"\n'),
        pointer: `${CITY}/examples/0`,
        value: "1:20",
      },
      {
        file: "date",
        text: tool("date", "      type: string\n      default: 2024-01-01\n"),
        code: YAML11,
        title: 'Quote it: "2024-01-01"',
        fixed: tool("date", '      type: string\n      default: "2024-01-01"\n'),
        pointer: `${CITY}/default`,
        value: "2024-01-01",
      },
      {
        file: "key",
        text: `name: key\ndescription: Gets a switch.\ninputSchema:\n  type: object\n  properties:\n    off: {type: boolean} # the switch\n`,
        code: YAML11,
        title: 'Quote it: "off"',
        fixed: `name: key\ndescription: Gets a switch.\ninputSchema:\n  type: object\n  properties:\n    "off": {type: boolean} # the switch\n`,
        pointer: "/inputSchema/properties/off",
        value: { type: "boolean" },
      },
      {
        // Quoting would make it the string "0777": the fix keeps the number mcp-gen reads.
        file: "leading_zero",
        text: tool("leading_zero", "      type: string\n      maxLength: 0777 # long enough\n"),
        code: YAML11,
        title: "Write 777",
        fixed: tool("leading_zero", "      type: string\n      maxLength: 777 # long enough\n"),
        pointer: `${CITY}/maxLength`,
        value: 777,
      },
    ]);
  });
});
