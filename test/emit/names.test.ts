// assignToolNames against the names the generated code declares itself (declared-names.ts), and file
// stems that stay distinct, up to case, after the collision suffix: unit cases from the issue, and a
// property over name sets built to collide (case variants, names equal to other names' suffixed stems).
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DECLARED_NAMES, OBJECT_PROTOCOL, RESERVED_WORDS } from "../../src/emit/declared-names.js";
import { assignToolNames, fileStem, fileStemOf, serverFolderNames } from "../../src/emit/names.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);

const hex = (name: string) => createHash("sha256").update(name).digest("hex");

/** `listTools` → `list_tools`: the tool name whose camelCase form is `camel`. */
const snake = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe("tool names against the names generated code declares", () => {
  it("gives the tools of the issue a method, handler and descriptor of their own, readably", () => {
    const [then, listTools, handlers, toStringTool] = assignToolNames(["then", "list_tools", "handlers", "to_string"]);
    expect([then, listTools, handlers, toStringTool].map((n) => n!.camel)).toEqual(["then_", "listTools_", "handlers_", "toString_"]);
    expect([then, listTools, handlers, toStringTool].map((n) => n!.descriptor)).toEqual(["thenTool", "listToolsTool", "handlersTool", "toStringTool"]);
    expect([then, listTools, handlers, toStringTool].map((n) => n!.file)).toEqual(["then", "list_tools", "handlers", "to_string"]);
    expect([then, listTools, handlers, toStringTool].every((n) => !n!.disambiguated)).toBe(true);
  });

  it("keeps a tool named close off ToolsClient's own close()", () => {
    expect(assignToolNames(["close"]).map((n) => [n.camel, n.file])).toEqual([["close_", "close"]]);
  });

  it("keeps every tool's camelCase name off ToolsClient's members, Object's, handlers.ts's and the stub's", () => {
    const taken = new Set<string>([...DECLARED_NAMES.clientMembers, ...OBJECT_PROTOCOL, ...DECLARED_NAMES.handlers, ...DECLARED_NAMES.handlerStub, ...RESERVED_WORDS]);
    const candidates = [...taken].flatMap((name) => [name, snake(name), name.toUpperCase()]);
    for (const assigned of assignToolNames(candidates)) {
      expect(taken.has(assigned.camel), `${assigned.name} → ${assigned.camel}`).toBe(false);
      expect([...DECLARED_NAMES.tools, ...DECLARED_NAMES.toolModule]).not.toContain(assigned.descriptor);
    }
  });

  it("keeps every tool's type names off the names declared where they go", () => {
    const scopes = { Types: ["server", "index", "toolModule"], Arguments: ["client", "index", "toolModule"], Result: ["client", "index", "toolModule"], Inputs: ["index", "toolModule"] } as const;
    const all = Object.values(DECLARED_NAMES).flat();
    // A tool named after the part of a declared name before a type suffix: `ToolTypes` → `tool`.
    const candidates = all.flatMap((name) =>
      Object.keys(scopes)
        .filter((suffix) => name.endsWith(suffix) && name !== suffix)
        .map((suffix) => name.slice(0, -suffix.length)),
    );
    expect(candidates).toContain("Tool");
    for (const assigned of assignToolNames(candidates)) {
      for (const [suffix, where] of Object.entries(scopes)) {
        for (const scope of where) expect(DECLARED_NAMES[scope], `${assigned.name}: ${assigned.pascal}${suffix} in ${scope}`).not.toContain(`${assigned.pascal}${suffix}`);
      }
    }
    // `No` + `Inputs` is declared in server.ts, where only `NoTypes` goes: the tool keeps its name.
    expect(assignToolNames(["no"])[0]!.pascal).toBe("No");
  });
});

describe("file stems after the collision suffix", () => {
  it("gives a, A and a-ca9781 three files, the one named so keeping its name", () => {
    expect(hex("a").slice(0, 6)).toBe("ca9781");
    const files = assignToolNames(["a", "A", "a-ca9781"]).map((n) => n.file);
    expect(files).toEqual(["a-ca978112", "A-559aea", "a-ca9781"]);
  });

  it("gives a, A and a-CA9781 files that differ in more than case", () => {
    const files = assignToolNames(["a", "A", "a-CA9781"]).map((n) => n.file);
    expect(files).toEqual(["a-ca978112", "A-559aea", "a-CA9781"]);
    expect(new Set(files.map((f) => f.toLowerCase())).size).toBe(3);
  });

  it("finds a free stem even when other tools take every hash length", () => {
    const digest = hex("a");
    const squatters = Array.from({ length: 30 }, (_, i) => `a-${digest.slice(0, 6 + 2 * i)}`);
    const assigned = assignToolNames(["a", "A", ...squatters]);
    expect(assigned[0]!.file).toBe(`a-${digest}-2`);
    expect(new Set(assigned.map((n) => n.file.toLowerCase())).size).toBe(assigned.length);
  });

  it("are distinct up to case, the same in any order, and plain wherever the plain stem is free", () => {
    const base = fc.stringMatching(/^[A-Za-z0-9_.-]{1,6}$/);
    // Each name, its case variants and the stems a suffix would give it, at several hash lengths.
    const related = base.chain((name) =>
      fc.subarray(
        [name, name.toUpperCase(), name.toLowerCase(), ...[6, 8, 10].flatMap((n) => [`${fileStem(name)}-${hex(name).slice(0, n)}`, `${fileStem(name)}-${hex(name).slice(0, n).toUpperCase()}`])],
        { minLength: 1 },
      ),
    );
    const nameSet = fc.array(related, { minLength: 1, maxLength: 6 }).chain((groups) => fc.shuffledSubarray([...new Set(groups.flat())], { minLength: 1 }));
    fc.assert(
      fc.property(nameSet, fc.context(), (names, ctx) => {
        const assigned = assignToolNames(names);
        ctx.log(JSON.stringify(assigned.map((n) => [n.name, n.file])));
        expect(new Set(assigned.map((n) => n.file.toLowerCase())).size).toBe(names.length);
        expect(assignToolNames([...names].reverse()).reverse()).toEqual(assigned);
        const plainCount = new Map<string, number>();
        for (const name of names) plainCount.set(fileStem(name).toLowerCase(), (plainCount.get(fileStem(name).toLowerCase()) ?? 0) + 1);
        for (const n of assigned) {
          if (plainCount.get(fileStem(n.name).toLowerCase()) === 1) expect(n.file).toBe(fileStem(n.name));
          else expect(n.file.startsWith(`${fileStem(n.name)}-`) || n.file === fileStem(n.name)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe("fileStemOf", () => {
  it("names each change fileStem makes, and none for a name it keeps (tool-name-mangled's hint says only these)", () => {
    const cases: readonly (readonly [string, readonly string[]])[] = [
      ["get_weather", []],
      ["repos.get", []],
      ["get weather", ["characters"]],
      ["..", ["dots-only"]],
      [".hidden", ["leading-dot"]],
      ["CON", ["device"]],
      ["nul.backup", ["device"]],
      ["a".repeat(101), ["length"]],
      ["types.d", ["declaration"]],
      ["a.d.b", ["declaration"]],
      ["report.test", ["test-suffix"]],
      [".env.spec", ["leading-dot", "test-suffix"]],
      ["con.d", ["device", "declaration"]],
      ["caf\u00e9.test", ["characters", "test-suffix"]],
    ];
    for (const [name, changes] of cases) expect(fileStemOf(name).changes, name).toEqual(changes);
    fc.assert(
      fc.property(fc.string({ maxLength: 130 }), (name) => {
        const { stem, changes } = fileStemOf(name);
        expect(stem).toBe(fileStem(name));
        expect(changes.length === 0).toBe(stem === name);
      }),
      { numRuns: RUNS },
    );
  });
});

describe("serverFolderNames", () => {
  it("gives each name the same folder whatever names are added beside it, in either order", () => {
    expect(serverFolderNames(["a_b"])).toEqual(new Map([["a_b", "a_b"]]));
    const alone = serverFolderNames(["a b"]).get("a b");
    expect(alone).toMatch(/^a_b-[0-9a-f]{6}$/);
    const both = serverFolderNames(["a_b", "a b", "a/b"]);
    expect(both.get("a_b")).toBe("a_b");
    expect(both.get("a b")).toBe(alone);
    expect(both.get("a/b")).not.toBe(alone);
  });

  it("gives every name a folder of its own, distinct up to case, whatever the names", () => {
    const name = fc.stringMatching(/^[a-zA-Z0-9_ ./-]{1,12}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), fc.stringMatching(/^[a-z_]{1,6}$/), (names, added) => {
        const folders = serverFolderNames(names);
        const values = [...folders.values()].map((folder) => folder.toLowerCase());
        expect(new Set(values).size).toBe(names.length);
        for (const folder of folders.values()) expect(fileStem(folder)).toBe(folder);
        // Every folder stays when a name is added, unless the added one equals one of them up to case.
        const after = serverFolderNames([...names, added]);
        for (const existing of names) {
          if (!names.some((name) => name !== added && name.toLowerCase() === added.toLowerCase()) && added.toLowerCase() !== existing.toLowerCase()) {
            expect(after.get(existing), `${existing} beside ${added}`).toBe(folders.get(existing));
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("gives two names that differ only in case a suffix each, so neither is favoured by order", () => {
    const folders = serverFolderNames(["Github", "github"]);
    expect(folders.get("Github")).toMatch(/^Github-[0-9a-f]{6}$/);
    expect(folders.get("github")).toMatch(/^github-[0-9a-f]{6}$/);
  });
});
