import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { iconUriScheme } from "../../src/validate/rules/icon-uri-scheme.js";
import { analyzeTools } from "../support/project-from-tools.js";
import { describeRule } from "../support/rule-harness.js";
import { specPath } from "../support/spec-paths.js";

/** Every icons[].src in the official 2026-07-28 examples. */
function exampleIconSources(): string[] {
  const root = specPath("2026-07-28/examples");
  const found: string[] = [];
  for (const entry of readdirSync(root, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".json"))) {
    JSON.parse(readFileSync(join(root, entry), "utf8"), (key, value) => {
      if (key === "icons" && Array.isArray(value)) for (const icon of value) if (typeof icon?.src === "string") found.push(icon.src);
      return value;
    });
  }
  return found;
}

function messagesFor(...srcs: string[]) {
  const { analysis } = analyzeTools([{ name: "t", inputSchema: { type: "object" }, icons: srcs.map((src) => ({ src })) }], [iconUriScheme]);
  return analysis.diagnostics.map((d) => [d.severity, d.pointer, d.message]);
}

describeRule(iconUriScheme, () => {
  it("refuses every scheme but https: and data:, in any case and with browser-ignored whitespace (T-ICON-3)", () => {
    const refused = [
      "http://x.test/i.png",
      "HTTP://x.test/i.png",
      "javascript:void(0)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "vbscript:msgbox(1)",
      "file:///c:/icon.png",
      "ftp://x.test/i.png",
      "ws://x.test/i",
      "wss://x.test/i",
      "blob:https://x.test/1",
      "about:blank",
      "mailto:a@x.test",
      "app://icon",
      "//x.test/i.png",
      "",
      "x",
    ];
    for (const src of refused) expect(messagesFor(src), JSON.stringify(src)).toHaveLength(1);
  });

  it("accepts well-formed https: and image data: URIs (T-ICON-3)", () => {
    expect(
      messagesFor(
        "https://x.test/i.png",
        "https://x.test",
        "https://[::1]:8443/i.png",
        "data:image/png;base64,AAAA",
        "data:image/webp,%00%01",
        "DATA:IMAGE/PNG;BASE64,AAA",
        "data:image/png;name=a.png;base64,AA==",
      ),
    ).toEqual([]);
  });

  it("accepts every icon of the official examples (T-ICON-3)", () => {
    const sources = exampleIconSources();
    expect(sources.length).toBeGreaterThan(0);
    expect(messagesFor(...sources)).toEqual([]);
  });

  it("reports an SVG with active content as a warning only, and plain SVG not at all (T-ICON-4)", () => {
    const svg = (text: string) => "data:image/svg+xml;base64," + Buffer.from(text).toString("base64");
    expect(messagesFor(svg("<svg><rect/></svg>"), svg("<svg><text>one two</text></svg>"))).toEqual([]);
    for (const text of ["<svg><script/></svg>", "<svg onload='x()'/>", '<svg><a href="javascript:x()"/></svg>', "<svg><foreignObject/></svg>"]) {
      expect(
        messagesFor(svg(text)).map(([severity]) => severity),
        text,
      ).toEqual(["warning"]);
    }
  });

  it("leaves a src that is not a string, and icons that are not a list, to tool-shape (T-ICON-1)", () => {
    const { analysis } = analyzeTools(
      [
        { name: "t", inputSchema: { type: "object" }, icons: [{ src: 42 }, "x", null] },
        { name: "u", inputSchema: { type: "object" }, icons: {} },
      ],
      [iconUriScheme],
    );
    expect(analysis.diagnostics).toEqual([]);
  });
});
