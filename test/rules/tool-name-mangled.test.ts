import { expect, it } from "vitest";
import { assignToolNames } from "../../src/emit/names.js";
import { toolNameMangled } from "../../src/validate/rules/tool-name-mangled.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(toolNameMangled, () => {
  it("maps the names of the build issue to valid, distinct identifiers", () => {
    const names = assignToolNames(["repos.get", "get-user", "2fa_reset", "class", "get_user", "getUser"]);
    expect(names.map((n) => n.camel)).toEqual(["reposGet", "getUser_5d95c2", "t2faReset", "class_", "getUser_bf1e2a", "getUser"]);
    expect(new Set(names.map((n) => n.pascal)).size).toBe(6);
    for (const n of names) expect(n.camel).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });
});
