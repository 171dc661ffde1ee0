// emit/select-runtime.ts: a project gets exactly the runtime modules its generated files reach,
// following relative imports through the runtime (./ and ../, type-only ones included), and the real
// runtime tree splits cleanly by target: no SDK v1 module in an SDK v2 project and the reverse.
import { describe, expect, it } from "vitest";
import { readRuntimeSources } from "../../src/cli/package-files.js";
import fc from "fast-check";
import { relativeImports, selectRuntime } from "../../src/emit/select-runtime.js";

const source = (file: string, contents = "") => ({ file, contents });

describe("selectRuntime", () => {
  it("follows imports from generated files into the runtime, and between runtime modules", () => {
    const runtime = [
      source("a.ts", 'import { b } from "./b.js";\nexport type { C } from "./v1/c.js";'),
      source("b.ts"),
      source("v1/c.ts", 'import type { D } from "../d.js";'),
      source("d.ts"),
      source("unused.ts", 'import { a } from "./a.js";'),
    ];
    const generated = [{ path: "src/generated/server.ts", contents: 'import { a } from "./runtime/a.js";\nimport { x } from "./tools.js";' }];
    expect(selectRuntime(generated, runtime, "src/generated").map((s) => s.file)).toEqual(["a.ts", "b.ts", "d.ts", "v1/c.ts"]);
  });

  it("resolves imports from nested generated folders, and ignores packages", () => {
    const runtime = [source("tool-table.ts"), source("validator-runtime.ts")];
    const generated = [
      { path: "out/tools/x.ts", contents: 'import type { ToolDescriptor } from "../runtime/tool-table.js";\nimport { z } from "zod";' },
      { path: "out/validators/2020-12.ts", contents: 'import * as __rt from "../runtime/validator-runtime.js";' },
    ];
    expect(selectRuntime(generated, runtime, "out").map((s) => s.file)).toEqual(["tool-table.ts", "validator-runtime.ts"]);
  });

  it("throws when generated code names a module the runtime does not have (a template bug)", () => {
    expect(() => selectRuntime([{ path: "o/a.ts", contents: 'import "./runtime/missing.js";\nexport { m } from "./runtime/missing.js";' }], [], "o")).toThrow("runtime/missing.ts");
  });

  it("splits the shipped runtime by SDK: each target's entry modules reach no module of the other", async () => {
    const runtime = await readRuntimeSources();
    const reach = (entries: string[]) => selectRuntime([{ path: "g/index.ts", contents: entries.map((e) => `export * from "./runtime/${e}.js";`).join("\n") }], runtime, "g");
    // Validators import validator-runtime, or pattern-runtime when they have a pattern; both targets share them.
    const shared = new Set(["tool-table", "validator-runtime", "pattern-runtime"]);
    const entries = ["server-runtime", "http-runtime", "client-runtime", "testing-runtime", ...shared];
    const v2 = reach(entries);
    const v1 = reach(entries.map((e) => (shared.has(e) ? e : `v1/${e}`)));
    const sdkOf = (files: typeof v2) => new Set(files.flatMap((f) => [...f.contents.matchAll(/from "(@modelcontextprotocol\/[a-z]+)/g)].map((m) => m[1])));
    expect([...sdkOf(v2)].sort()).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/server"]);
    expect([...sdkOf(v1)]).toEqual(["@modelcontextprotocol/sdk"]);
    expect(v2.some((f) => f.file.startsWith("v1/"))).toBe(false);
    // Every top-level module is shared or SDK v2; every SDK v1 module lives in v1/.
    expect(v2.map((f) => f.file)).toEqual(runtime.filter((f) => !f.file.includes("/")).map((f) => f.file));
  });
});

describe("relativeImports", () => {
  it("property: finds what a global search for the specifier pattern finds", () => {
    for (const text of ['from "./a from "./b.js"', 'import { x } from "./from.js"; export * from "../y.js"']) {
      expect(relativeImports(text)).toEqual([...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]));
    }
    const piece = fc.constantFrom("from", " ", "  ", "\n", '"', "./", "../", "x", ".js", "runtime/", "import ", "afrom", "_from", "$", ' from "./', 'from "');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }).map((parts) => parts.join("")), (text) => {
        const expected = [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]);
        expect(relativeImports(text)).toEqual(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
