// What `mcp-gen init` says of a tsconfig.json it keeps (the project's own, often as `tsc --init`
// wrote it): each setting under which the project would not pass init's next steps, with the one
// change to make. `tsc --init` (TypeScript 5.9 to 7) writes `"types": []`, so tsc loads no
// @types/node, and src/http.ts, which uses Node's `process`, does not compile (TS2591); with
// `npm init -y`'s "type": "commonjs" it also writes verbatimModuleSyntax (module-format.ts).
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
  return notes;
}
