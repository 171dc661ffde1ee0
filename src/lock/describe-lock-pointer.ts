// A JSON Pointer into a lock file → how messages name it: "/tools/get.weather/sha256" →
// `tools["get.weather"].sha256`, "" → "The lock file".
import { splitPointer } from "../model/pointer.js";

/** @example describeLockPointer("/tools/ping/parts/title") === "tools.ping.parts.title" */
export function describeLockPointer(pointer: string): string {
  if (pointer === "") return "The lock file";
  return splitPointer(pointer)
    .map((token, i) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(token) ? (i === 0 ? token : `.${token}`) : `[${JSON.stringify(token)}]`))
    .join("");
}
