// A { or [ left open in JSON (src/load/json-unclosed.ts), as in a file cut short: the json-syntax
// diagnostic pointed at the end of the text, one past the last character or on the line after the
// last line, with "expected a closing brace here". It now points at the opener, says where it opened
// and what to close in which order, as the YAML one does (unclosed-openers.ts), in every command and
// in the language server; and no JSON diagnostic points past the end of the file.
import { realpathSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readProjectConfig } from "../../src/cli/read-config.js";
import { parseJsonText } from "../../src/load/parse-json.js";
import { computeLineStarts, lineTexts } from "../../src/load/line-index.js";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { jsonUnclosedOpeners } from "../../src/load/json-unclosed.js";
import { ProjectSession } from "../../src/lsp/project-session.js";
import { SchemaAnswers } from "../../src/lsp/schema-answers.js";
import { runInProcess, tempProject } from "../support/temp-project.js";

function load(text: string) {
  return parseJsonText("t.json", text, computeLineStarts(text), DEFAULT_LOAD_LIMITS).diagnostics;
}

describe("jsonUnclosedOpeners", () => {
  it("finds the openers still open at the end, outermost first, skipping strings", () => {
    expect(jsonUnclosedOpeners('{"a": [1, 2').map((o) => [o.opener, o.offset])).toEqual([
      ["{", 0],
      ["[", 6],
    ]);
    expect(jsonUnclosedOpeners('{"a": "{[\\"", "b": {}').map((o) => [o.opener, o.offset])).toEqual([["{", 0]]);
  });

  it("finds nothing where every opener is closed", () => {
    for (const text of ['{"a": [1, {"b": 2}]}', '"{["', "[]", '{"a": "]}"}']) expect(jsonUnclosedOpeners(text), text).toEqual([]);
  });
});

describe("JSON with an opener left open", () => {
  it("names the innermost { where it opened, and closes the others after it", () => {
    const [d] = load('{"name": "x", "inputSchema": {"type": "object"');
    expect(d).toMatchObject({ ruleId: "json-syntax", line: 1, column: 30, endLine: 1, endColumn: 31 });
    expect(d!.message).toBe("t.json is not valid JSON: the { opened at line 1 column 30 is never closed, so the object runs on to the end of the file.");
    expect(d!.hint).toBe("Close the { opened at line 1 column 30 with }, then the { opened at line 1 column 1 with }.");
  });

  it("points at the opener's line, not the line after the last one", () => {
    const [d] = load('{\n  "name": "y",\n  "inputSchema": {\n    "type": "object",\n    "required": ["a",\n');
    expect(d).toMatchObject({ line: 5, column: 17 });
    expect(d!.message).toContain("the [ opened at line 5 column 17 is never closed, so the array runs on");
    expect(d!.hint).toBe("Close the [ opened at line 5 column 17 with ], then the { opened at line 3 column 18 with }, then the { opened at line 1 column 1 with }.");
  });

  it("keeps the parser's own message where the mistake is before the end", () => {
    const [d] = load('{"a": 1 "b": 2}\n');
    expect(d).toMatchObject({ line: 1, column: 9 });
    expect(d!.message).toBe("t.json is not valid JSON: expected a comma here.");
  });

  it("calls a file of whitespace alone empty, at its start", () => {
    const [d] = load("  \n\n");
    expect(d).toMatchObject({ ruleId: "json-syntax", line: 1, column: 1 });
    expect(d!.message).toBe("t.json is empty.");
  });

  it("never places a diagnostic past the file's last character, whatever prefix of a file is read", () => {
    const full = '{\n  "name": "t",\n  "description": "A tool.",\n  "inputSchema": {\n    "type": "object",\n    "properties": { "a": { "type": "array", "items": [1, "x", {}] } }\n  }\n}\n';
    for (let cut = 1; cut < full.length; cut++) {
      const text = full.slice(0, cut);
      const content = text.replace(/[\s]+$/, "");
      const lines = lineTexts(content, computeLineStarts(content));
      for (const d of load(text)) {
        const where = `${JSON.stringify(text)} → ${d.line}:${d.column} ${d.message}`;
        expect(d.line, where).toBeLessThanOrEqual(lines.length);
        expect(d.column, where).toBeLessThanOrEqual(Math.max(1, lines[d.line - 1]!.length));
      }
    }
  });
});

describe("a JSON descriptor cut short, in every command and the language server", () => {
  const files = { "tools/x.json": '{\n  "name": "x",\n  "inputSchema": {\n    "type": "object"\n' };
  const expected = { file: "tools/x.json", ruleId: "json-syntax", line: 3, column: 18, hint: "Close the { opened at line 3 column 18 with }, then the { opened at line 1 column 1 with }." };

  for (const command of ["build", "validate", "check"] as const) {
    it(`${command} points at the { of inputSchema`, async () => {
      const run = await runInProcess(tempProject(files), [command, "--format", "json"]);
      const [d] = (JSON.parse(run.stdout) as { diagnostics: Record<string, unknown>[] }).diagnostics;
      expect(d).toMatchObject(expected);
      expect(run.code).toBe(1);
    });
  }

  it("the language server points there too", async () => {
    const root = realpathSync(tempProject(files));
    const read = await readProjectConfig(root, undefined, "all");
    const session = new ProjectSession({ root, config: read.config!, configPath: undefined, configSources: read.sources, configDiagnostics: read.diagnostics, answers: new SchemaAnswers({}) });
    await session.findDescriptors();
    const [d] = (await session.analyze()).diagnostics;
    expect(d).toMatchObject(expected);
  });
});
