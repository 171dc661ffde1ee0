// The caches of earlier locks (src/incremental/build-cache.ts): a build that replaces the lock keeps
// the cache that vouched for the last one, so that a build after the lock went back to it (a branch
// switched back to, a stash, an undone change) reuses that build's work; a kept cache is trusted for
// the lock its content names, never for its file name alone, and only the newest few are kept.
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_VERSION, EARLIER_CACHES, earlierCachePath, readCacheForLock, restoreEarlierCache, writeBuildCache, type BuildCache } from "../../src/incremental/build-cache.js";
import { tempProject } from "../support/temp-project.js";

const lockHash = (n: number) => n.toString(16).padStart(2, "0").repeat(32);

function cache(lock: string, over: Partial<BuildCache> = {}): BuildCache {
  return { version: CACHE_VERSION, generator: "g", config: "c", lock, files: {}, tools: {}, clean: [], ...over };
}

function cacheFolder(): { folder: string; path: string } {
  const folder = tempProject({});
  return { folder, path: join(folder, "0123456789abcdef.json") };
}

const lockOf = (path: string) => (JSON.parse(readFileSync(path, "utf8")) as BuildCache).lock;

describe("caches of earlier locks", () => {
  it("keeps the replaced cache for its lock, and finds it when that lock is on disk again", async () => {
    const { path } = cacheFolder();
    await writeBuildCache(path, cache(lockHash(1)));
    await writeBuildCache(path, cache(lockHash(2)), cache(lockHash(1)));
    expect(lockOf(path)).toBe(lockHash(2));
    expect(lockOf(earlierCachePath(path, lockHash(1)))).toBe(lockHash(1));
    expect(earlierCachePath(path, lockHash(1))).toBe(path.replace(/\.json$/, `.lock-${lockHash(1).slice(0, 16)}.json`));
    // The lock on disk is the first one again: its cache, not the current one.
    const back = readCacheForLock(path, lockHash(1));
    expect(back.current?.lock).toBe(lockHash(2));
    expect(back.forLock?.lock).toBe(lockHash(1));
    // The current lock: the current cache, with nothing else read.
    const here = readCacheForLock(path, lockHash(2));
    expect(here.forLock).toBe(here.current);
    // A lock no build here wrote, or none: no cache vouches for it.
    expect(readCacheForLock(path, lockHash(3)).forLock).toBeUndefined();
    expect(readCacheForLock(path, undefined).forLock).toBeUndefined();
    expect(readCacheForLock(undefined, lockHash(1))).toEqual({ current: undefined, forLock: undefined });
  });

  it("trusts a kept cache for the lock its content names, not for its file name", async () => {
    const { path } = cacheFolder();
    await writeBuildCache(path, cache(lockHash(2)));
    // Another lock's cache under this lock's name (a hand-made file, or two hashes alike in 16 digits).
    writeFileSync(earlierCachePath(path, lockHash(1)), `${JSON.stringify(cache(`${lockHash(1).slice(0, 16)}${"f".repeat(48)}`))}\n`);
    expect(readCacheForLock(path, lockHash(1)).forLock).toBeUndefined();
    writeFileSync(earlierCachePath(path, lockHash(1)), "{ not json");
    expect(readCacheForLock(path, lockHash(1)).forLock).toBeUndefined();
  });

  it("keeps nothing for the same lock, or from another mcp-gen or config (those are never usable)", async () => {
    for (const replacing of [cache(lockHash(1)), cache(lockHash(2), { generator: "other" }), cache(lockHash(2), { config: "other" })]) {
      const { folder, path } = cacheFolder();
      writeFileSync(path, `${JSON.stringify(replacing)}\n`);
      await writeBuildCache(path, cache(lockHash(1)), replacing);
      expect(readdirSync(folder)).toEqual([path.split("/").pop()]);
      expect(lockOf(path)).toBe(lockHash(1));
    }
  });

  it(`keeps the ${EARLIER_CACHES} newest caches of earlier locks, whatever order the folder lists them in`, async () => {
    const { folder, path } = cacheFolder();
    let current = cache(lockHash(1));
    await writeBuildCache(path, current);
    for (let n = 2; n <= 7; n++) {
      const next = cache(lockHash(n));
      await writeBuildCache(path, next, current);
      // Written one second apart, oldest first; the filesystem's own times may be coarser.
      const kept = earlierCachePath(path, current.lock);
      utimesSync(kept, new Date(Date.UTC(2026, 0, 1, 0, 0, n)), new Date(Date.UTC(2026, 0, 1, 0, 0, n)));
      current = next;
    }
    const kept = readdirSync(folder)
      .filter((name) => name.includes(".lock-"))
      .sort();
    expect(kept).toEqual([4, 5, 6].map((n) => earlierCachePath(path, lockHash(n)).split("/").pop()).sort());
    // Another project's kept caches in the same folder are not this one's to remove.
    const other = join(folder, "fedcba9876543210.json");
    writeFileSync(earlierCachePath(other, lockHash(1)), "{}\n");
    utimesSync(earlierCachePath(other, lockHash(1)), new Date(0), new Date(0));
    await writeBuildCache(path, cache(lockHash(8)), current);
    expect(existsSync(earlierCachePath(other, lockHash(1)))).toBe(true);
    expect(readdirSync(folder).filter((name) => name.startsWith("0123456789abcdef.lock-"))).toHaveLength(EARLIER_CACHES);
  });

  it("makes the cache kept for the lock on disk the current one again, keeping the current one for its lock", async () => {
    const { path } = cacheFolder();
    await writeBuildCache(path, cache(lockHash(1)));
    await writeBuildCache(path, cache(lockHash(2)), cache(lockHash(1)));
    const found = readCacheForLock(path, lockHash(1));
    await restoreEarlierCache(path, found);
    expect(lockOf(path)).toBe(lockHash(1));
    expect(lockOf(earlierCachePath(path, lockHash(2)))).toBe(lockHash(2));
    expect(existsSync(earlierCachePath(path, lockHash(1)))).toBe(false);
    // Nothing to do when the current cache is the one for the lock, or none is.
    await restoreEarlierCache(path, readCacheForLock(path, lockHash(1)));
    await restoreEarlierCache(path, readCacheForLock(path, lockHash(9)));
    expect(lockOf(path)).toBe(lockHash(1));
  });
});
