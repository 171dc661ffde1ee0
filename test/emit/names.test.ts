// assignToolNames against the names the generated code declares itself (declared-names.ts).
import { describe, expect, it } from "vitest";
import { DECLARED_NAMES, OBJECT_PROTOCOL, RESERVED_WORDS } from "../../src/emit/declared-names.js";
import { assignToolNames } from "../../src/emit/names.js";

/** `listTools` → `list_tools`: the tool name whose camelCase form is `camel`. */
const snake = (camel: string) => camel.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

describe("tool names against the names generated code declares", () => {
  it("gives the tools of the issue a method, handler and descriptor of their own, readably", () => {
    const [then, listTools, handlers, toString] = assignToolNames(["then", "list_tools", "handlers", "to_string"]);
    expect([then, listTools, handlers, toString].map((n) => n!.camel)).toEqual(["then_", "listTools_", "handlers_", "toString_"]);
    expect([then, listTools, handlers, toString].map((n) => n!.descriptor)).toEqual(["thenTool", "listToolsTool", "handlersTool", "toStringTool"]);
    expect([then, listTools, handlers, toString].map((n) => n!.file)).toEqual(["then", "list_tools", "handlers", "to_string"]);
    expect([then, listTools, handlers, toString].every((n) => !n!.disambiguated)).toBe(true);
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
    const candidates = all.flatMap((name) => Object.keys(scopes).filter((suffix) => name.endsWith(suffix) && name !== suffix).map((suffix) => name.slice(0, -suffix.length)));
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
