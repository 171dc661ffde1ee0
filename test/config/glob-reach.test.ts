// mayMatchFile and mayMatchBelow answer "cannot match" only when no file could match: the config
// checks refuse on "may match", and a wrong "cannot" would let a build drop or overwrite a descriptor.
import { describe, expect, it } from "vitest";
import { mayMatchBelow, mayMatchFile } from "../../src/config/glob-reach.js";

describe("mayMatchFile", () => {
  it.each([
    ["tools/**/*.{yaml,yml,json}", "tools/echo.yaml", true],
    ["tools/**/*.{yaml,yml,json}", "tools/a/b/echo.json", true],
    ["tools/**/*.{yaml,yml,json}", "tools/echo.ts", false],
    ["tools/**/*.{yaml,yml,json}", "src/echo.yaml", false],
    ["./tools/*.yaml", "tools/echo.yaml", true],
    ["tools/*.yaml", "tools/a/echo.yaml", false],
    ["**/*.json", "pins.json", true],
    ["**/*.json", "locks/pins.json", true],
    ["**/*.yaml", "pins.json", false],
    ["tools/e?ho.yaml", "tools/echo.yaml", true],
    ["tools/{*.yaml,*.json}", "tools/echo.json", true],
    ["tools/[a-z]*.json", "tools/echo.json", true],
    ["tools/@(a|b).json", "tools/zzz.json", true],
    ["{tools,defs/more}/*.json", "defs/more/x.json", true],
    ["!tools/echo.yaml", "tools/echo.yaml", false],
  ])("%s, %s: %s", (pattern, path, expected) => {
    expect(mayMatchFile(pattern, path)).toBe(expected);
  });
});

describe("mayMatchBelow", () => {
  it.each([
    ["tools/**/*.{yaml,yml,json}", "tools/gen", true],
    ["tools/**/*.{yaml,yml,json}", "tools/a/b/gen", true],
    ["tools/*.yaml", "tools/gen", false],
    ["tools/*/*.yaml", "tools/gen", true],
    ["tools/*/*.yaml", "tools/gen/deeper", false],
    ["tools/{a,b}/*.yaml", "tools/gen", false],
    ["tools/{a,gen}/*.yaml", "tools/gen", true],
    ["tools/**/*.yaml", "src/generated", false],
    ["**/*.json", "src/generated", true],
  ])("%s, %s: %s", (pattern, folder, expected) => {
    expect(mayMatchBelow(pattern, folder)).toBe(expected);
  });
});
