import type { Product } from "~/schemas/product";

/**
 * A failure the backend reports to the storefront: `status` is the HTTP status of the Store API
 * (DESIGN.md §4: 400 bad input, 401 no/invalid token, 404 unknown id, 409 conflict, 429 rate
 * limited, …) and `message` a sentence a shopper can read.
 */
export class BackendError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "BackendError";
  }
}

/**
 * The storefront's only way to its backend: the calls of SPEC.md §7 (DESIGN.md §3).
 * Money in paise, times in ms since epoch. Methods throw BackendError for failures the
 * shopper should hear about; anything else is a bug.
 */
export interface Backend {
  /** `GET /api/product/listproduct`: every product in catalogue order. */
  listProducts(): Promise<Product[]>;
}
