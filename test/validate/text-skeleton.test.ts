// The skeleton the poisoning rules match phrases on: NFKC and the look-alike letters read as the
// Latin ones they imitate, each skeleton character remembering where in the text it came from.
import { describe, expect, it } from "vitest";
import { originalPart, textSkeleton } from "../../src/validate/text-skeleton.js";

describe("textSkeleton (T-SEC-8)", () => {
  it("reads Cyrillic and Greek look-alikes and fullwidth forms as Latin", () => {
    expect(textSkeleton("Ign\u043ere previous instructions").text).toBe("Ignore previous instructions");
    expect(textSkeleton("\uff1cIMPORTANT\uff1e").text).toBe("<IMPORTANT>");
    expect(textSkeleton("\u0399gn\u03bfre").text).toBe("Ignore");
  });

  it("leaves ASCII alone, and keeps letters with no Latin look-alike", () => {
    expect(textSkeleton("plain text")).toEqual({ text: "plain text", origin: [] });
    expect(textSkeleton("\u6ce8\u610f").text).toBe("\u6ce8\u610f");
  });

  it("maps a part of the skeleton back to the text it came from, expansions and surrogate pairs included", () => {
    const text = "\u{1f600} \ufb01le \uff1cb\uff1e";
    const skeleton = textSkeleton(text);
    expect(skeleton.text).toBe("\u{1f600} file <b>");
    const at = skeleton.text.indexOf("<b>");
    expect(originalPart(skeleton, at, 3)).toEqual({ index: text.indexOf("\uff1c"), length: 3 });
    // "fi" from one "ﬁ": a part that ends inside it covers all of it.
    expect(originalPart(skeleton, skeleton.text.indexOf("f"), 1)).toEqual({ index: 3, length: 1 });
  });
});
