// Which project a file belongs to: the nearest mcp-gen.config.yaml at or above its folder, not above
// its workspace folder; else the workspace folder; else none.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findProject } from "../../src/lsp/find-project.js";
import { tempProject } from "../support/temp-project.js";

describe("findProject", () => {
  it("takes the nearest config above the file, inside its workspace folder", () => {
    const root = tempProject({ "mcp-gen.config.yaml": "", "servers/weather/mcp-gen.config.yaml": "", "servers/weather/tools/a.yaml": "", "servers/mail/tools/b.yaml": "" });
    expect(findProject(join(root, "servers/weather/tools/a.yaml"), [root])).toEqual({ root: join(root, "servers/weather"), configPath: undefined });
    expect(findProject(join(root, "servers/mail/tools/b.yaml"), [root])).toEqual({ root, configPath: undefined });
  });

  it("stops at the workspace folder: a config above it is another project's", () => {
    const root = tempProject({ "mcp-gen.config.yaml": "", "app/tools/a.yaml": "" });
    expect(findProject(join(root, "app/tools/a.yaml"), [join(root, "app")])).toEqual({ root: join(root, "app"), configPath: undefined });
  });

  it("takes a config above a file of no workspace folder, and nothing without one", () => {
    const root = tempProject({ "p/mcp-gen.config.yaml": "", "p/tools/a.yaml": "", "q/tools/b.yaml": "" });
    expect(findProject(join(root, "p/tools/a.yaml"), [])).toEqual({ root: join(root, "p"), configPath: undefined });
    expect(findProject(join(root, "q/tools/b.yaml"), [join(root, "p")])).toBeUndefined();
  });
});
