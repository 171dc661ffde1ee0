import { expect, it } from "vitest";
import { assignToolNames, fileStem } from "../../src/emit/names.js";
import { RunMemo } from "../../src/model/run-memo.js";
import { toolNameMangled } from "../../src/validate/rules/tool-name-mangled.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(toolNameMangled, () => {
  it("maps the names of the build issue to valid, distinct identifiers", () => {
    const names = assignToolNames(["repos.get", "get-user", "2fa_reset", "class", "get_user", "getUser"]);
    expect(names.map((n) => n.camel)).toEqual(["reposGet", "getUser_5d95c2", "t2faReset", "class_", "getUser_bf1e2a", "getUser"]);
    expect(new Set(names.map((n) => n.pascal)).size).toBe(6);
    for (const n of names) expect(n.camel).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });

  it("never gives a file name that TypeScript reads as a declaration file (x.d.ts, x.d.css.ts)", () => {
    const cases = [".d", "a.d", "A.D", "a.d.css", "x.dd", "d", "a.d.d", ".d."];
    const stems = cases.map(fileStem);
    expect(stems).toEqual(["_.d_", "a.d_", "A.D_", "a.d_.css", "x.dd", "d", "a.d_.d_", "_.d_."]);
    for (const stem of stems) {
      for (const file of [`${stem}.ts`, `${stem}.test.ts`]) expect(file).not.toMatch(/\.d\.(?:[^.]+\.)?ts$/i);
    }
  });

  it("gives each name the same forms in any order, and names of another project do not mix in", () => {
    const set = ["repos.get", "get-user", "get_user", "getUser", "class", "get-user"];
    const memo = new RunMemo();
    const forward = assignToolNames(set, memo);
    expect(assignToolNames(["get-user"], memo)[0]!.camel).toBe("getUser"); // alone, it clashes with nothing
    expect(assignToolNames([...set].reverse(), memo).reverse()).toEqual(forward);
    expect(forward[1]).toEqual(forward[5]);
    expect(assignToolNames(set)).toEqual(forward);
  });

  it("assigns a set's names once per run, and never takes another run's answer", () => {
    const set = ["repos.get", "get-user", "get_user"];
    const run = new RunMemo();
    const first = assignToolNames(set, run);
    expect(assignToolNames([...set].reverse(), run).reverse()[0]).toBe(first[0]);
    const other = assignToolNames(set, new RunMemo());
    expect(other).toEqual(first);
    expect(other[0]).not.toBe(first[0]);
  });

  it("never declares eval or arguments, which strict code (every module) refuses", () => {
    const camels = assignToolNames(["arguments", "eval", "Eval"]).map((n) => n.camel);
    expect(camels[0]).toBe("arguments_");
    expect(new Set(camels).size).toBe(3);
    for (const camel of camels) expect(["eval", "arguments"]).not.toContain(camel);
  });

  it("never gives a handler file name that vitest would run as a test (x.test.ts, x.spec.ts)", () => {
    expect(["a.test", "a.SPEC", "test", "a.test.b", "a.tests"].map(fileStem)).toEqual(["a.test_", "a.SPEC_", "test", "a.test.b", "a.tests"]);
  });
});
