// Turns a compiled validator's first error into one sentence that names the field, and checks the
// cheap bounds (depth, string length) before any schema runs. Shared by generated servers and
// clients; dependency-free.

/** The shape of an ajv standalone validator. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: ReadonlyArray<{ readonly instancePath: string; readonly keyword: string; readonly params: Readonly<Record<string, unknown>>; readonly message?: string }> | null;
}

/**
 * What was checked, for the message. `root` names the value itself, for an error at its top:
 * "the arguments", "the result" (a tool's structuredContent), "the answer" (an input request's content).
 */
export interface CheckedValue {
  readonly root: string;
}

const ARGUMENTS: CheckedValue = { root: "the arguments" };

function pathOf(root: string, instancePath: string, child?: unknown): string {
  const tokens =
    instancePath === ""
      ? []
      : instancePath
          .slice(1)
          .split("/")
          .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
  if (child !== undefined) tokens.push(String(child));
  return tokens.length === 0
    ? root
    : tokens
        .map((t) => (/^\d+$/.test(t) ? `[${t}]` : t))
        .join(".")
        .replace(/\.\[/g, "[");
}

/**
 * "city: is required", "days: must be <= 7", "units: must be one of metric, imperial"; an error at
 * the top of the value names it as `checked.root` says ("the result: must be object").
 * @example describeValidationError(validateOutput, { root: "the result" })
 */
export function describeValidationError(validator: CompiledValidator, checked: CheckedValue = ARGUMENTS): string {
  const error = validator.errors?.[0];
  if (!error) return "the value is invalid";
  const params = error.params;
  const fieldPath = (instancePath: string, child?: unknown) => pathOf(checked.root, instancePath, child);
  switch (error.keyword) {
    case "required":
      return `${fieldPath(error.instancePath, params["missingProperty"])}: is required`;
    case "additionalProperties":
      return `${fieldPath(error.instancePath, params["additionalProperty"])}: is not allowed`;
    case "unevaluatedProperties":
      return `${fieldPath(error.instancePath, params["unevaluatedProperty"])}: is not allowed`;
    case "enum":
      return Array.isArray(params["allowedValues"])
        ? `${fieldPath(error.instancePath)}: must be one of ${params["allowedValues"].map((v) => JSON.stringify(v)).join(", ")}`
        : `${fieldPath(error.instancePath)}: must be one of the allowed values`;
    default:
      return `${fieldPath(error.instancePath)}: ${error.message ?? `fails ${error.keyword}`}`;
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
