import { Readable } from "node:stream";
import chain from "stream-chain";
import { parser } from "stream-json";
import pick from "stream-json/filters/pick.js";
import streamArray from "stream-json/streamers/stream-array.js";
import type { z } from "zod";
import { BackendError, capabilitiesAll, type Backend } from "~/backend/types";
import { getEnv } from "~/config/env.server";
import { DEFAULT_DELIVERY_RULES } from "~/schemas/delivery";
import * as delivery from "~/services/delivery.server";
import { cartAnswerSchema, messageAnswerSchema, tokenAnswerSchema } from "~/schemas/api";
import { orderDetailAnswerSchema, orderDetailFromJson } from "~/schemas/order-detail";
import {
  cashfreeLinkAnswerSchema,
  checkoutModeAnswerSchema,
  cashfreeOrderAnswerSchema,
  orderFromJson,
  placeOrderAnswerSchema,
  userOrdersAnswerSchema,
  verifyAnswerSchema,
} from "~/schemas/orders";
import { createMemoryCatalogue, type CatalogueFetch } from "~/backend/memory-catalogue.server";
import { homeSections, queryCatalogue, relatedProducts } from "~/lib/catalogue";
import { listProductsResponseSchema, productFromJson, productJsonSchema, type Product } from "~/schemas/product";

const TIMEOUT_MS = 10_000;
/** A whole catalogue (100,000 products ≈ 50 MB) may take longer than one call. */
const CATALOGUE_TIMEOUT_MS = 120_000;

/**
 * The http adapter: calls the Store API of `baseUrl` (DESIGN.md §3, §4), validates every answer
 * with the contract's zod schemas and maps failures to BackendError. Reads the body whatever the
 * status, so servers that answer failures with 200 and `success:false` work too.
 * A server that speaks only SPEC.md §7 can answer the catalogue only with `listproduct`: the
 * adapter keeps that list in memory (refreshed in the background, `If-None-Match`) and answers
 * the catalogue calls with lib/catalogue's pure functions, the same answers the local adapter's SQL
 * gives.
 */
export function createHttpBackend(
  baseUrl: string,
  fetchImpl: typeof fetch = fetch,
  { catalogueRefreshMs = 2000 }: { catalogueRefreshMs?: number } = {},
): Backend {
  async function call<S extends z.ZodTypeAny>(
    method: "GET" | "POST",
    path: string,
    schema: S,
    options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
  ): Promise<z.output<S>> {
    let response: Response;
    try {
      response = await fetchImpl(new URL(path, baseUrl), {
        method,
        headers: {
          accept: "application/json",
          ...(method === "POST" ? { "content-type": "application/json" } : {}),
          ...(options.token ? { token: options.token } : {}),
          ...options.headers,
        },
        body: method === "POST" ? JSON.stringify(options.body ?? {}) : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new BackendError(503, `The store is unreachable right now (${(error as Error).message}).`);
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new BackendError(502, `The store answered ${response.status} without JSON.`);
    }
    const failure = json as { success?: unknown; message?: unknown };
    if (!response.ok || failure?.success === false) {
      const message = typeof failure?.message === "string" ? failure.message : `Request failed (${response.status}).`;
      throw new BackendError(response.ok ? 400 : response.status, message);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new BackendError(502, `The store answered ${path} in an unexpected shape.`);
    return parsed.data;
  }

  const fetchCatalogue: CatalogueFetch = async (etag) => {
    let response: Response;
    try {
      response = await fetchImpl(new URL("/api/product/listproduct", baseUrl), {
        headers: { accept: "application/json", ...(etag ? { "if-none-match": etag } : {}) },
        signal: AbortSignal.timeout(CATALOGUE_TIMEOUT_MS),
      });
    } catch (error) {
      throw new BackendError(503, `The store is unreachable right now (${(error as Error).message}).`);
    }
    if (response.status === 304) return { notModified: true };
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      throw new BackendError(response.status >= 400 ? response.status : 502, `The store answered /api/product/listproduct with ${response.status}.`);
    }
    return { notModified: false, products: await readProductStream(response.body), etag: response.headers.get("etag") };
  };
  const catalogue = createMemoryCatalogue(fetchCatalogue, { refreshMs: catalogueRefreshMs });

  return {
    // A remote Store API server offers SPEC.md §7's calls only (docs/decisions/0680).
    capabilities: capabilitiesAll(false),
    own: null,

    async orderPage(token, orderId) {
      // The remote Store API has no invoices or reports: the order alone, in one call.
      return { detail: await this.userOrder(token, orderId), invoiceNumber: null, report: null };
    },

    // No delivery rules of its own here: previews use the default rules (docs/decisions/0680); the
    // remote server checks its own again when the order is placed.
    async checkDelivery(pin, options) {
      return delivery.checkDeliveryWith(DEFAULT_DELIVERY_RULES, pin, { ...options, codEnabled: getEnv().ENABLE_COD });
    },

    async checkOrderDelivery(address, options) {
      return delivery.checkOrderDeliveryWith(DEFAULT_DELIVERY_RULES, address, { ...options, codEnabled: getEnv().ENABLE_COD });
    },

    async listProducts() {
      const answer = await call("GET", "/api/product/listproduct", listProductsResponseSchema);
      return (answer.products ?? []).map(productFromJson);
    },

    async catalogueTag() {
      return (await catalogue.get()).tag;
    },

    async *productBatches() {
      const { products } = await catalogue.get();
      for (let i = 0; i < products.length; i += 1000) yield products.slice(i, i + 1000);
    },

    async catalogueInfo() {
      const { products, loadedAt } = await catalogue.get();
      return { count: products.length, changedAt: loadedAt };
    },

    async productIds(offset, limit) {
      return (await catalogue.get()).products.slice(offset, offset + limit).map((p) => p.id);
    },

    async queryCatalogue(params) {
      return queryCatalogue((await catalogue.get()).products, params);
    },

    async getProduct(id) {
      return (await catalogue.get()).byId.get(id) ?? null;
    },

    async getProducts(ids) {
      const { byId, positionById } = await catalogue.get();
      const found = [...new Set(ids)].filter((id) => byId.has(id));
      found.sort((a, b) => positionById.get(a)! - positionById.get(b)!);
      return new Map(found.map((id) => [id, byId.get(id)!]));
    },

    async relatedProducts(product, count) {
      return relatedProducts((await catalogue.get()).products, product, count);
    },

    async homeSections() {
      return homeSections((await catalogue.get()).products);
    },

    async register(input) {
      const answer = await call("POST", "/api/user/register", tokenAnswerSchema, { body: input });
      return { token: answer.token };
    },

    async login(input) {
      const answer = await call("POST", "/api/user/login", tokenAnswerSchema, { body: input });
      return { token: answer.token };
    },

    async logout(token) {
      await call("POST", "/api/user/logout", messageAnswerSchema, { body: {}, token });
    },

    async getCart(token) {
      const answer = await call("POST", "/api/cart/get", cartAnswerSchema, { body: {}, token });
      return answer.cartData;
    },

    async addToCart(token, itemId, size) {
      await call("POST", "/api/cart/add", messageAnswerSchema, { body: { itemId, size }, token });
    },

    async updateCart(token, itemId, size, quantity) {
      await call("POST", "/api/cart/update", messageAnswerSchema, { body: { itemId, size, quantity }, token });
    },

    async placeOrder(token, body, options = {}) {
      const answer = await call("POST", "/api/order/place", placeOrderAnswerSchema, {
        body,
        token,
        headers: idempotencyHeader(options.idempotencyKey),
      });
      return { orderId: answer.orderId, message: answer.message ?? "" };
    },

    async checkoutMode() {
      const answer = await call("GET", "/api/order/checkoutMode", checkoutModeAnswerSchema);
      return answer.checkoutMode;
    },

    async createCashfreeOrder(token, body, options) {
      const answer = await call("POST", "/api/order/cashfree", cashfreeOrderAnswerSchema, {
        // Only an explicit returnUrl is sent: the backend builds the default from its own PUBLIC_URL,
        // the public origin it shares with this storefront (issue 8 item 3; docs/decisions/0310).
        body: options.returnUrl ? { ...body, returnUrl: options.returnUrl } : body,
        token,
        headers: idempotencyHeader(options.idempotencyKey),
      });
      return { orderId: answer.order.order_id, paymentSessionId: answer.order.payment_session_id };
    },

    async createCashfreePaymentLink(token, body, options) {
      const answer = await call("POST", "/api/order/cashfreeLink", cashfreeLinkAnswerSchema, {
        // Only an explicit returnUrl is sent: the backend builds the default from its own PUBLIC_URL,
        // the public origin it shares with this storefront (issue 8 item 3; docs/decisions/0310).
        body: options.returnUrl ? { ...body, returnUrl: options.returnUrl } : body,
        token,
        headers: idempotencyHeader(options.idempotencyKey),
      });
      return { orderId: answer.link.order_id, linkUrl: answer.link.link_url };
    },

    async verifyCashfree(token, orderId) {
      await call("POST", "/api/order/verifyCashfree", verifyAnswerSchema, { body: { orderId }, token });
    },

    async verifyStripe(token, input) {
      await call("POST", "/api/order/verifyStripe", verifyAnswerSchema, {
        body: { orderId: input.orderId, ...(input.success != null ? { success: input.success } : {}) },
        token,
      });
    },

    async userOrders(token) {
      const answer = await call("POST", "/api/order/userorders", userOrdersAnswerSchema, { body: {}, token });
      return answer.orders.map(orderFromJson);
    },

    async userOrder(token, orderId) {
      const answer = await call("POST", "/api/order/detail", orderDetailAnswerSchema, { body: { orderId }, token });
      return orderDetailFromJson(answer.order);
    },
  };
}

/**
 * The products of a listproduct answer, parsed as the bytes arrive (stream-json: `products` picked,
 * one element at a time) and each checked with the contract's schema, so a 50 MB catalogue is never
 * one `JSON.parse` that holds the event loop for a second (issue 10 item 3). Throws BackendError 502
 * on malformed JSON or a product that does not match SPEC.md §3.
 */
async function readProductStream(body: ReadableStream<Uint8Array>): Promise<Product[]> {
  const pipeline = chain([
    // Readable.from over the reader, not Readable.fromWeb: under remix-serve, fetch's body may be
    // another implementation's ReadableStream, which fromWeb refuses.
    Readable.from(chunksOf(body)),
    parser(),
    pick({ filter: "products" }),
    streamArray(),
  ]);
  const products: Product[] = [];
  try {
    for await (const item of pipeline as unknown as AsyncIterable<{ key: number; value: unknown }>) {
      const parsed = productJsonSchema.safeParse(item.value);
      if (!parsed.success) throw new BackendError(502, `The store answered product ${item.key} of /api/product/listproduct in an unexpected shape.`);
      products.push(productFromJson(parsed.data));
    }
  } catch (error) {
    pipeline.destroy();
    if (error instanceof BackendError) throw error;
    throw new BackendError(502, `The store answered /api/product/listproduct with broken JSON (${(error as Error).message}).`);
  }
  return products;
}

/** The chunks of a web ReadableStream, whichever implementation made it, as Buffers. */
async function* chunksOf(body: ReadableStream<Uint8Array>): AsyncGenerator<Buffer> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    }
  } finally {
    reader.releaseLock();
  }
}

/** The `Idempotency-Key` header of an order call, when the caller has a key. */
function idempotencyHeader(key: string | undefined): Record<string, string> {
  return key ? { "idempotency-key": key } : {};
}
