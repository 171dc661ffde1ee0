// argv → a command name and its options, with usage errors as plain messages (exit 2).
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closest } from "../config/suggest.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export const COMMON_OPTIONS = {
  cwd: { type: "string" },
  config: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

export class UsageError extends Error {}

export function parseCommandArgs<T extends OptionSpec>(
  argv: readonly string[],
  options: T,
  allowPositionals = false,
): ReturnType<typeof parseArgs<{ options: T; allowPositionals: boolean; strict: true }>> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals, strict: true });
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(unknownOption(error.message, options));
    throw new UsageError(error.message.replace(/^.*?: /, ""));
  }
}

/** "unknown option --frmat; did you mean --format?" from parseArgs' message, which quotes the option. */
function unknownOption(message: string, options: OptionSpec): string {
  const given = /'(-[^']*)'/.exec(message)?.[1];
  if (given === undefined) return message.replace(/^.*?: /, "");
  const name = given.replace(/^-+/, "").replace(/=.*$/, "");
  const suggestion = closest(name, Object.keys(options));
  return `unknown option ${given}${suggestion ? `; did you mean --${suggestion}?` : "."}`;
}

/** Checks a choice-valued option such as --format. */
export function choice<C extends string>(name: string, value: string | undefined, choices: readonly C[], fallback: C): C {
  if (value === undefined) return fallback;
  if ((choices as readonly string[]).includes(value)) return value as C;
  throw new UsageError(`--${name} must be one of ${choices.join(", ")}; got "${value}".`);
}
