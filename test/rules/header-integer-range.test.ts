import { headerIntegerRange } from "../../src/validate/rules/header-integer-range.js";
import { describeHeaderVectors } from "../support/header-vectors.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(headerIntegerRange, () => {
  describeHeaderVectors(headerIntegerRange, ["unsafe-integer-range"]);
});
