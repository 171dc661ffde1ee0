// The synthetic scaling workload: N tool descriptors of mixed shapes and sizes, deterministic (tool i
// depends only on i, so the first 100 tools of the 1,000-tool set are the 100-tool set). The mix is
// the same at every size, so a linear generator costs the same per tool at 100, 1,000 and 10,000.
// Roughly: 55% small (1–5 parameters, mostly shared shapes like owner/repo/page), 33% medium (6–14
// parameters, enums, formats, arrays, one nested object), 12% large (12–30 parameters, nesting two
// levels, arrays of objects, oneOf with const tags, nullable types, local $defs/$ref); a third have
// an outputSchema, half have annotations. Some property names are not identifiers (`fill-opacity`,
// `class`), as in real servers.

/** mulberry32: a tiny seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "account address amount archive attachment branch budget calendar campaign channel checkout comment commit contact " +
  "container customer dashboard dataset deployment device document domain draft environment event export feature file " +
  "filter folder forecast gateway group incident invoice issue job label ledger license listing location merchant " +
  "message metric milestone monitor network note order package page payment pipeline policy portfolio project " +
  "queue record region release report repository request resource review role route rule runner schedule secret " +
  "segment server session shipment snapshot subscription table tag task team template ticket token topic trace " +
  "user variable vendor version webhook widget workflow workspace zone"
).split(" ");
const VERBS = "get list create update delete search archive restore sync export import approve assign close open merge".split(" ");
const ODD_NAMES = ["fill-opacity", "class", "x-request-id", "System.Area", "default", "properties", "type", "2fa_code"];
const FORMATS = ["date-time", "date", "uri", "email", "uuid"];

/** Parameter shapes shared by many tools, as in REST-derived servers (owner/repo/page/per_page). */
const SHARED = {
  owner: { type: "string", description: "The account owner of the resource. The name is not case sensitive." },
  repo: { type: "string", description: "The name of the repository, without the `.git` extension." },
  org: { type: "string", description: "The organization name. The name is not case sensitive." },
  page: { type: "integer", minimum: 1, default: 1, description: "The page number of the results to fetch." },
  per_page: { type: "integer", minimum: 1, maximum: 100, default: 30, description: "The number of results per page (max 100)." },
  since: { type: "string", format: "date-time", description: "Only show results updated after this time (ISO 8601)." },
  direction: { type: "string", enum: ["asc", "desc"], description: "The direction to sort the results by." },
  state: { type: "string", enum: ["open", "closed", "all"], default: "open", description: "Only return items in this state." },
  labels: { type: "array", items: { type: "string" }, description: "Label names to filter by." },
};
const SHARED_KEYS = Object.keys(SHARED);

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

function int(rand, lo, hi) {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

function sentence(rand, lo, hi) {
  const n = int(rand, lo, hi);
  const words = [];
  for (let i = 0; i < n; i++) words.push(pick(rand, WORDS));
  const text = words.join(" ");
  return text[0].toUpperCase() + text.slice(1) + ".";
}

function propertyName(rand, used) {
  for (;;) {
    const name = rand() < 0.05 ? pick(rand, ODD_NAMES) : `${pick(rand, WORDS)}_${pick(rand, WORDS)}`;
    if (!used.has(name)) {
      used.add(name);
      return name;
    }
  }
}

function leaf(rand) {
  const roll = rand();
  const description = sentence(rand, 3, 14);
  if (roll < 0.3) return { type: "string", description, ...(rand() < 0.3 ? { minLength: 1, maxLength: int(rand, 16, 256) } : {}) };
  if (roll < 0.4) return { type: "string", format: pick(rand, FORMATS), description };
  if (roll < 0.47) return { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$", description };
  if (roll < 0.62) return { type: "integer", minimum: 0, maximum: int(rand, 10, 100000), description };
  if (roll < 0.7) return { type: "number", description };
  if (roll < 0.8) return { type: "boolean", default: rand() < 0.5, description };
  if (roll < 0.92) {
    const values = [...new Set(Array.from({ length: int(rand, 2, 8) }, () => pick(rand, WORDS)))];
    return { type: "string", enum: values, description };
  }
  return { type: ["string", "null"], description };
}

function objectSchema(rand, count, depth, extras) {
  const properties = {};
  const used = new Set();
  const required = [];
  for (let i = 0; i < count; i++) {
    const name = propertyName(rand, used);
    const roll = rand();
    if (depth > 0 && roll < 0.12) properties[name] = objectSchema(rand, int(rand, 2, 6), depth - 1, extras);
    else if (depth > 0 && roll < 0.2) properties[name] = { type: "array", description: sentence(rand, 3, 12), items: objectSchema(rand, int(rand, 2, 5), depth - 1, extras) };
    else if (roll < 0.27) properties[name] = { type: "array", items: leaf(rand), maxItems: int(rand, 5, 100) };
    else if (extras && depth > 0 && roll < 0.31) properties[name] = taggedUnion(rand);
    else if (extras && roll < 0.34) properties[name] = { $ref: "#/$defs/address" };
    else properties[name] = leaf(rand);
    if (rand() < 0.3) required.push(name);
  }
  return { type: "object", properties, ...(required.length ? { required } : {}), ...(rand() < 0.5 ? { additionalProperties: false } : {}) };
}

function taggedUnion(rand) {
  const variants = int(rand, 2, 3);
  return {
    description: sentence(rand, 3, 10),
    oneOf: Array.from({ length: variants }, (_, v) => {
      const body = objectSchema(rand, int(rand, 1, 4), 0, false);
      return { ...body, properties: { kind: { const: `variant_${v}` }, ...body.properties }, required: ["kind", ...(body.required ?? [])] };
    }),
  };
}

const ADDRESS = {
  type: "object",
  properties: {
    street: { type: "string" },
    city: { type: "string" },
    postal_code: { type: "string" },
    country: { type: "string", minLength: 2, maxLength: 2 },
  },
  required: ["city", "country"],
};

function inputSchema(rand, kind) {
  if (kind === "small") {
    const properties = {};
    const required = [];
    for (let i = int(rand, 1, 5); i > 0; i--) {
      const key = pick(rand, SHARED_KEYS);
      if (key in properties) continue;
      properties[key] = SHARED[key];
      if (key === "owner" || key === "repo" || key === "org") required.push(key);
    }
    if (rand() < 0.4) properties[`${pick(rand, WORDS)}_id`] = { type: "integer", description: sentence(rand, 4, 12) };
    return { type: "object", properties, ...(required.length ? { required } : {}) };
  }
  if (kind === "medium") {
    const body = objectSchema(rand, int(rand, 4, 12), 1, false);
    return { ...body, properties: { owner: SHARED.owner, repo: SHARED.repo, ...body.properties }, required: ["owner", "repo", ...(body.required ?? [])] };
  }
  const body = objectSchema(rand, int(rand, 12, 30), 2, true);
  const usesRef = JSON.stringify(body).includes("#/$defs/address");
  return { ...body, ...(usesRef ? { $defs: { address: ADDRESS } } : {}) };
}

function outputSchema(rand) {
  const item = objectSchema(rand, int(rand, 3, 10), 1, false);
  return rand() < 0.5 ? item : { type: "object", properties: { items: { type: "array", items: item }, total_count: { type: "integer" } }, required: ["items"] };
}

/** Tool number i (0-based). */
export function syntheticTool(i) {
  const rand = prng(0x9e3779b9 ^ Math.imul(i + 1, 2654435761));
  const roll = rand();
  const kind = roll < 0.55 ? "small" : roll < 0.88 ? "medium" : "large";
  const name = `${pick(rand, VERBS)}_${pick(rand, WORDS)}_${String(i).padStart(5, "0")}`;
  const tool = { name };
  if (rand() < 0.5) tool.title = sentence(rand, 2, 4).slice(0, -1);
  tool.description = sentence(rand, kind === "large" ? 30 : 8, kind === "large" ? 150 : 50);
  tool.inputSchema = inputSchema(rand, kind);
  if (rand() < 0.33) tool.outputSchema = outputSchema(rand);
  if (rand() < 0.5) tool.annotations = { readOnlyHint: name.startsWith("get") || name.startsWith("list") || name.startsWith("search"), openWorldHint: rand() < 0.5 };
  return tool;
}

export function syntheticTools(count) {
  return Array.from({ length: count }, (_, i) => syntheticTool(i));
}
