import { headerParamType } from "../../src/validate/rules/header-param-type.js";
import { describeHeaderVectors } from "../support/header-vectors.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(headerParamType, () => {
  describeHeaderVectors(headerParamType, ["number-type", "non-primitive-type"]);
});
