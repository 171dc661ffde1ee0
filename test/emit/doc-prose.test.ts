// emit/doc-prose.ts and where it is used: a long description reaches a generated doc comment as its
// start and a note saying where the rest is, cut at a paragraph, line or word; a short one as it is.
// The generated descriptor constant keeps the whole text, and every comment stays one comment.
import fc from "fast-check";
import { ts } from "ts-morph";
import { describe, expect, it } from "vitest";
import { readRuntimeSources, readTemplates } from "../../src/cli/package-files.js";
import { loadConfig } from "../../src/config/load-config.js";
import { DOC_PROSE_LIMIT, docProse } from "../../src/emit/doc-prose.js";
import { emitProject } from "../../src/emit/emit-project.js";
import { docComment } from "../../src/emit/safe-text.js";
import { ALL_RULES } from "../../src/validate/rules/index.js";
import { analyzeTools } from "../support/project-from-tools.js";

const NOTE = "… (continues in tools/x.yaml)";

describe("docProse", () => {
  it("keeps a description of up to the limit as it is", () => {
    const text = `  ${"a".repeat(DOC_PROSE_LIMIT)}\n`;
    expect(docProse(text, "tools/x.yaml")).toBe(text);
  });

  it("ends at the last paragraph within the limit, then the note", () => {
    const text = `${"First paragraph. ".repeat(20).trim()}\n\n${"Second one. ".repeat(50).trim()}\n\n${"Third. ".repeat(200)}`;
    const first = "First paragraph. ".repeat(20).trim();
    const second = "Second one. ".repeat(50).trim();
    expect(docProse(text, "tools/x.yaml")).toBe(`${first}\n\n${second}\n\n${NOTE}`);
  });

  it("ends at a line break, else after a sentence, else at a space, else between two characters", () => {
    const lines = `${"- a list item\n".repeat(100)}`;
    expect(docProse(lines, "tools/x.yaml", 100)).toBe(`${"- a list item\n".repeat(7).trimEnd()}\n\n${NOTE}`);
    const sentences = "One sentence here. Then (another one.) And a third one that goes on and on.";
    expect(docProse(sentences, "tools/x.yaml", 60)).toBe(`One sentence here. Then (another one.) ${NOTE}`);
    const words = "word ".repeat(400);
    expect(docProse(words, "tools/x.yaml", 22)).toBe(`word word word word ${NOTE}`);
    const emoji = "😀".repeat(30);
    expect(docProse(emoji, "tools/x.yaml", 11)).toBe(`${"😀".repeat(5)}${NOTE}`);
  });

  it("closes a code block the cut leaves open", () => {
    const text = `Example:\n\n\`\`\`json\n${'{ "a": 1 }\n'.repeat(200)}\`\`\`\n`;
    const shown = docProse(text, "tools/x.yaml");
    expect(shown.endsWith(`\n\`\`\`\n\n${NOTE}`)).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(DOC_PROSE_LIMIT + 4 + 2 + NOTE.length);
  });

  it("keeps a start of the text and stays one comment, whatever the text and the file name", () => {
    const piece = fc.constantFrom("*/", "/*", " ", "\n", "\n\n", "\r\n", "\u2028", "```", "@param", "a", "word", "😀", "\ud800", "\u202e", "\t");
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 80 }),
      fc.array(piece, { maxLength: 60 }).map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(text, fc.constantFrom("tools/x.yaml", "tools/*/x.yaml", "tools/@x\n.yaml"), fc.integer({ min: 4, max: 40 }), (description, where, limit) => {
        const shown = docProse(description, where, limit);
        expect(docProse(description, where, limit)).toBe(shown);
        if (shown !== description) {
          const kept = shown.slice(0, shown.lastIndexOf("… (continues in ")).replace(/\n```\n\n$/, "");
          const normalized = (t: string) => t.replace(/\r\n?|[\u2028\u2029\u0085]/g, "\n");
          expect(normalized(description.trim()).startsWith(normalized(kept.trimEnd()))).toBe(true);
          expect(kept.trimEnd().length).toBeLessThanOrEqual(limit);
        }
        const file = ts.createSourceFile("x.ts", `${docComment(shown)}export const x = 1;\n`, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
        expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
        expect(file.statements.map((statement) => statement.getText())).toEqual(["export const x = 1;"]);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a 5 MB description in generated code", () => {
  it("shows its start in the doc comments of the handler stub, the client and the types; the descriptor keeps it whole", async () => {
    const paragraph = `${"Look the thing up and say what it is. ".repeat(20).trim()}\n\n`;
    const huge = paragraph.repeat(Math.ceil(5_000_000 / paragraph.length));
    const wire = {
      name: "look_up",
      description: huge,
      inputSchema: { type: "object", properties: { id: { type: "string", description: huge } }, required: ["id"] },
      outputSchema: { type: "object", properties: { found: { type: "boolean", description: huge } } },
    };
    const { analysis, paths } = analyzeTools([wire], ALL_RULES, {
      load: { maxFileBytes: 100_000_000 },
      ruleOptions: { "descriptor-size-limit": { maxBytes: 100_000_000 }, "description-length-limit": { maxLength: 100_000_000 } },
    });
    expect(analysis.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const config = loadConfig(undefined, ALL_RULES, {}).value!;
    const output = await emitProject({ tools: analysis.tools, config, templates: await readTemplates(), runtime: await readRuntimeSources(), schemas: analysis.schemas });
    const files = new Map([...output.generated, ...output.scaffolds].map((file) => [file.path, file.contents]));
    const module = files.get("src/generated/tools/look_up.ts")!;
    // The descriptor constant is what tools/list serves: every byte of the description, three times.
    expect(module.length).toBeGreaterThan(3 * huge.length);
    for (const [path, contents] of files) if (path !== "src/generated/tools/look_up.ts") expect(contents.length, path).toBeLessThan(100_000);
    const declarations = module.slice(0, module.indexOf("export const lookUpTool"));
    expect(declarations.length).toBeLessThan(10_000);
    const stub = files.get("src/handlers/look_up.ts")!;
    const client = files.get("src/generated/client.ts")!;
    for (const text of [stub, client]) expect(text).toContain(`… (continues in ${paths[0]})\n`);
    expect(declarations.match(/… \(continues in the tool's descriptor\)/g)).toHaveLength(2);
    expect(stub).toContain(` * ${"Look the thing up and say what it is. ".repeat(2).trim()}`);
  }, 60_000);
});
