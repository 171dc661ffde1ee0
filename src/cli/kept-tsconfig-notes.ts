// What `mcp-gen init` says of a tsconfig.json it keeps (the project's own, often as `tsc --init`
// wrote it): each setting under which the project would not pass init's next steps, with the one
// change to make. `tsc --init` (TypeScript 5.9 to 7) writes `"types": []`, so tsc loads no
// @types/node, and src/http.ts, which uses Node's `process`, does not compile (TS2591); with
// `npm init -y`'s "type": "commonjs" it also writes verbatimModuleSyntax (module-format.ts). It
// also names no "outDir" (only in a comment): `npx tsc -p .`, one of init's next steps, then writes
// each .js, .d.ts and map beside its source, into the generated folder too, where `mcp-gen check`
// reports every one as generated-file-extra, and a build does not remove them (it wrote none).
import { computeLineStarts, positionAt } from "../load/line-index.js";
import { effectiveOption, moduleFormatFindings, type TsconfigFile } from "./module-format.js";

/**
 * The notes for a kept tsconfig chain (leaf first) and the project's package.json text.
 * @example keptTsconfigNotes([{ path: "tsconfig.json", name: "tsconfig.json", text: '{ "compilerOptions": { "types": [] } }' }], undefined) // ['tsconfig.json (line 1) sets "types": [], without "node": …']
 */
export function keptTsconfigNotes(tsconfigs: readonly TsconfigFile[], packageText: string | undefined): string[] {
  const notes = moduleFormatFindings({ packageText, tsconfigs }).map((d) => `${d.message}\n  ${d.hint}`);
  const types = effectiveOption(tsconfigs, "types");
  if (types !== undefined && Array.isArray(types.value) && !types.value.includes("node")) {
    const leaf = types.file;
    const where =
      leaf.path === undefined
        ? `${tsconfigs[0]?.path ?? "tsconfig.json"}, through the ${leaf.name} it extends,`
        : `${leaf.path} (line ${positionAt(computeLineStarts(leaf.text), types.node.offset).line})`;
    notes.push(
      `${where} sets "types": ${JSON.stringify(types.value)}, without "node": tsc then loads none of Node's types, and src/http.ts, which uses Node's process, does not compile (TS2591).\n` +
        `  Add "node" to "types" ("types": ${JSON.stringify([...types.value, "node"])}); init added @types/node to devDependencies.`,
    );
  }
  if (emitsBesideSources(tsconfigs)) {
    notes.push(
      `${tsconfigs[0]?.path ?? "tsconfig.json"} sets neither "outDir" nor "noEmit": \`npx tsc -p .\` then writes each .js, .d.ts and map beside its source, into src/generated too, where \`mcp-gen check\` reports every one as generated-file-extra (a build does not remove them).\n` +
        `  Add "noEmit": true (\`tsc -p .\` then type-checks only), or an "outDir" such as "dist".`,
    );
  }
  return notes;
}

/** Whether tsc, under this chain, writes its output files beside their sources. */
function emitsBesideSources(tsconfigs: readonly TsconfigFile[]): boolean {
  if (tsconfigs.length === 0) return false;
  const set = (option: string) => {
    const found = effectiveOption(tsconfigs, option);
    return found !== undefined && found.value !== null && found.value !== false && found.value !== "";
  };
  if (set("noEmit") || set("outDir") || set("outFile")) return false;
  // Declarations only, into their own folder: nothing beside the sources.
  return !(set("emitDeclarationOnly") && set("declarationDir"));
}
