import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "yaml";

/**
 * Writes the part of Cashfree's published OpenAPI document that the store's payment client uses
 * (Cashfree PG API 2025-01-01, cashfree/cashfree-pg api/openapi.yaml) to
 * tests/fixtures/cashfree-openapi/pg-<info.version>.json, for the contract tests
 * (tests/contract/cashfree-openapi.test.ts) and docs/decisions/0963.
 *
 *   node --import tsx scripts/cashfree-openapi-extract.ts <openapi.yaml> [--commit <sha>] [--out <file>]
 *
 * Kept: the eleven operations of STORE_OPERATIONS with their parameters (component parameters,
 * request bodies and responses inlined), their JSON request body, every JSON response (200 and
 * the errors) and their callbacks (the payment webhook); the component schemas those reference,
 * followed transitively; the webhook payload schemas (component schemas named *Webhook*).
 * Cashfree's own sample answers are kept as "x-examples" beside each response schema. Dropped: response
 * headers, other examples. The top-level "x-source" names the upstream repository,
 * commit, path, the sha256 of the upstream file's bytes and its licence. Output is stable
 * (sorted schema names, two-space JSON) so a regeneration from the same file gives the same bytes.
 * Throws (exit 1) when the file is not an OpenAPI 3.0 document or an operation is missing.
 */

/** The operations the store's client calls (app/payments/cashfree.server.ts), as [method, path template]. */
export const STORE_OPERATIONS: ReadonlyArray<readonly ["get" | "post" | "patch", string]> = [
  ["post", "/orders"],
  ["get", "/orders/{order_id}"],
  ["patch", "/orders/{order_id}"],
  ["get", "/orders/{order_id}/payments"],
  ["post", "/links"],
  ["get", "/links/{link_id}"],
  ["post", "/links/{link_id}/cancel"],
  ["get", "/links/{link_id}/orders"],
  ["post", "/orders/{order_id}/refunds"],
  ["get", "/orders/{order_id}/refunds"],
  ["get", "/orders/{order_id}/refunds/{refund_id}"],
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Follows a local "#/a/b/c" pointer in `doc`; throws when it leads nowhere. */
function pointer(doc: JsonObject, ref: string): Json {
  if (!ref.startsWith("#/")) throw new Error(`only local $ref are supported, got ${ref}`);
  let node: Json = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (!isObject(node) || !(key in node)) throw new Error(`$ref ${ref} leads nowhere`);
    node = node[key];
  }
  return node;
}

/** Inlines a non-schema component ($ref to #/components/{parameters,requestBodies,responses}/…). */
function inlineComponent(doc: JsonObject, node: Json): Json {
  if (isObject(node) && typeof node.$ref === "string" && !node.$ref.startsWith("#/components/schemas/")) {
    return inlineComponent(doc, pointer(doc, node.$ref));
  }
  return node;
}

/** An example object, its $ref to #/components/examples/… followed. */
function inlineExample(doc: JsonObject, node: Json): Json {
  if (isObject(node) && typeof node.$ref === "string") return inlineExample(doc, pointer(doc, node.$ref));
  return node;
}

/** A deep copy of `node` without the keys OpenAPI uses only for documentation samples. */
function strip(node: Json): Json {
  if (Array.isArray(node)) return node.map(strip);
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "examples" || key === "example" || key === "headers" || key === "x-readme") continue;
    out[key] = key === "x-examples" ? value : strip(value);
  }
  return out;
}

/** Every "#/components/schemas/X" name referenced anywhere inside `node`. */
function schemaRefs(node: Json, found: Set<string>) {
  if (Array.isArray(node)) node.forEach((item) => schemaRefs(item, found));
  else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        if (!value.startsWith("#/components/schemas/")) throw new Error(`unexpected $ref ${value} inside a schema`);
        found.add(value.slice("#/components/schemas/".length));
      } else schemaRefs(value, found);
    }
  }
}

/** One operation with its parameters, request body and responses inlined, samples dropped. */
function extractOperation(doc: JsonObject, method: string, template: string): JsonObject {
  const item = (doc.paths as JsonObject | undefined)?.[template];
  const op = isObject(item) ? item[method] : undefined;
  if (!isObject(op)) throw new Error(`the document has no ${method.toUpperCase()} ${template}`);
  const shared = isObject(item) && Array.isArray(item.parameters) ? item.parameters : [];
  const parameters = [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])].map((p) => inlineComponent(doc, p));
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    const inlined = inlineComponent(doc, response);
    const media = isObject(inlined) && isObject(inlined.content) ? inlined.content["application/json"] : undefined;
    if (isObject(media) && isObject(media.examples)) {
      // Cashfree's own sample answers, kept (as "x-examples") so a test can read them by our rules.
      const samples = Object.values(media.examples).map((example) => {
        const value = inlineExample(doc, example);
        return isObject(value) ? value.value ?? null : null;
      });
      responses[status] = { ...(inlined as JsonObject), "x-examples": samples };
    } else responses[status] = inlined;
  }
  const out: JsonObject = {
    operationId: op.operationId ?? null,
    summary: op.summary ?? null,
    parameters,
    responses,
  };
  if (op.requestBody) out.requestBody = inlineComponent(doc, op.requestBody);
  if (isObject(op.callbacks)) {
    const callbacks: JsonObject = {};
    for (const [name, callback] of Object.entries(op.callbacks)) callbacks[name] = inlineComponent(doc, callback);
    out.callbacks = callbacks;
  }
  if (op.security) out.security = op.security;
  return strip(out) as JsonObject;
}

/** The fixture for the document `text` (the upstream file's bytes as UTF-8). */
export function extractStoreContract(text: string, source: { repository: string; commit: string; path: string }): JsonObject {
  const doc = parse(text) as JsonObject;
  if (typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.0")) throw new Error("not an OpenAPI 3.0 document");
  const info = doc.info as JsonObject;
  const components = (doc.components ?? {}) as JsonObject;
  const allSchemas = (components.schemas ?? {}) as JsonObject;

  const paths: JsonObject = {};
  for (const [method, template] of STORE_OPERATIONS) {
    const item = (paths[template] ?? {}) as JsonObject;
    item[method] = extractOperation(doc, method, template);
    paths[template] = item;
  }

  const webhookSchemas = Object.keys(allSchemas).filter((name) => /webhook/i.test(name) && /^(Payment|Refund)/.test(name));
  const wanted = new Set<string>(webhookSchemas);
  schemaRefs(paths, wanted);
  const closure = new Set<string>();
  const queue = [...wanted];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (closure.has(name)) continue;
    if (!(name in allSchemas)) throw new Error(`schema ${name} is referenced but not defined`);
    closure.add(name);
    const inner = new Set<string>();
    schemaRefs(strip(allSchemas[name]), inner);
    queue.push(...inner);
  }
  const schemas: JsonObject = {};
  for (const name of [...closure].sort()) schemas[name] = strip(allSchemas[name]);

  return {
    "x-source": {
      repository: source.repository,
      commit: source.commit,
      path: source.path,
      sha256: crypto.createHash("sha256").update(text, "utf8").digest("hex"),
      licence: (info.license as JsonObject | undefined)?.name ?? null,
      licenceUrl: (info.license as JsonObject | undefined)?.url ?? null,
      extractedBy: "scripts/cashfree-openapi-extract.ts",
      note: "Only the operations the store calls and the schemas they reference; response examples kept as x-examples, other examples and response headers dropped.",
    },
    openapi: doc.openapi,
    info: { title: info.title ?? null, version: String(info.version) },
    servers: (doc.servers ?? []) as Json,
    security: (doc.security ?? null) as Json,
    paths,
    components: {
      securitySchemes: (components.securitySchemes ?? {}) as Json,
      schemas,
    },
    "x-webhook-schemas": webhookSchemas.sort(),
  };
}

function main(argv: string[]) {
  const args = [...argv];
  const take = (flag: string) => {
    const at = args.indexOf(flag);
    if (at < 0) return undefined;
    const [, value] = args.splice(at, 2);
    return value;
  };
  const commit = take("--commit") ?? "f36817442c3ad073f518c19d6476edf3f73f13a5";
  const out = take("--out");
  const input = args[0];
  if (!input) {
    console.error("usage: node --import tsx scripts/cashfree-openapi-extract.ts <openapi.yaml> [--commit <sha>] [--out <file>]");
    process.exit(2);
  }
  // Read as bytes so the digest is of the file exactly as upstream has it.
  const bytes = fs.readFileSync(input);
  const text = bytes.toString("utf8");
  const fixture = extractStoreContract(text, { repository: "github.com/cashfree/cashfree-pg", commit, path: "api/openapi.yaml" });
  (fixture["x-source"] as JsonObject).sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const version = (fixture.info as JsonObject).version;
  const target = out ?? path.join("tests", "fixtures", "cashfree-openapi", `pg-${version}.json`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, `${JSON.stringify(fixture, null, 2)}\n`);
  const schemaCount = Object.keys((fixture.components as JsonObject).schemas as JsonObject).length;
  console.log(`${target}: ${STORE_OPERATIONS.length} operations, ${schemaCount} schemas, API version ${version}, upstream sha256 ${(fixture["x-source"] as JsonObject).sha256}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`cashfree-openapi-extract: ${(error as Error).message}`);
    process.exit(1);
  }
}
