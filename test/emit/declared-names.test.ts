// declared-names.ts against the templates: a project of tools whose generated names all contain
// "zqx" is emitted, every module is read with ts-morph, and what each scope declares apart from the
// tools' names must be exactly what declared-names.ts lists for it. A template that starts declaring,
// importing or exporting a name fails here until names.ts keeps tools off it.
import { describe, expect, it } from "vitest";
import { DECLARED_NAMES, OBJECT_PROTOCOL } from "../../src/emit/declared-names.js";
import { SENTINEL, SENTINEL_TOOLS, sentinelProjectNames, type DeclaredNames } from "../support/declared-names.js";

/** What the scope declares besides the tools' own names (validators' included: `validate${pascal}Arguments`). */
const own = (names: readonly string[]) => [...new Set(names)].filter((name) => !SENTINEL.test(name)).sort();
const sorted = (names: readonly string[]) => [...names].sort();
const only = (files: Map<string, DeclaredNames>, pattern: RegExp) => [...files].filter(([path]) => pattern.test(path)).map(([, names]) => names);

describe.each(["sdk-v2", "sdk-v1"] as const)("the names the templates declare (%s)", (target) => {
  it("are exactly the ones declared-names.ts lists, scope by scope", async () => {
    const files = await sentinelProjectNames(target);
    const at = (path: string) => files.get(path)!;
    const scope = (names: DeclaredNames) => own([...names.module, ...names.exports]);
    expect(scope(at("src/generated/client.ts"))).toEqual(sorted(DECLARED_NAMES.client));
    expect(
      own(
        at("src/generated/client.ts")
          .classMembers.get("ToolsClient")!
          .filter((name) => !name.startsWith("#")),
      ),
    ).toEqual(sorted(DECLARED_NAMES.clientMembers));
    expect(scope(at("src/generated/server.ts"))).toEqual(sorted(DECLARED_NAMES.server));
    expect(own(at("src/generated/index.ts").exports)).toEqual(sorted(DECLARED_NAMES.index));
    expect(scope(at("src/generated/handlers.ts"))).toEqual(sorted(DECLARED_NAMES.handlers));
    expect(scope(at("src/generated/tools.ts"))).toEqual(sorted(DECLARED_NAMES.tools));
    const validatorModules = only(files, /^src\/generated\/validators\//);
    expect(validatorModules.length).toBeGreaterThan(0);
    // `__rt` is imported only by a module one of whose validators uses the runtime (and stays reserved).
    const optional = (name: string) => name === "__rt";
    for (const module of validatorModules) {
      const names = scope(module).filter((name) => !/^v_[0-9a-f]{12}$/.test(name));
      expect(names.filter((name) => !optional(name))).toEqual(sorted(DECLARED_NAMES.validators.filter((name) => !optional(name))));
      expect(names.filter(optional).every((name) => (DECLARED_NAMES.validators as readonly string[]).includes(name))).toBe(true);
    }
    const stubs = only(files, /^src\/handlers\//);
    const modules = only(files, /^src\/generated\/tools\//);
    expect(stubs).toHaveLength(SENTINEL_TOOLS.length);
    expect(modules).toHaveLength(SENTINEL_TOOLS.length);
    for (const stub of stubs) expect(scope(stub)).toEqual(sorted(DECLARED_NAMES.handlerStub));
    for (const module of modules) expect(scope(module)).toEqual(sorted(DECLARED_NAMES.toolModule));
  });

  it("put the tools' names only into the scopes names.ts checks", async () => {
    const files = await sentinelProjectNames(target);
    const checked = /^src\/generated\/(?:client|server|index|handlers|tools)\.ts$|^src\/handlers\/|^src\/generated\/(?:tools|validators)\//;
    for (const [path, names] of files) {
      if (checked.test(path)) continue;
      const declared = [...names.module, ...names.exports, ...[...names.classMembers.values()].flat()];
      expect(
        declared.filter((name) => SENTINEL.test(name)),
        path,
      ).toEqual([]);
    }
    // Each tool's method, handler, descriptor and types do reach the scopes that are checked.
    expect(files.get("src/generated/client.ts")!.classMembers.get("ToolsClient")).toContain("zqxResult");
    expect(files.get("src/generated/index.ts")!.exports).toEqual(expect.arrayContaining(["ZqxAsksInputs", "ZqxResultArguments", "ZqxResultResult", "ZqxResultTypes"]));
    expect(files.get("src/generated/validators/2020-12.ts")!.exports).toEqual(expect.arrayContaining(["validateZqxAsksZqxConfirmInput", "validateZqxResultArguments", "validateZqxResultResult"]));
  });
});

describe("declared-names.ts", () => {
  it("lists, in a tool module, only names json-schema-to-typescript can never declare (it capitalises every type name)", () => {
    for (const name of DECLARED_NAMES.toolModule) expect(name).toMatch(/^[a-z]/);
  });

  it("keeps methods off every member of Object.prototype in this Node", () => {
    expect(OBJECT_PROTOCOL).toEqual(expect.arrayContaining(Object.getOwnPropertyNames(Object.prototype)));
  });
});
