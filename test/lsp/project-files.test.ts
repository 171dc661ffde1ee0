// The language server's view of a project's files (src/lsp/project-files.ts): an open document is
// read from the editor's text, but a path that leads out of the project on disk (a link to a file
// outside it, or one below a linked folder) is refused as readProject refuses it, open or not: the
// editor shows the link's target as the file, and its text would otherwise slip past the check.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, parse, relative, sep } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_LOAD_LIMITS } from "../../src/load/limits.js";
import { ProjectFiles } from "../../src/lsp/project-files.js";

const base = realpathSync(mkdtempSync(join(tmpdir(), "mcp-gen-project-files-")));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const TOOL = "name: out\ndescription: x\ninputSchema: { type: object, additionalProperties: false }\n";

describe("ProjectFiles", () => {
  it("refuses an open document whose path leads out of the project, and reads the editor's text of any other", () => {
    const root = join(base, "project");
    const outside = join(base, "outside");
    mkdirSync(join(root, "tools"), { recursive: true });
    mkdirSync(join(outside, "shared"), { recursive: true });
    writeFileSync(join(outside, "o.yaml"), TOOL);
    writeFileSync(join(outside, "shared", "s.yaml"), "type: string\n");
    symlinkSync(join(outside, "o.yaml"), join(root, "tools", "o.yaml"));
    symlinkSync(join(outside, "shared"), join(root, "schemas"));
    writeFileSync(join(root, "tools", "own.yaml"), TOOL.replace("out", "own"));
    const files = new ProjectFiles(root, DEFAULT_LOAD_LIMITS);
    for (const path of ["tools/o.yaml", "schemas/s.yaml"]) {
      expect(files.get(path).file.status, `${path} closed`).toBe("refused");
      files.setText(path, "type: string\n", 1);
      expect(files.get(path).file.status, `${path} open`).toBe("refused");
    }
    files.setText("tools/own.yaml", TOOL.replace("out", "edited"), 1);
    const own = files.get("tools/own.yaml");
    expect(own.file.status).toBe("ok");
    expect(own.text).toContain("name: edited");
    // A document not on disk yet (a new file, unsaved) is the editor's text.
    files.setText("tools/new.yaml", TOOL.replace("out", "new"), 1);
    expect(files.get("tools/new.yaml").file.status).toBe("ok");
  });

  it("looks an open document's path up once per text, and again after the disk reports a change", () => {
    const root = join(base, "relinked");
    const outside = join(base, "relinked-outside");
    mkdirSync(join(root, "tools"), { recursive: true });
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(root, "tools", "a.yaml"), TOOL.replace("out", "a"));
    writeFileSync(join(outside, "a.yaml"), TOOL);
    const files = new ProjectFiles(root, DEFAULT_LOAD_LIMITS);
    files.setText("tools/a.yaml", TOOL.replace("out", "edited"), 1);
    expect(files.get("tools/a.yaml").file.status).toBe("ok");
    // The file becomes a link out of the project behind the editor's back.
    rmSync(join(root, "tools", "a.yaml"));
    symlinkSync(join(outside, "a.yaml"), join(root, "tools", "a.yaml"));
    // Until the disk reports it, the text already checked stands; the next keystroke looks again.
    expect(files.get("tools/a.yaml").file.status).toBe("ok");
    files.setText("tools/a.yaml", TOOL.replace("out", "edited again"), 2);
    expect(files.get("tools/a.yaml").file.status).toBe("refused");
    // A change reported anywhere in the project looks every open document up again.
    rmSync(join(root, "tools", "a.yaml"));
    writeFileSync(join(root, "tools", "a.yaml"), TOOL);
    files.diskChanged("tools/other.yaml");
    expect(files.get("tools/a.yaml").file.status).toBe("ok");
  });

  it("reads the editor's text of a project at the root of the file system (a drive's root, a container's /)", () => {
    const root = join(base, "at-root");
    mkdirSync(join(root, "tools"), { recursive: true });
    writeFileSync(join(root, "tools", "own.yaml"), TOOL.replace("out", "own"));
    // The same file, named from the file system's root as the project root: "/" ends in a separator already.
    const fsRoot = parse(root).root;
    const path = relative(fsRoot, join(root, "tools", "own.yaml"))
      .split(sep)
      .join("/");
    const files = new ProjectFiles(fsRoot, DEFAULT_LOAD_LIMITS);
    files.setText(path, TOOL.replace("out", "edited"), 1);
    expect(files.get(path).text).toContain("name: edited");
  });
});
