import { inputSchemaObject } from "../../src/validate/rules/input-schema-object.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(inputSchemaObject);
