// A file a tools glob would match but for the case of its extension: `tools/x.YAML`, `.Yml`, `.JSON`,
// as macOS and Windows users write them. The globs keep the meaning their documentation gives them on
// every system (case tells names apart, as in git, tsconfig and eslint), so such a file is no
// descriptor; but leaving it out in silence dropped a tool its author wrote. findDescriptors notes
// each one, and the project reader and the language server report it here, with the rename to make.
import type { Config } from "../config/config.js";
import { mayMatchFile } from "../config/glob-reach.js";
import { diagnosticAtFileStart } from "../load/diagnostic-at.js";
import type { Diagnostic } from "../model/diagnostic.js";

/**
 * `path` with its extension (after the last "." of its name, a leading one aside) in lower case.
 * @example withLowerCaseExtension("tools/Get.YAML") === "tools/Get.yaml"
 */
export function withLowerCaseExtension(path: string): string {
  const name = path.lastIndexOf("/") + 1;
  const dot = path.lastIndexOf(".");
  return dot <= name ? path : path.slice(0, dot) + path.slice(dot).toLowerCase();
}

/** Whether the name `name` has an extension with an upper-case letter in it. */
export function hasUpperCaseExtension(name: string): boolean {
  return withLowerCaseExtension(name) !== name;
}

/**
 * The positive tools glob that would match `path` were its extension in lower case, if any.
 * @example globForLowerCase(["tools/**\/*.{yaml,yml,json}"], "tools/x.YAML") === "tools/**\/*.{yaml,yml,json}"
 */
export function globForLowerCase(globs: readonly string[], path: string): string | undefined {
  const lower = withLowerCaseExtension(path);
  return lower === path ? undefined : globs.find((glob) => mayMatchFile(glob, lower));
}

/**
 * The load-extension-case warning for `path`, a file findDescriptors found only by the case of its extension.
 * @example extensionCaseMismatch("tools/x.YAML", config).hint === "Rename it to tools/x.yaml."
 */
export function extensionCaseMismatch(path: string, config: Pick<Config, "tools">): Diagnostic {
  const lower = withLowerCaseExtension(path);
  const glob = globForLowerCase(config.tools, path) ?? config.tools[0]!;
  const written = path.slice(path.lastIndexOf("."));
  const matched = lower.slice(lower.lastIndexOf("."));
  return diagnosticAtFileStart(path, {
    ruleId: "load-extension-case",
    severity: "warning",
    message: `${path} is not read as a descriptor: the tools glob ${JSON.stringify(glob)} matches "${matched}", not "${written}" (globs tell upper from lower case, on macOS and Windows too).`,
    hint: `Rename it to ${lower}.`,
  });
}
