// Words that mark a parameter as a secret or as personal data, for header-param-sensitive. In: a
// property name, header name or description. Out: what it looks like ("an API key"), or undefined.
// Names are split into words (camelCase, snake_case, kebab-case, dots), so "author" is not "auth". Of a
// description only the leading noun phrase counts ("The admin password for ..." but not "The name of
// the secret" or "The level of permission to grant the access token"): tried on a corpus of about
// 17,000 real properties, whole descriptions named a secret for every third parameter of some APIs.

interface Term {
  /** Consecutive words, lower case. */
  readonly words: readonly string[];
  readonly looksLike: string;
  /** The term does not count when the word right after it is one of these ("token_count", "auth_type"). */
  readonly notBefore?: readonly string[];
  /** The term does not count when the word right before it is one of these ("page_token"). */
  readonly notAfter?: readonly string[];
}

// Words after a term that make the name about the thing rather than the thing itself ("token_count",
// "auth_type", "secret_name", "secret_scanning").
const COUNTING = ["count", "counts", "limit", "limits", "budget", "usage", "total", "estimate", "number", "length", "index", "offset", "type", "types", "kind", "id", "ids"];
// Tokens that only page or order results, and model tokens that are counted, are not secrets.
const HARMLESS_TOKENS = ["page", "next", "prev", "previous", "continuation", "pagination", "cursor", "sync", "resume", "idempotency", "max", "min", "num", "input", "output", "completion", "prompt"];
const DESCRIBING = ["type", "types", "method", "mode", "scheme", "provider", "flow", "url", "uri", "endpoint", "server", "domain", "name", "title", "label", "count", "timeout", "duration", "status"];
const ABOUT_MESSAGES = [
  ...DESCRIBING,
  "subject",
  "message",
  "messages",
  "body",
  "content",
  "template",
  "templates",
  "notification",
  "notifications",
  "verification",
  "visibility",
  "settings",
  "preferences",
  "format",
];
const ABOUT_SECRETS = [...DESCRIBING, "id", "ids", "scanning", "protection", "alert", "alerts", "manager", "store", "version"];
// A description's leading noun phrase ends at the first of these words.
const PHRASE_END: ReadonlySet<string> = new Set([
  "of",
  "for",
  "to",
  "used",
  "that",
  "which",
  "who",
  "with",
  "in",
  "on",
  "from",
  "by",
  "when",
  "if",
  "is",
  "are",
  "as",
  "at",
  "or",
  "and",
  "whether",
  "unless",
  "whose",
  "where",
  "can",
  "will",
  "should",
  "must",
  "may",
]);
const LEADING_WORDS: ReadonlySet<string> = new Set(["the", "a", "an", "your", "optional", "required"]);

const TERMS: readonly Term[] = [
  { words: ["password"], looksLike: "a password" },
  { words: ["passwd"], looksLike: "a password" },
  { words: ["passphrase"], looksLike: "a password" },
  { words: ["secret"], looksLike: "a secret", notBefore: ABOUT_SECRETS },
  { words: ["api", "key"], looksLike: "an API key" },
  { words: ["apikey"], looksLike: "an API key" },
  { words: ["access", "key"], looksLike: "an access key" },
  { words: ["private", "key"], looksLike: "a private key" },
  { words: ["privatekey"], looksLike: "a private key" },
  { words: ["credential"], looksLike: "a credential" },
  { words: ["credentials"], looksLike: "a credential" },
  { words: ["access", "token"], looksLike: "an access token" },
  { words: ["refresh", "token"], looksLike: "a refresh token" },
  { words: ["bearer"], looksLike: "a bearer token" },
  { words: ["token"], looksLike: "a token", notBefore: COUNTING, notAfter: HARMLESS_TOKENS },
  { words: ["auth"], looksLike: "authentication data", notBefore: DESCRIBING },
  { words: ["authorization"], looksLike: "authentication data", notBefore: DESCRIBING },
  { words: ["session"], looksLike: "a session identifier", notBefore: DESCRIBING },
  { words: ["cookie"], looksLike: "a cookie", notBefore: DESCRIBING },
  { words: ["ssn"], looksLike: "a social security number" },
  { words: ["social", "security"], looksLike: "a social security number" },
  { words: ["credit", "card"], looksLike: "a credit card number" },
  { words: ["card", "number"], looksLike: "a credit card number" },
  { words: ["cvv"], looksLike: "a card security code" },
  { words: ["iban"], looksLike: "a bank account number" },
  { words: ["passport", "number"], looksLike: "a passport number" },
  { words: ["email"], looksLike: "an email address", notBefore: ABOUT_MESSAGES },
  { words: ["e", "mail"], looksLike: "an email address", notBefore: ABOUT_MESSAGES },
  { words: ["phone"], looksLike: "a phone number", notBefore: ABOUT_MESSAGES },
];

/** The kind of secret or personal data `text` names, if any. Example: `sensitiveTerm("X-Api-Key", "name")` gives "an API key". */
export function sensitiveTerm(text: string, kind: "name" | "description"): string | undefined {
  const words = kind === "name" ? splitWords(text) : leadingPhrase(text);
  for (const term of TERMS) {
    for (let i = 0; i + term.words.length <= words.length; i++) {
      if (!term.words.every((word, j) => words[i + j] === word)) continue;
      const before = words[i - 1];
      const after = words[i + term.words.length];
      if (after !== undefined && term.notBefore?.includes(after)) continue;
      if (before !== undefined && term.notAfter?.includes(before)) continue;
      return term.looksLike;
    }
  }
  return undefined;
}

/** The words a description opens with, up to where its subject ends: "The admin password for VMs" → admin password. */
export function leadingPhrase(description: string): string[] {
  const words = splitWords(description.split(/[.:;(\n]/, 1)[0]!);
  let start = 0;
  while (start < words.length && LEADING_WORDS.has(words[start]!)) start++;
  const phrase: string[] = [];
  for (const word of words.slice(start, start + 5)) {
    if (PHRASE_END.has(word)) break;
    phrase.push(word);
  }
  return phrase;
}

/** "apiKey" → api key, "APIKey" → api key, "X-Auth_Token" → x auth token. */
export function splitWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "");
}
