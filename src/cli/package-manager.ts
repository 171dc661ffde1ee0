// The package manager a project uses, so that the commands mcp-gen prints and writes for it (init's
// next steps, its README section, the comments of its entries) are ones it can type: `pnpm install`,
// `pnpm exec mcp-gen build`. Read from package.json's "packageManager" (Corepack's field) or from a
// lockfile, in the project's folder or the nearest folder above it (a workspace keeps its lockfile
// and pnpm-workspace.yaml at its root), up to the repository's root; npm when nothing names another.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { readFileNow } from "../files/read-now.js";

export type PackageManagerName = "npm" | "pnpm" | "yarn" | "bun";

export interface PackageManager {
  readonly name: PackageManagerName;
  /** Installs what package.json declares: `pnpm install`. */
  readonly install: string;
  /** Runs an installed package's command: "mcp-gen build" → `pnpm exec mcp-gen build`. */
  exec(command: string): string;
  /** Runs a package.json script: "build" → `pnpm run build`, "start" → `pnpm start`. */
  run(script: string): string;
  /** Adds dependencies to package.json and installs them: "a@1 b" → `pnpm add a@1 b`. */
  add(specs: string): string;
}

export const PACKAGE_MANAGERS: Readonly<Record<PackageManagerName, PackageManager>> = {
  npm: { name: "npm", install: "npm install", exec: (command) => `npx ${command}`, run: (script) => (script === "start" ? "npm start" : `npm run ${script}`), add: (specs) => `npm install ${specs}` },
  pnpm: {
    name: "pnpm",
    install: "pnpm install",
    exec: (command) => `pnpm exec ${command}`,
    run: (script) => (script === "start" ? "pnpm start" : `pnpm run ${script}`),
    add: (specs) => `pnpm add ${specs}`,
  },
  // Yarn (1 and 2+) runs a dependency's binary by its name.
  yarn: {
    name: "yarn",
    install: "yarn install",
    exec: (command) => `yarn ${command}`,
    run: (script) => (script === "start" ? "yarn start" : `yarn run ${script}`),
    add: (specs) => `yarn add ${specs}`,
  },
  // bunx, like npx, runs the project's own installed binary first.
  bun: { name: "bun", install: "bun install", exec: (command) => `bunx ${command}`, run: (script) => `bun run ${script}`, add: (specs) => `bun add ${specs}` },
};

/** The files that say which package manager installs a folder; one folder with several is taken in this order. */
const LOCKFILES: readonly (readonly [file: string, manager: PackageManagerName])[] = [
  ["pnpm-lock.yaml", "pnpm"],
  ["pnpm-workspace.yaml", "pnpm"],
  ["yarn.lock", "yarn"],
  ["bun.lock", "bun"],
  ["bun.lockb", "bun"],
  ["package-lock.json", "npm"],
  ["npm-shrinkwrap.json", "npm"],
];

/**
 * The package manager of the project at `root`: the nearest folder, from `root` up to the one that
 * holds .git (or the file system's root), whose package.json names one in "packageManager" or that
 * holds a lockfile decides; "packageManager" first, as Corepack reads it.
 * @example detectPackageManager("/work/monorepo/packages/tools").exec("mcp-gen build") // "pnpm exec mcp-gen build" beside /work/monorepo/pnpm-lock.yaml
 */
export function detectPackageManager(root: string): PackageManager {
  for (let dir = root; ; dir = dirname(dir)) {
    const declared = declaredManager(join(dir, "package.json"));
    if (declared !== undefined) return PACKAGE_MANAGERS[declared];
    const locked = LOCKFILES.find(([file]) => existsSync(join(dir, file)));
    if (locked !== undefined) return PACKAGE_MANAGERS[locked[1]];
    if (existsSync(join(dir, ".git")) || dirname(dir) === dir) return PACKAGE_MANAGERS.npm;
  }
}

/** The manager a package.json's "packageManager" names ("pnpm@9.12.0+sha512.…"), when it is one of PACKAGE_MANAGERS. */
function declaredManager(path: string): PackageManagerName | undefined {
  let field: unknown;
  try {
    field = (JSON.parse(readFileNow(path, "utf8").replace(/^\uFEFF/, "")) as { packageManager?: unknown } | null)?.packageManager;
  } catch {
    return undefined;
  }
  const name = typeof field === "string" ? /^(npm|pnpm|yarn|bun)@/.exec(field)?.[1] : undefined;
  return name as PackageManagerName | undefined;
}

/**
 * `text` (init's templates and notes, written for npm) with each npm command in backticks written for
 * `manager`: `npx X`, `npm run X`, `npm start` and `npm install` alone, also as parts of a `&&` chain.
 * @example inPackageManager("run `npm run build && npm start`", PACKAGE_MANAGERS.pnpm) // "run `pnpm run build && pnpm start`"
 */
export function inPackageManager(text: string, manager: PackageManager): string {
  if (manager.name === "npm") return text;
  return text.replace(
    /`([^`\n]+)`/g,
    (_, span: string) =>
      `\`${span
        .split(" && ")
        .map((command) => npmCommandIn(command, manager))
        .join(" && ")}\``,
  );
}

function npmCommandIn(command: string, manager: PackageManager): string {
  const exec = /^npx ([^-\s].*)$/.exec(command);
  if (exec) return manager.exec(exec[1]!);
  const run = /^npm run (\S+)$/.exec(command);
  if (run) return manager.run(run[1]!);
  if (command === "npm start") return manager.run("start");
  return command === "npm install" ? manager.install : command;
}
