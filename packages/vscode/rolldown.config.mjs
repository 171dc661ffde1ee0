// The extension as VS Code loads it: one CommonJS file with vscode-languageclient inside, so that
// the .vsix needs no node_modules (vsce package --no-dependencies). `vscode` is the editor's own.
export default {
  input: "src/extension.ts",
  platform: "node",
  external: ["vscode"],
  output: { file: "dist/extension.cjs", format: "cjs", minify: true },
};
