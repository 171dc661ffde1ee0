import { toolShape } from "../../src/validate/rules/tool-shape.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(toolShape);
