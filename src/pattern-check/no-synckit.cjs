// What the bundled ReDoS checker (rolldown.config.mjs) has instead of synckit, recheck's one
// dependency: recheck uses it only for its "synckit" sync backend, and the checker's process runs
// the "pure" one (RECHECK_SYNC_BACKEND=pure). synckit itself does not survive bundling (it reads
// import.meta.url).
"use strict";
exports.createSyncFn = () => {
  throw new Error("mcp-gen's ReDoS checker runs recheck's pure backend only (RECHECK_SYNC_BACKEND=pure).");
};
