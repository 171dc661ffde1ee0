// Reference, for the one-file rebuild: the least a rebuild after a description edit must do with
// this lock format. A Node process that stats every file of the built project once (descriptors,
// the generated folder, handler stubs and tests: a rebuild must know none of them changed), reads
// and parses the lock (every tool's hashes and descriptor), renders it again and writes it (the
// edited tool's hashes are in it), and exits. Nothing is validated, generated or hashed; the lock
// is written beside the project, not over it. Measured as a whole process like the build.
// Usage: node children/rebuild-floor.mjs <built project> <file to write the lock to>
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const [project, out] = process.argv.slice(2);
let files = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) visit(path);
    else if (statSync(path).isFile()) files++;
  }
};
for (const dir of ["tools", "src", "test"]) visit(join(project, dir));
statSync(join(project, "mcp-gen.config.yaml"));
const lock = JSON.parse(readFileSync(join(project, "mcp-tools.lock.json"), "utf8"));
writeFileSync(out, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`${JSON.stringify({ files, tools: Object.keys(lock.tools).length })}\n`);
