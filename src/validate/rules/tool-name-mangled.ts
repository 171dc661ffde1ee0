import { assignToolNames, camelName, fileStem, fileStemOf, pascalName, type FileStemChange } from "../../emit/names.js";
import { defineRule } from "../define-rule.js";
import { toolName } from "../walk.js";

export const toolNameMangled = defineRule({
  id: "tool-name-mangled",
  summary: "Tool names map to generated identifiers and file names without clashes or surprises.",
  description:
    "Generated code names each tool's types and client method after the tool (`repos.get` → `ReposGetArguments`, " +
    "`client.reposGet()`) and its handler and test files too (`src/handlers/repos.get.ts`). Two names that map to the same " +
    "identifier (`get-user` and `get_user` both become `getUser`) or to file names that differ only in case get a suffix " +
    "derived from the exact name (the first 6 hex digits of its SHA-256, more when another tool already has that file name), " +
    "names that cannot be file names everywhere (`CON`, `..`, a leading dot) are " +
    "prefixed, a `.d` segment becomes `.d_` (TypeScript would take `x.d.ts` for a declaration file), and a final `.test` or " +
    "`.spec` gets a `_` (vitest would run the handler as a test). Generated code stays correct either way; this warning says the names you will see differ from the tool name. A tool added later can give an older tool such a suffix, and so move its handler stub to another file or export name: build then stops with handler-moved until the handler written for it is there. " +
    "Without a warning, a name that would take one the generated code declares itself gets a `_`: a reserved word (`class_`), " +
    "a member of `ToolsClient` or of every object (`listTools_`, `then_`, `toString_`), `handlers_`, and `Tool_` for the types " +
    "(`ToolTypes` is taken); and a `title` or `$defs` key in a schema that would name one of the tool's own types " +
    "(`GetUserResult`) is numbered instead (`GetUserResult1`), as json-schema-to-typescript numbers any taken name.",
  defaultSeverity: "warning",
  must: false,
  why: "The generated code stays correct; the warning says that the names in it differ from the tool name.",
  since: "0.1.0",
  spec: "mcp-gen: generated identifiers and file names",
  checklist: [],
  checkProject(tools, report, { memo }) {
    const named = tools.flatMap((tool) => {
      const name = toolName(tool);
      return name === undefined ? [] : [{ tool, name }];
    });
    const assigned = assignToolNames(
      named.map((n) => n.name),
      memo,
    );
    named.forEach(({ tool, name }, i) => {
      const names = assigned[i]!;
      if (names.disambiguated) {
        const clashes = named.filter(
          (o) => o.name !== name && (pascalName(o.name).toLowerCase() === pascalName(name).toLowerCase() || fileStem(o.name).toLowerCase() === fileStem(name).toLowerCase()),
        );
        report(tool, {
          pointer: "/name",
          message: `Tool name ${JSON.stringify(name)} maps to the same generated name as ${clashes.map((c) => JSON.stringify(c.name)).join(", ")}, so its code is named ${names.camel} and ${names.file}.ts.`,
          hint: `Rename one of them so that they differ in more than punctuation and case, for example "${camelName(name)}2".`,
        });
      } else if (names.file !== name) {
        const changes = fileStemOf(name).changes;
        // A name that only needed other characters has its file name as a rename that needs none.
        const example = changes.length === 1 && changes[0] === "characters" ? `, for example ${JSON.stringify(names.file)}` : "";
        report(tool, {
          pointer: "/name",
          message: `Tool name ${JSON.stringify(name)} ${joinAnd(changes.map((change) => FILE_CHANGES[change].why(name)))}, so its files are named ${names.file}.ts.`,
          hint: `Rename the tool so that it ${joinAnd(changes.map((change) => FILE_CHANGES[change].fix))}${example}.`,
        });
      }
    });
  },
});

/** Each way fileStem changes a name: what about the name made it (after "Tool name X"), and what to rename it to (after "so that it"). */
const FILE_CHANGES: Readonly<Record<FileStemChange, { readonly why: (name: string) => string; readonly fix: string }>> = {
  characters: {
    why: (name) => {
      const found = [...new Set(name.match(/[^A-Za-z0-9_.-]/gu))];
      return `holds ${joinAnd(found.map((c) => (c === " " ? "a space" : JSON.stringify(c))))} (not every file system takes ${found.length === 1 ? "it" : "them"} in a file name)`;
    },
    fix: 'uses only ASCII letters, digits, "_", "-" and "."',
  },
  "dots-only": { why: (name) => (name === "" ? "is empty" : "is only dots"), fix: "holds a letter or digit" },
  "leading-dot": { why: () => "starts with a dot (a hidden file)", fix: "does not start with a dot" },
  device: { why: (name) => `begins with ${JSON.stringify(name.split(".")[0])} (a Windows device name)`, fix: "does not begin with a Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9)" },
  length: { why: () => "is longer than 100 characters (a file name keeps that many)", fix: "is at most 100 characters long" },
  declaration: { why: () => 'has a segment "d" between dots or at the end (TypeScript takes x.d.ts for a declaration file)', fix: 'has no segment "d" between dots or after the last one' },
  "test-suffix": { why: (name) => `ends in ${JSON.stringify(/\.(test|spec)$/i.exec(name)?.[0] ?? "")} (vitest runs such a file as a test)`, fix: 'does not end in ".test" or ".spec"' },
};

function joinAnd(parts: readonly string[]): string {
  return parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
