import { headerNameUnique } from "../../src/validate/rules/header-name-unique.js";
import { describeHeaderVectors } from "../support/header-vectors.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(headerNameUnique, () => {
  describeHeaderVectors(headerNameUnique, ["duplicate"]);
});
