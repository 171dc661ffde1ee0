// Builds the package twice from src/: ES modules into dist/esm/ and CommonJS into dist/cjs/, each
// with its declarations. Both, because the SDK ships both: a CommonJS project that requires
// @modelcontextprotocol/server gets its CommonJS build, and a runtime that imported the ES build
// would hand it objects of other classes (tsc says "separate declarations of a private property";
// at run time instanceof fails). tsc picks a module format per file from the nearest package.json,
// so the CommonJS build compiles a copy of src/ placed under a "type": "commonjs" one (and without
// verbatimModuleSyntax, which forbids import syntax in a CommonJS file).
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const tsc = join(dirname(createRequire(import.meta.url).resolve("typescript/package.json")), "bin", "tsc");
const commonjs = '{ "type": "commonjs" }\n';

rmSync(join(root, "dist"), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.json"), "--outDir", join(root, "dist", "esm")], { stdio: "inherit" });
const copy = join(root, "dist", "cjs-src");
cpSync(join(root, "src"), join(copy, "src"), { recursive: true });
writeFileSync(join(copy, "package.json"), commonjs);
writeFileSync(
  join(copy, "tsconfig.json"),
  JSON.stringify({ extends: join(root, "tsconfig.json"), compilerOptions: { rootDir: "src", outDir: join(root, "dist", "cjs"), verbatimModuleSyntax: false }, include: ["src"] }),
);
try {
  execFileSync(process.execPath, [tsc, "-p", join(copy, "tsconfig.json")], { stdio: "inherit" });
} finally {
  rmSync(copy, { recursive: true, force: true });
}
mkdirSync(join(root, "dist", "cjs"), { recursive: true });
writeFileSync(join(root, "dist", "cjs", "package.json"), commonjs);
