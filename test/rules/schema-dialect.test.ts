import { schemaDialect } from "../../src/validate/rules/schema-dialect.js";
import { describeRule } from "../support/rule-harness.js";

describeRule(schemaDialect);
