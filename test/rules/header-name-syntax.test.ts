import { headerNameSyntax } from "../../src/validate/rules/header-name-syntax.js";
import { describeHeaderVectors } from "../support/header-vectors.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(headerNameSyntax, () => {
  describeHeaderVectors(headerNameSyntax, ["empty", "not-token", "control-character", "not-a-string"]);
});
