// Whether a `$ref` names the document it is written in. What it names there is read by
// src/model/schema-resources.ts, against the base URI of the resource the ref is written in.

/**
 * Whether a `$ref` names the document it is written in: "#…", or "", the empty reference, which
 * names the document itself as "#" does (RFC 3986 § 4.4, same-document reference). Every stage that
 * follows a ref within a schema asks this one question here, so none of them reads "" otherwise.
 */
export function isSameDocumentRef(ref: string): boolean {
  return ref === "" || ref.startsWith("#");
}
