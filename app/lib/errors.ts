/**
 * A failure the backend reports to the storefront: `status` is the HTTP status of the Store API
 * (DESIGN.md §4: 400 bad input, 401 no/invalid token, 404 unknown id, 409 conflict, 429 rate
 * limited, …) and `message` a sentence a shopper can read.
 *
 * It lives here, below the services and `db/`, so that nothing under `services/`, `db/` or
 * `payments/` imports from `backend/` (issue 8 item 4); `~/backend/types` re-exports it.
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
