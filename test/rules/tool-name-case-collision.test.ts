import { toolNameCaseCollision } from "../../src/validate/rules/tool-name-case-collision.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(toolNameCaseCollision);
