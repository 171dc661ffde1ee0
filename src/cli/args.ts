// argv → a command name and its options, with usage errors as plain messages (exit 2).
import { statSync } from "node:fs";
import { resolve } from "node:path";
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

/**
 * The project root a command works in: `--cwd` resolved against the current directory. A root that
 * is not an existing folder is a usage error (exit 2), not a failure deep inside the command.
 * @example projectRoot("/home/me", "app") // "/home/me/app"
 */
export function projectRoot(cwd: string, option: string | undefined): string {
  const root = resolve(cwd, option ?? ".");
  const stat = statSync(root, { throwIfNoEntry: false });
  if (!stat) throw new UsageError(`--cwd: no folder ${JSON.stringify(root)}.`);
  if (!stat.isDirectory()) throw new UsageError(`--cwd: ${JSON.stringify(root)} is not a folder.`);
  return root;
}
