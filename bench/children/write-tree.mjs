// Reference: creating the files a cold build writes, and nothing else. Reads the built project's
// output (everything but the descriptors in tools/ and the config) into memory, then creates the same
// folders and files, with the same contents, under a fresh folder: one thread, synchronous calls, no
// temporary names and no fsync, so less than mcp-gen's own atomic writes do. It is the kernel's share
// of a cold build on this machine's file system. `dest` must not exist (the bench removes it before).
// Usage: node children/write-tree.mjs <project> <dest>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

const [project, dest] = process.argv.slice(2);
const files = [];
const collect = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) collect(path);
    else if (entry.isFile()) files.push([relative(project, path), readFileSync(path, "utf8")]);
  }
};
for (const entry of readdirSync(project, { withFileTypes: true })) {
  if (entry.isDirectory() && entry.name !== "tools" && entry.name !== "node_modules") collect(join(project, entry.name));
  else if (entry.isFile() && entry.name !== "mcp-gen.config.yaml") files.push([entry.name, readFileSync(join(project, entry.name), "utf8")]);
}
const made = new Set();
let bytes = 0;
for (const [path, contents] of files) {
  const folder = join(dest, path, "..");
  if (!made.has(folder)) mkdirSync(folder, { recursive: true }), made.add(folder);
  writeFileSync(join(dest, path), contents, { flag: "wx" });
  bytes += contents.length;
}
console.log(JSON.stringify({ files: files.length, bytes }));
