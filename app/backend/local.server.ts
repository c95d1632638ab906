import type { Backend } from "~/backend/types";
import type { DB } from "~/db/db.server";
import * as accounts from "~/services/accounts.server";
import * as carts from "~/services/carts.server";
import * as catalogue from "~/services/catalogue.server";

/** The local adapter: the services in this process, no HTTP hop (DESIGN.md §3). */
export function createLocalBackend(getDb: () => Promise<DB>): Backend {
  return {
    async listProducts() {
      return catalogue.listProducts(await getDb());
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
  };
}
