// Whether the MCP SDK packages the generated code imports are installed. @mcp-gen/runtime lists
// every SDK package as an optional peer (packages/runtime/package.json): a project targeting SDK v1
// must not get the SDK v2 packages installed, nor a v2 project the v1 SDK, so npm installs none of
// them with the runtime, and the project's package.json names the ones its target uses (`mcp-gen
// init` writes them for SDK v2; `import` says which the typed client needs). `check` says when an
// installed project lacks one, before the first compile or call fails on it; a project with no
// node_modules yet has installed nothing, so nothing is said.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import runtimePackage from "@mcp-gen/runtime/package.json" with { type: "json" };
import type { Config } from "../config/config.js";
import { loadDocument } from "../load/load-document.js";
import { diagnosticAtPointer } from "../load/locate.js";
import type { Diagnostic } from "../model/diagnostic.js";
import { PACKAGE_JSON } from "./read-config.js";
import { PACKAGE_MANAGERS, type PackageManager } from "./package-manager.js";

const DEPENDENCY_KEYS = ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"] as const;

/** The versions of each SDK package the runtime is written for (its peer ranges). */
const SDK_RANGES: Readonly<Record<string, string>> = runtimePackage.peerDependencies;

/**
 * The SDK packages generated code imports, by target and what is generated: the server (and the
 * in-process tests, which connect a client to it) or the typed client alone. `@modelcontextprotocol/node`
 * is left out: only `serveHttp` loads it, when it is called.
 * @example sdkPackages({ target: "sdk-v1", generate: "all" }) // ["@modelcontextprotocol/sdk"]
 */
export function sdkPackages(config: Pick<Config, "target" | "generate">): string[] {
  if (config.target === "sdk-v1") return ["@modelcontextprotocol/sdk"];
  return config.generate === "all" ? ["@modelcontextprotocol/client", "@modelcontextprotocol/server"] : ["@modelcontextprotocol/client"];
}

/** Where Node would find an installed package from a folder: "installed", "absent" (node_modules exist, none holds it), or "not-installed" (no node_modules at all). */
export type SdkInstall = (name: string) => "installed" | "absent" | "not-installed";

/** SdkInstall for the generated folder `out` of the project at `root`: node_modules from there up to the file system's root. */
export function installedFrom(root: string, out: string): SdkInstall {
  return (name) => {
    let sawNodeModules = false;
    for (let dir = join(root, out); ; dir = dirname(dir)) {
      if (existsSync(join(dir, "node_modules"))) {
        sawNodeModules = true;
        if (existsSync(join(dir, "node_modules", ...name.split("/"), "package.json"))) return "installed";
      }
      if (dirname(dir) === dir) return sawNodeModules ? "absent" : "not-installed";
    }
  };
}

/**
 * One `sdk-missing` error per SDK package the generated code imports that is not installed in a
 * project whose dependencies are: at package.json's entry for it, or at package.json itself (and
 * then the install command that adds it).
 */
export function sdkDependencyFindings(
  config: Pick<Config, "target" | "generate" | "out">,
  packageText: string | undefined,
  install: SdkInstall,
  packageManager: () => PackageManager = () => PACKAGE_MANAGERS.npm,
): Diagnostic[] {
  const missing = sdkPackages(config).filter((name) => install(name) === "absent");
  if (missing.length === 0 || packageText === undefined) return [];
  const doc = loadDocument({ path: PACKAGE_JSON, text: packageText }).value;
  const manifest = doc?.value !== null && typeof doc?.value === "object" && !Array.isArray(doc.value) ? (doc.value as Record<string, unknown>) : undefined;
  if (doc === undefined || manifest === undefined) return [];
  // Looked up only for a finding: the folders above the project are read for it.
  const manager = packageManager();
  const declaredIn = (name: string) =>
    DEPENDENCY_KEYS.find((key) => {
      const section = manifest[key];
      return section !== null && typeof section === "object" && Object.hasOwn(section, name);
    });
  return missing.map((name) => {
    const key = declaredIn(name);
    const why = `the generated code in ${config.out} imports it (target ${config.target}), and no node_modules from there up holds it`;
    const content =
      key === undefined
        ? {
            ruleId: "sdk-missing",
            severity: "error" as const,
            message: `package.json does not depend on ${name}: ${why}; npm does not install it with @mcp-gen/runtime, whose SDK peers are optional.`,
            hint: `Run \`${manager.add(`${name}@${SDK_RANGES[name] ?? "latest"}`)}\`.`,
          }
        : { ruleId: "sdk-missing", severity: "error" as const, message: `${name} is not installed: ${why}.`, hint: `Run \`${manager.install}\` (package.json declares it).` };
    return diagnosticAtPointer(doc, key === undefined ? "" : `/${key}/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`, content, "key");
  });
}
