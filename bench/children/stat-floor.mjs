// Reference, for the no-change check: the least any check that looks at every file can cost. A Node
// process that lists the project's descriptors (tools/) and its generated folder (src/generated),
// stats each file once, and exits; nothing read, parsed or hashed. Measured as a whole process like
// the check itself, so Node's start-up is in both.
// Usage: node children/stat-floor.mjs <built project>
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const [project] = process.argv.slice(2);
let files = 0;
const visit = (dir) => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) visit(path);
    else if (statSync(path).isFile()) files++;
  }
};
for (const dir of ["tools", join("src", "generated")]) visit(join(project, dir));
statSync(join(project, "mcp-gen.config.yaml"));
statSync(join(project, "mcp-tools.lock.json"));
process.stdout.write(`${JSON.stringify({ files })}\n`);
