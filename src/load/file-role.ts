// What a file is read as: a descriptor (the config's globs match it) or a schema file that a `$ref`
// names. The loader says the same of both but for the hints about the file as a whole (empty, more
// than one YAML document, a comment in JSON), which tell what to write in it.

export type FileRole = "descriptor" | "schema";

interface WholeFileHints {
  readonly emptyYaml: string;
  readonly emptyJson: string;
  readonly multipleDocuments: string;
  readonly jsonComment: string;
}

export const WHOLE_FILE_HINTS: Readonly<Record<FileRole, WholeFileHints>> = {
  descriptor: {
    emptyYaml: "Write one YAML mapping describing the tool.",
    emptyJson: "Write one JSON object describing the tool.",
    multipleDocuments: "Put each tool in a file of its own.",
    jsonComment: "Remove the comment, or write the descriptor in YAML, which allows comments.",
  },
  schema: {
    emptyYaml: "Write the schema the $refs to this file name, as one YAML mapping (or a boolean), or remove those $refs.",
    emptyJson: "Write the schema the $refs to this file name, as one JSON object (or a boolean), or remove those $refs.",
    multipleDocuments: "Keep one YAML document: put the schemas side by side under $defs, and $ref each by its pointer (file.yaml#/$defs/Name).",
    jsonComment: "Remove the comment, or write the schema file in YAML, which allows comments.",
  },
};
