// emit/validator-names.ts: the names validators are exported under say which tool and what they
// check, never clash, and do not depend on the order of the tools.
import { describe, expect, it } from "vitest";
import { validatorExportNames, type ValidatorOwner } from "../../src/emit/validator-names.js";

const owner = (tool: string, pascal: string, subject: ValidatorOwner["subject"]): ValidatorOwner => ({ tool, pascal, subject });

describe("validatorExportNames", () => {
  it("names a tool's arguments, result and input requests after the tool", () => {
    expect(
      validatorExportNames([
        owner("get_weather", "GetWeather", { kind: "arguments" }),
        owner("get_weather", "GetWeather", { kind: "result" }),
        owner("get_weather", "GetWeather", { kind: "input", key: "confirmCity" }),
      ]),
    ).toEqual(["validateGetWeatherArguments", "validateGetWeatherResult", "validateGetWeatherConfirmCityInput"]);
  });

  it("input requests whose names would clash get a suffix from the tool and key, whatever the order", () => {
    // Tool `a` asking `bC` and tool `a_b` asking `c` both read `validateABCInput`.
    const owners = [owner("a", "A", { kind: "input", key: "bC" }), owner("a_b", "AB", { kind: "input", key: "c" }), owner("a", "A", { kind: "arguments" })];
    const names = validatorExportNames(owners);
    expect(new Set(names).size).toBe(3);
    expect(names[0]).toMatch(/^validateABCInput_[0-9a-f]{12}$/);
    expect(names[1]).toMatch(/^validateABCInput_[0-9a-f]{12}$/);
    expect(names[2]).toBe("validateAArguments");
    expect(validatorExportNames([...owners].reverse())).toEqual([...names].reverse());
  });
});
