import { schemaValid } from "../../src/validate/rules/schema-valid.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(schemaValid);
