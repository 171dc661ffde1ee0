// The Markdown report goes into pull-request comments and job summaries, where a tool name, a
// description or a server's text must show as it is and do nothing else: no link, image, HTML or
// heading of its own. Held to a CommonMark renderer with GFM's bare-URL links on (markdown-it with
// linkify), over hostile text.
import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import type { ToolDiff } from "../../src/diff/change.js";
import type { Diagnostic } from "../../src/model/diagnostic.js";
import { formatMarkdown } from "../../src/report/format-markdown.js";
import { codeBlock, inlineCode } from "../../src/report/markdown-text.js";

const render = (markdown: string) => new MarkdownIt({ html: true, linkify: true }).render(markdown);

/** The tags mcp-gen's own markup makes; anything else came from the text. */
const OWN_TAGS = new Set(["h3", "h4", "p", "ul", "li", "strong", "code", "pre"]);

function tags(html: string): string[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)/g)].map((m) => m[1]!.toLowerCase());
}

const HOSTILE = [
  "<img src=x onerror=alert(1)>",
  "[click](https://evil.example)",
  "![x](https://evil.example/a.png)",
  "https://evil.example/path",
  "www.evil.example",
  "a@evil.example",
  "`code` ``x``",
  "```\n# heading\n```",
  "line\n\n# Heading\n- item",
  "<script>alert(1)</script>",
  "a | b | c",
  "&lt;b&gt;",
  "\u202eevil\u200b",
  "*bold* _em_ ~~del~~",
  "\\`",
  " ` ",
  "",
];

function finding(message: string): Diagnostic {
  return {
    ruleId: "verify-tool-changed",
    severity: "error",
    message,
    hint: message,
    file: "mcp-tools.lock.json",
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 9,
    pointer: "",
    related: [{ file: "src/generated/x.ts", line: 1, column: 1, message }],
    textChanges: [{ label: "description", before: message, after: `${message}!` }],
  };
}

function diff(name: string, text: string): ToolDiff {
  return {
    tools: [name],
    changes: [
      {
        tool: name,
        class: "needs-review",
        kind: "description-changed",
        part: "description",
        pointer: "/description",
        side: "head",
        message: text,
        text: { before: text, after: `${text} Also ${text}` },
      },
    ],
  };
}

describe("formatMarkdown", () => {
  it("shows hostile text only as code: no link, image, HTML or heading comes from it", () => {
    for (const text of HOSTILE) {
      const markdown = formatMarkdown({
        command: "verify",
        passed: false,
        headline: `Tool ${JSON.stringify(text)} changed.`,
        findings: [finding(text)],
        changes: diff(text, text),
        toolFiles: new Map([[text, `tools/${text}.yaml`]]),
      });
      const html = render(markdown);
      expect(
        tags(html).filter((tag) => !OWN_TAGS.has(tag)),
        `${JSON.stringify(text)}\n${markdown}`,
      ).toEqual([]);
      // Exactly the headings mcp-gen writes: the title and the tool's.
      expect(tags(html).filter((tag) => tag === "h3" || tag === "h4")).toEqual(["h3", "h4", "h4"]);
    }
  });

  it("property: any tool name, message and description stays inside code", () => {
    const text = fc.string({ unit: fc.constantFrom(..."<>[]()!`*_#-+|&:/.@ \n\\ahttpsw"), maxLength: 40 });
    fc.assert(
      fc.property(text, text, (name, message) => {
        const html = render(formatMarkdown({ command: "diff", passed: false, headline: `Tool ${JSON.stringify(name)}.`, findings: [finding(message)], changes: diff(name, message) }));
        expect(tags(html).filter((tag) => !OWN_TAGS.has(tag))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("keeps text recoverable: a code span and a code block show exactly the text, invisible characters made visible", () => {
    for (const text of ["a`b", "``", "` x `", "plain", "x\u200by"]) {
      const html = render(inlineCode(text));
      const shown = /<code>([\s\S]*)<\/code>/
        .exec(html)![1]!
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&")
        .replace(/&quot;/g, '"');
      expect(shown).toBe(text.replace("\u200b", "<U+200B>"));
    }
    const block = "-a\n```\n+b````\n";
    expect(render(codeBlock(block, "diff"))).toContain("-a\n```\n+b````\n</code></pre>");
  });

  it("shows U+2028 and U+2029, which GitHub renders as line breaks, as <U+...>, with NEL and the bidi controls, keeping a block's own lines", () => {
    const forged = "a\u2028- [ ] b\u2029c\u0085d\u202ae\u202ef\u2066g\u2069h";
    const shown = "a<U+2028>- [ ] b<U+2029>c<U+0085>d<U+202A>e<U+202E>f<U+2066>g<U+2069>h";
    expect(inlineCode(forged)).toBe(`\`${shown}\``);
    expect(codeBlock(`-${forged}\r\n+${forged}\n`, "diff")).toBe(`\`\`\`diff\n-${shown}\n+${shown}\n\`\`\``);
    const markdown = formatMarkdown({ command: "verify", passed: false, headline: `Tool ${JSON.stringify(forged)} changed.`, findings: [finding(forged)], changes: diff(forged, forged) });
    expect(markdown).not.toMatch(/[\u0085\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(markdown).toContain(`\`\`\`diff\n--- before description\n+++ after description\n@@ -1 +1 @@\n-${shown}\n+${shown} Also ${shown}\n\`\`\``);
  });

  it("says what changed per tool, its class, and the description's diff", () => {
    const markdown = formatMarkdown({
      command: "diff",
      passed: false,
      headline: "1 change in 1 tool: 0 breaking, 1 needs review, 0 compatible.",
      findings: [],
      changes: diff("get_weather", "Current weather."),
      toolFiles: new Map([["get_weather", "tools/get_weather.yaml"]]),
      before: "mcp-tools.lock.json",
      after: "descriptors",
    });
    expect(markdown).toBe(
      [
        "### mcp-gen diff: failed",
        "",
        "1 change in 1 tool: 0 breaking, 1 needs review, 0 compatible\\.",
        "",
        "#### `get_weather`: needs review",
        "",
        "In `tools/get_weather.yaml`.",
        "",
        "- **needs review**: `Current weather.`",
        "",
        "```diff",
        "--- mcp-tools.lock.json description",
        "+++ descriptors description",
        "@@ -1 +1 @@",
        "-Current weather.",
        "+Current weather. Also Current weather.",
        "```",
        "",
      ].join("\n"),
    );
  });
});
