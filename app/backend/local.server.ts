import { createOwnStore } from "~/backend/own/index.server";
import { capabilitiesAll, type Backend } from "~/backend/types";
import type { DB } from "~/db/db.server";
import { catalogueTagOf } from "~/db/products.server";
import * as accounts from "~/services/accounts.server";
import * as carts from "~/services/carts.server";
import * as catalogue from "~/services/catalogue.server";
import { BackendError } from "~/lib/errors";
import * as orderPage from "~/services/order-page.server";
import * as orders from "~/services/orders.server";
import * as payments from "~/services/payments.server";
import { getPaymentGateway, type PaymentGateway } from "~/payments/gateway.server";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { getEnv } from "~/config/env.server";
import { log } from "~/observability/log.server";

/** What the local adapter's order calls need besides the database; tests may inject their own. */
export type LocalBackendOptions = {
  /** The payment gateway (default: this process's, from the environment). */
  paymentGateway?: () => PaymentGateway;
  /** Whether cash on delivery is on (default: ENABLE_COD). */
  codEnabled?: () => boolean;
};

/** The local adapter: the services in this process, no HTTP hop (DESIGN.md §3). */
export function createLocalBackend(getDb: () => Promise<DB>, options: LocalBackendOptions = {}): Backend {
  const gateway = options.paymentGateway ?? getPaymentGateway;
  const codEnabled = options.codEnabled ?? (() => getEnv().ENABLE_COD);
  const own = createOwnStore(getDb);
  return {
    capabilities: capabilitiesAll(true),
    own,

    async orderPage(token, orderId) {
      return own.orderPages.shopperOrderPage(token, orderId);
    },

    async checkDelivery(pin, options) {
      return own.delivery.checkDelivery(pin, { ...options, codEnabled: codEnabled() });
    },

    async checkOrderDelivery(address, options) {
      return own.delivery.checkOrderDelivery(address, { ...options, codEnabled: codEnabled() });
    },

    async listProducts() {
      return catalogue.listProducts(await getDb());
    },

    async catalogueTag() {
      return catalogueTagOf(await catalogue.catalogueVersion(await getDb()));
    },

    async *productBatches() {
      yield* catalogue.productBatches(await getDb());
    },

    async catalogueInfo() {
      return catalogue.catalogueInfo(await getDb());
    },

    async productIds(offset, limit) {
      return catalogue.productIds(await getDb(), offset, limit);
    },

    async queryCatalogue(params) {
      return catalogue.queryCatalogue(await getDb(), params);
    },

    async getProduct(id) {
      return catalogue.getProduct(await getDb(), id);
    },

    async getProducts(ids) {
      return catalogue.getProducts(await getDb(), ids);
    },

    async relatedProducts(product, count) {
      return catalogue.relatedProducts(await getDb(), product, count);
    },

    async homeSections() {
      return catalogue.homeSections(await getDb());
    },

    async register(input) {
      const { token } = await accounts.registerAccount(await getDb(), input);
      return { token };
    },

    async login(input) {
      const { token } = await accounts.loginAccount(await getDb(), input);
      return { token };
    },

    async logout(token) {
      await accounts.revokeToken(await getDb(), token);
    },

    async getCart(token) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      return carts.getCartData(db, account.id);
    },

    async addToCart(token, itemId, size) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      await carts.addCartItem(db, account.id, { itemId, size });
    },

    async updateCart(token, itemId, size, quantity) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      await carts.updateCartItem(db, account.id, { itemId, size, quantity });
    },

    async placeOrder(token, body, callOptions = {}) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      const { order } = await orders.placeCodOrder(db, account.id, body, {
        codEnabled: codEnabled(),
        idempotencyKey: callOptions.idempotencyKey,
      });
      return { orderId: order.id, message: ORDER_MESSAGES.orderPlaced };
    },

    async checkoutMode() {
      try {
        return payments.checkoutMode(gateway());
      } catch (error) {
        log.error({ reason: (error as Error).message }, `No payment gateway: ${(error as Error).message}`);
        throw new BackendError(503, ORDER_MESSAGES.gatewayUnavailable);
      }
    },

    async createCashfreeOrder(token, body, callOptions) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      const started = await payments.startCashfreePayment(db, gateway(), account, body, { ...callOptions, mode: "checkout" });
      return { orderId: started.order.id, paymentSessionId: started.paymentSessionId! };
    },

    async createCashfreePaymentLink(token, body, callOptions) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      const started = await payments.startCashfreePayment(db, gateway(), account, body, { ...callOptions, mode: "link" });
      return { orderId: started.order.id, linkUrl: started.linkUrl! };
    },

    async verifyCashfree(token, orderId) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      await payments.verifyCashfreePayment(db, gateway(), account.id, { orderId });
    },

    async verifyStripe(token, input) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      await payments.verifyStripePayment(db, account.id, input);
    },

    async userOrders(token) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      return orders.listUserOrders(db, account.id);
    },

    async userOrder(token, orderId) {
      const db = await getDb();
      const account = await accounts.requireAccount(db, token);
      return orderPage.userOrderDetail(db, account.id, orderId);
    },
  };
}
