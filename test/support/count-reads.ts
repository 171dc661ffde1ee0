// Counts the reads a call makes of its input, a deterministic measure of its work for tests that a
// slow algorithm must fail: the same input gives the same count on any machine under any load, where
// a clock gives a different time on every run. A walk that revisits the input (a quadratic scan) makes
// the count grow faster than the input does.

/** A reads counter and a way to wrap values so that every read of them counts. */
export interface ReadCounter {
  /** `value` behind proxies that count each property read, key listing and `in`/`hasOwn` check, at any depth. */
  readonly wrap: <T>(value: T) => T;
  /** Reads so far. */
  readonly count: () => number;
}

/**
 * A fresh counter. Objects are wrapped as they are reached, each once (the same proxy every time),
 * so identity checks, cycles and shared subtrees behave as on the plain value.
 * @example const c = countReads(); c.wrap({ a: { b: 1 } }).a.b; c.count() === 2
 */
export function countReads(): ReadCounter {
  let reads = 0;
  const proxies = new WeakMap<object, object>();
  const wrap = <T>(value: T): T => {
    if (typeof value !== "object" || value === null) return value;
    const known = proxies.get(value);
    if (known !== undefined) return known as T;
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        reads++;
        return wrap(Reflect.get(target, key, receiver));
      },
      has(target, key) {
        reads++;
        return Reflect.has(target, key);
      },
      ownKeys(target) {
        reads++;
        return Reflect.ownKeys(target);
      },
      getOwnPropertyDescriptor(target, key) {
        reads++;
        return Reflect.getOwnPropertyDescriptor(target, key);
      },
    });
    proxies.set(value, proxy);
    return proxy as T;
  };
  return { wrap, count: () => reads };
}

/**
 * The reads `run` makes of inputs of size `n` and `4 * n` (`make` builds one), and their ratio: about
 * 4 for linear work, about 16 for quadratic.
 */
export function readGrowth(n: number, make: (size: number) => unknown, run: (input: unknown, size: number) => void): { small: number; large: number; ratio: number } {
  const measure = (size: number): number => {
    const counter = countReads();
    run(counter.wrap(make(size)), size);
    return counter.count();
  };
  const small = measure(n);
  const large = measure(4 * n);
  return { small, large, ratio: large / small };
}
