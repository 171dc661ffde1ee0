// emit/select-runtime.ts: a project gets exactly the runtime modules the emitter requested and what
// they import, following relative imports through the runtime (./ and ../, type-only ones included),
// and the real runtime tree splits cleanly by target: no SDK v1 module in an SDK v2 project and the
// reverse. The emitter's table of the modules each template imports matches the templates.
import { describe, expect, it } from "vitest";
import { readRuntimeSources } from "../../src/cli/package-files.js";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Target } from "../../src/config/config.js";
import { RUNTIME_VIEW_KEYS, TEMPLATE_RUNTIME } from "../../src/emit/emit-project.js";
import { runtimeFile, type RuntimeModule } from "../../src/emit/runtime-modules.js";
import { relativeImports, selectRuntime } from "../../src/emit/select-runtime.js";
import { TEMPLATE_NAMES } from "../../src/emit/templates.js";
import { REPO_ROOT } from "../support/spec-paths.js";

const MODULES: readonly RuntimeModule[] = ["tool-table", "validators", "patterns", "validation-messages", "server", "http", "node", "client", "testing"];

const source = (file: string, contents = "") => ({ file, contents });

describe("selectRuntime", () => {
  it("follows imports between runtime modules from the entry modules", () => {
    const runtime = [
      source("a.ts", 'import { b } from "./b.js";\nexport type { C } from "./v1/c.js";'),
      source("b.ts"),
      source("v1/c.ts", 'import type { D } from "../d.js";'),
      source("d.ts"),
      source("unused.ts", 'import { a } from "./a.js";'),
    ];
    expect(selectRuntime(["a.ts"], runtime).map((s) => s.file)).toEqual(["a.ts", "b.ts", "d.ts", "v1/c.ts"]);
    expect(selectRuntime(["d.ts", "b.ts", "d.ts"], runtime).map((s) => s.file)).toEqual(["b.ts", "d.ts"]);
  });

  it("throws when an entry or an import names a module the runtime does not have (a bug in mcp-gen)", () => {
    expect(() => selectRuntime(["missing.ts"], [])).toThrow("runtime/missing.ts");
    expect(() => selectRuntime(["a.ts"], [source("a.ts", 'export { m } from "./gone.js";')])).toThrow("runtime/gone.ts");
  });

  it("splits the shipped runtime by SDK: each target's entry modules reach no module of the other", async () => {
    const runtime = await readRuntimeSources();
    const reach = (target: Target) =>
      selectRuntime(
        MODULES.map((module) => runtimeFile(module, target)),
        runtime,
      );
    const v2 = reach("sdk-v2");
    const v1 = reach("sdk-v1");
    const sdkOf = (files: typeof v2) => new Set(files.flatMap((f) => [...f.contents.matchAll(/from "(@modelcontextprotocol\/[a-z]+)/g)].map((m) => m[1])));
    expect([...sdkOf(v2)].sort()).toEqual(["@modelcontextprotocol/client", "@modelcontextprotocol/node", "@modelcontextprotocol/server"]);
    expect([...sdkOf(v1)]).toEqual(["@modelcontextprotocol/sdk"]);
    expect(v2.some((f) => f.file.startsWith("v1/"))).toBe(false);
    // Every top-level module is shared or SDK v2; every SDK v1 module lives in v1/.
    expect(v2.map((f) => f.file)).toEqual(runtime.filter((f) => !f.file.includes("/")).map((f) => f.file));
  });
});

describe("TEMPLATE_RUNTIME", () => {
  it("names exactly the runtime modules each template imports", () => {
    const keys = RUNTIME_VIEW_KEYS;
    for (const name of TEMPLATE_NAMES) {
      const text = readFileSync(join(REPO_ROOT, "templates", `${name}.hbs`), "utf8");
      const used = [...text.matchAll(/\{\{\{?\s*(\w+Runtime)\s*\}?\}\}/g)].map((match) => {
        expect(keys, `${name}: ${match[1]}`).toHaveProperty(match[1]!);
        return keys[match[1]!]!;
      });
      expect([...new Set(used)].sort(), name).toEqual([...TEMPLATE_RUNTIME[name]].sort());
    }
  });
});

describe("relativeImports", () => {
  it("property: finds what a global search for the specifier pattern finds", () => {
    for (const text of ['from "./a from "./b.js"', 'import { x } from "./from.js"; export * from "../y.js"']) {
      expect(relativeImports(text)).toEqual([...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]));
    }
    const piece = fc.constantFrom("from", " ", "  ", "\n", '"', "./", "../", "x", ".js", "runtime/", "import ", "afrom", "_from", "$", ' from "./', 'from "');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((parts) => parts.join("")),
        (text) => {
          const expected = [...text.matchAll(/\bfrom\s+"(\.{1,2}\/[^"]+)"/g)].map((match) => match[1]);
          expect(relativeImports(text)).toEqual(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
