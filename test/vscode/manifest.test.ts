// The VS Code extension's manifest and build agree with its code and with the server: the bundle
// VS Code loads is the one rolldown writes and .vscodeignore lets into the .vsix; every dependency
// is pinned; vscode-languageclient speaks the protocol version the server's vscode-languageserver
// does (one protocol package, by both lock files), and the extension claims the VS Code versions
// that client supports; the settings the code reads are the ones the manifest declares. The .vsix
// itself is built by the CI job (.github/workflows/vscode-extension.yml): its tools (vsce and its
// 200 packages) are not in the repository's own install.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/spec-paths.js";

const EXTENSION = join(REPO_ROOT, "packages", "vscode");
const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, any>;
const manifest = json(join(EXTENSION, "package.json"));
const lock = json(join(EXTENSION, "package-lock.json"));
const rootLock = json(join(REPO_ROOT, "package-lock.json"));

describe("the VS Code extension's manifest", () => {
  it("loads the bundle rolldown writes, which .vscodeignore puts into the .vsix", () => {
    expect(manifest.main).toBe("./dist/extension.cjs");
    expect(readFileSync(join(EXTENSION, "rolldown.config.mjs"), "utf8")).toContain('output: { file: "dist/extension.cjs", format: "cjs"');
    expect(readFileSync(join(EXTENSION, ".vscodeignore"), "utf8").split("\n")).toEqual(expect.arrayContaining(["**", "!dist/extension.cjs", "!package.json", "!README.md", "!LICENSE"]));
    expect(manifest.scripts.package).toBe("npm run build && vsce package --no-dependencies --out dist/mcp-gen.vsix");
  });

  it("pins every dependency exactly, as the lock file has it", () => {
    for (const field of ["dependencies", "devDependencies"]) {
      for (const [name, version] of Object.entries(manifest[field] as Record<string, string>)) {
        expect(version, name).toMatch(/^\d+\.\d+\.\d+$/);
        expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(version);
      }
    }
  });

  it("uses the protocol package the server uses, and claims the VS Code versions its client supports", () => {
    const client = lock.packages["node_modules/vscode-languageclient"];
    const server = rootLock.packages["node_modules/vscode-languageserver"];
    expect(client.dependencies["vscode-languageserver-protocol"]).toBe(server.dependencies["vscode-languageserver-protocol"]);
    expect(manifest.engines.vscode).toBe(client.engines.vscode);
    expect(`^${manifest.devDependencies["@types/vscode"]}`).toBe(manifest.engines.vscode);
  });

  it("declares exactly the settings the extension reads", () => {
    const source = readFileSync(join(EXTENSION, "src", "extension.ts"), "utf8");
    const read = [...source.matchAll(/settings\.get\("([^"]+)"/g)].map((match) => `mcpGen.${match[1]}`).sort();
    expect(Object.keys(manifest.contributes.configuration.properties).sort()).toEqual(read);
  });

  it("stays out of the repository's npm workspaces, so that npm ci at the root does not install vsce", () => {
    expect(json(join(REPO_ROOT, "package.json")).workspaces).not.toContain("packages/vscode");
    expect(rootLock.packages["node_modules/@vscode/vsce"]).toBeUndefined();
  });
});
