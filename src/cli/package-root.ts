// mcp-gen's own package folder on disk, where its templates, schemas and runtime sources ship.
import { fileURLToPath } from "node:url";

/**
 * The package root: this file is src/cli/ (tests), dist/cli/ (compiled) or part of a chunk in
 * dist/bundle/ (the bundled CLI), two levels down in each.
 */
export const PACKAGE_ROOT = fileURLToPath(new URL("../../", import.meta.url));
