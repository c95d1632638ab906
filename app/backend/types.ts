import type { CartData } from "~/schemas/api";
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

  /**
   * `POST /api/user/register` `{name, email, password}` → a fresh session token.
   * BackendError 400 (missing/bad field), 409 (email already registered), 429 (rate limited).
   */
  register(input: { name: string; email: string; password: string }): Promise<{ token: string }>;

  /**
   * `POST /api/user/login` `{email, password}` → a fresh session token.
   * BackendError 400 (missing/bad field), 401 (unknown email or wrong password, one message), 429.
   */
  login(input: { email: string; password: string }): Promise<{ token: string }>;

  /**
   * Revokes the token on the server (DESIGN.md §7). Not a SPEC.md §7 call: the http adapter uses
   * the added `POST /api/user/logout`. Unknown or revoked tokens are a no-op.
   */
  logout(token: string): Promise<void>;

  /**
   * `POST /api/cart/get` → the token's shopper's cart, product id → size key → quantity.
   * BackendError 401 when the token is missing, unknown, revoked or expired.
   */
  getCart(token: string): Promise<CartData>;

  /**
   * `POST /api/cart/add` `{itemId, size}`: one more of that line. BackendError 400 ('Please select
   * a size', 'Please select a colour.'), 401, 404 (unknown product), 409 (line at its cap).
   */
  addToCart(token: string, itemId: string, size: string): Promise<void>;

  /**
   * `POST /api/cart/update` `{itemId, size, quantity}`: sets the line; quantity 0 removes it.
   * BackendError 400 (quantity not a whole number 0..99, bad key), 401, 404 (unknown product).
   */
  updateCart(token: string, itemId: string, size: string, quantity: number): Promise<void>;
}
