import type { Backend } from "~/backend/types";
import type { DB } from "~/db/db.server";
import * as catalogue from "~/services/catalogue.server";

/** The local adapter: the services in this process, no HTTP hop (DESIGN.md §3). */
export function createLocalBackend(getDb: () => Promise<DB>): Backend {
  return {
    async listProducts() {
      return catalogue.listProducts(await getDb());
    },
  };
}
