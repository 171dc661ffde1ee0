// A cheap linear scan that finds where a JSON text nests deeper than allowed, before any parser
// recurses into it. Each object or array is one level; yaml-nesting.ts does the same for YAML.

/** Offset of the first opening bracket past `maxDepth`, or -1 when the JSON text stays within it. */
export function findJsonDepthExcess(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > maxDepth) return i;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
    }
  }
  return -1;
}
