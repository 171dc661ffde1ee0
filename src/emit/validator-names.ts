// The names a project's validator modules export each validator under, so that the code importing
// one says what it checks: `validateGetWeatherArguments` (inputSchema), `validateGetWeatherResult`
// (outputSchema), `validateGetWeatherConfirmInput` (the requestedSchema of input request `confirm`).
// Tools whose schemas are the same still share one validator (emit-validators.ts): each name is an
// export of it.
import { createHash } from "node:crypto";

/** What checks one validator: a tool's arguments or result, or the answer to one of its input requests. */
export type ValidatorSubject = { readonly kind: "arguments" | "result" } | { readonly kind: "input"; readonly key: string };

export interface ValidatorOwner {
  /** The tool name exactly as on the wire. */
  readonly tool: string;
  /** Its PascalCase name (names.ts), distinct across the project, case-insensitively. */
  readonly pascal: string;
  readonly subject: ValidatorSubject;
}

/**
 * The export name of each owner's validator, in order. `validate` + the tool's pascal name + what it
 * checks; pascal names are distinct, and the suffixes differ in their last word, so arguments and
 * result names never clash. Input request keys (`[A-Za-z][A-Za-z0-9_]*`, the authoring-block-shape
 * rule) can: tool `a` with key `bC` and tool `a_b` with key `c`. Names that clash each get `_` and
 * hex digits of the hash of tool name and key, so that no name depends on the order of the tools.
 * @example validatorExportNames([{ tool: "get_weather", pascal: "GetWeather", subject: { kind: "result" } }]) // ["validateGetWeatherResult"]
 */
export function validatorExportNames(owners: readonly ValidatorOwner[]): string[] {
  const plain = owners.map(plainName);
  const counts = new Map<string, number>();
  for (const name of plain) counts.set(name, (counts.get(name) ?? 0) + 1);
  return owners.map((owner, i) => {
    const name = plain[i]!;
    if (counts.get(name) === 1) return name;
    const key = owner.subject.kind === "input" ? owner.subject.key : owner.subject.kind;
    return `${name}_${createHash("sha256").update(`${owner.tool}\u0000${key}`).digest("hex").slice(0, 12)}`;
  });
}

function plainName({ pascal, subject }: ValidatorOwner): string {
  switch (subject.kind) {
    case "arguments":
      return `validate${pascal}Arguments`;
    case "result":
      return `validate${pascal}Result`;
    case "input":
      return `validate${pascal}${subject.key.charAt(0).toUpperCase()}${subject.key.slice(1)}Input`;
  }
}
