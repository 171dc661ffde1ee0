import { authoringBlockShape } from "../../src/validate/rules/authoring-block-shape.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(authoringBlockShape);
