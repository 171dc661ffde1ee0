import { toolNameUnique } from "../../src/validate/rules/tool-name-unique.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(toolNameUnique);
