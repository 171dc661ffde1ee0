import { authoringExampleValid } from "../../src/validate/rules/authoring-example-valid.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(authoringExampleValid);
