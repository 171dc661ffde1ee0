// Why a value fails a oneOf/anyOf, in words that never name another alternative's field. The
// generated validators stop at the first error, and for a failed oneOf/anyOf ajv lists first what
// each alternative it tried failed on, in order, then the oneOf/anyOf error itself: so errors[0] is
// the first alternative's problem ("shape.r: is required" for a rect), whichever the value meant.
// Runs only after a validation failed, over that error list and the checked JSON. Dependency-free.
import { fieldPath, valueAtPath } from "./field-path.js";
import { alternativesAt, findDiscriminator } from "./schema-alternatives.js";
import type { CheckedValue, ValidationError } from "./validation-messages.js";

/** Keywords whose error ajv writes after the errors of the subschemas that made them fail. */
const WRAPPERS: ReadonlySet<string> = new Set(["oneOf", "anyOf", "if", "contains", "propertyNames"]);

/**
 * The error that failed the value. ajv returns at the first failing keyword, so that is the last
 * error, except that a failed `if` comes after the then/else errors that made it fail.
 */
function decisiveIndex(errors: readonly ValidationError[]): number {
  let index = errors.length - 1;
  while (index > 0 && errors[index]!.keyword === "if") index--;
  return index;
}

/** "object or string", "string, null or object": the types that type errors ask for. */
function typeList(errors: readonly ValidationError[]): string {
  const names = [...new Set(errors.flatMap((e) => (Array.isArray(e.params["type"]) ? e.params["type"] : [e.params["type"]]).map(String)))];
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/**
 * The message for a value that fails a oneOf/anyOf, or undefined when the failure is another
 * keyword's (then `describeOne(errors[0])` says it). Where a `const` discriminator picks an
 * alternative, that alternative's error; where the value's type fits none, the types; otherwise
 * "must match one of the N alternatives".
 * @example describeAlternatives(validate.errors, { root: "the arguments", value, schema }, describeOne) === 'shape.h: is required (the alternative whose kind is "rect")'
 */
export function describeAlternatives(errors: readonly ValidationError[], checked: CheckedValue, describeOne: (error: ValidationError) => string): string | undefined {
  const index = decisiveIndex(errors);
  const failed = errors[index]!;
  if (failed.keyword !== "oneOf" && failed.keyword !== "anyOf") return undefined;
  const where = fieldPath(checked.root, failed.instancePath);
  if (Array.isArray(failed.params["passingSchemas"])) return `${where}: must match exactly one of its alternatives, but matches more than one`;
  // Every alternative failed, each with at least one error; with no wrapper among them, with exactly one.
  const tried = errors.slice(0, index);
  const oneEach = !tried.some((e) => WRAPPERS.has(e.keyword));
  const listed = failed.schemaPath === undefined ? undefined : alternativesAt(checked.schema, failed.schemaPath, failed.keyword, failed.instancePath);
  // A path relative to a `$ref`'d subschema can name another list in the root: trust one that fits the errors.
  const alternatives = listed !== undefined && (oneEach ? listed.length === tried.length : listed.length <= tried.length) ? listed : undefined;
  const count = alternatives?.length ?? (oneEach && tried.length > 0 ? tried.length : undefined);
  const firstErrors = oneEach && tried.length === count ? tried : undefined;
  if (firstErrors?.every((e) => e.keyword === "type" && e.instancePath === failed.instancePath)) return `${where}: must be ${typeList(firstErrors)}`;
  const picked = alternatives === undefined ? undefined : pickAlternative(alternatives, valueAtPath(checked.value, failed.instancePath));
  if (picked?.index === -1) return `${fieldPath(checked.root, failed.instancePath, picked.property)}: must be one of ${picked.values.map((v) => JSON.stringify(v)).join(", ")}`;
  if (picked !== undefined) {
    const which = `the alternative whose ${picked.property} is ${JSON.stringify(picked.tag)}`;
    return firstErrors === undefined ? `${where}: does not match ${which}` : `${describeOne(firstErrors[picked.index]!)} (${which})`;
  }
  return `${where}: must match one of ${count === undefined ? "its alternatives" : `the ${count} alternatives`}`;
}

interface Picked {
  readonly property: string;
  readonly values: readonly unknown[];
  readonly tag: unknown;
  /** The alternative whose const the value's tag equals, or -1 for none. */
  readonly index: number;
}

/** The alternative the value's discriminator names, when the alternatives have one and the value sets it. */
function pickAlternative(alternatives: readonly unknown[], value: unknown): Picked | undefined {
  const discriminator = findDiscriminator(alternatives);
  if (discriminator === undefined || value === null || typeof value !== "object" || Array.isArray(value) || !Object.hasOwn(value, discriminator.property)) return undefined;
  const tag = (value as Record<string, unknown>)[discriminator.property];
  return { ...discriminator, tag, index: discriminator.values.indexOf(tag) };
}
