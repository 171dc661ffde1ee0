import { schemaDialectLegacy } from "../../src/validate/rules/schema-dialect-legacy.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(schemaDialectLegacy);
