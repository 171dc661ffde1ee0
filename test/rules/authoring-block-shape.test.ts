import { expect, it } from "vitest";
import { INPUT_REQUEST_KEY_PATTERN, RESERVED_INPUT_REQUEST_KEYS } from "../../src/validate/authoring-schema.js";
import { authoringBlockShape } from "../../src/validate/rules/authoring-block-shape.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(authoringBlockShape, () => {
  it("refuses as form keys exactly the Object.prototype members the key pattern admits", () => {
    // The rest (__proto__, __defineGetter__, ...) start with "_", which the pattern refuses already.
    const admitted = Object.getOwnPropertyNames(Object.prototype).filter((name) => new RegExp(INPUT_REQUEST_KEY_PATTERN, "u").test(name));
    expect([...RESERVED_INPUT_REQUEST_KEYS].sort()).toEqual(admitted.sort());
  });
});
