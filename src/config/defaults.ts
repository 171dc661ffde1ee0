// Default values of the configuration, in one place.
import type { ServerSettings } from "./config.js";

export const DEFAULT_TOOLS_GLOB = "tools/**/*.{yaml,yml,json}";

export const DEFAULT_SERVER: Omit<ServerSettings, "name" | "version"> = {
  pageSize: 0,
  ttlMs: 0,
  cacheScope: "public",
  limits: {
    maxRequestBytes: 4 * 1024 * 1024,
    maxArgumentDepth: 64,
    maxStringLength: 1024 * 1024,
    callTimeoutMs: 0,
  },
};
