// Turns a compiled validator's failure into one sentence that names the field, and checks the
// cheap bounds (depth, string length) before any schema runs. Shared by generated servers and
// clients; dependency-free.
import { describeAlternatives } from "./alternatives-message.js";
import { fieldPath } from "./field-path.js";

/** One error of an ajv standalone validator (ajv writes schemaPath; hand-written validators may not). */
export interface ValidationError {
  readonly instancePath: string;
  readonly schemaPath?: string;
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
  readonly message?: string;
}

/** The shape of an ajv standalone validator. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ReadonlyArray<ValidationError> | null;
}

/**
 * What was checked, for the message. `root` names the value itself, for an error at its top:
 * "the arguments", "the result" (a tool's structuredContent), "the answer" (an input request's
 * content). `value` and `schema` (the JSON checked and the schema the validator was compiled from)
 * let a failed oneOf/anyOf name the alternative a `const` discriminator picks.
 */
export interface CheckedValue {
  readonly root: string;
  readonly value?: unknown;
  readonly schema?: unknown;
}

const ARGUMENTS: CheckedValue = { root: "the arguments" };

/**
 * "city: is required", "days: must be <= 7", "units: must be one of metric, imperial"; an error at
 * the top of the value names it as `checked.root` says ("the result: must be object"). A failed
 * oneOf/anyOf is described by alternatives-message.ts, never by one alternative's error alone.
 * @example describeValidationError(validateOutput, { root: "the result", value: structured, schema: outputSchema })
 */
export function describeValidationError(validator: CompiledValidator, checked: CheckedValue = ARGUMENTS): string {
  const errors = validator.errors;
  if (!errors || errors.length === 0) return "the value is invalid";
  const describeOne = (error: ValidationError) => describeError(error, checked.root);
  return describeAlternatives(errors, checked, describeOne) ?? describeOne(errors[0]!);
}

function describeError(error: ValidationError, root: string): string {
  const params = error.params;
  const path = (child?: unknown) => fieldPath(root, error.instancePath, child);
  switch (error.keyword) {
    case "required":
      return `${path(params["missingProperty"])}: is required`;
    case "additionalProperties":
      return `${path(params["additionalProperty"])}: is not allowed`;
    case "unevaluatedProperties":
      return `${path(params["unevaluatedProperty"])}: is not allowed`;
    case "enum":
      return Array.isArray(params["allowedValues"]) ? `${path()}: must be one of ${params["allowedValues"].map((v) => JSON.stringify(v)).join(", ")}` : `${path()}: must be one of the allowed values`;
    default:
      return `${path()}: ${error.message ?? `fails ${error.keyword}`}`;
  }
}

export interface ArgumentLimits {
  readonly maxArgumentDepth: number;
  readonly maxStringLength: number;
}

/**
 * Why the arguments are out of bounds, or undefined. Iterative, so hostile nesting cannot overflow.
 * A number JSON cannot hold (`1e999`, which JSON.parse reads as Infinity) is out of bounds too: ajv's
 * `integer` and `number` checks let Infinity through (`Infinity % 1` is NaN, not 0), so a handler
 * typed `count: number` would get a count no loop ends at.
 */
export function checkArgumentLimits(args: unknown, limits: ArgumentLimits): string | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: args, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === "string") {
      if (value.length > limits.maxStringLength) return `a string is ${value.length} characters long, more than the ${limits.maxStringLength} allowed`;
    } else if (typeof value === "number") {
      if (!Number.isFinite(value)) return "a number is too large for JSON to represent";
    } else if (value !== null && typeof value === "object") {
      if (depth >= limits.maxArgumentDepth) return `the arguments nest more than ${limits.maxArgumentDepth} levels deep`;
      const children = Array.isArray(value) ? value : Object.values(value);
      for (const child of children) stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}
