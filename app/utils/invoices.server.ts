import { getStoreDb } from "~/backend/index.server";
import { getEnv } from "~/config/env.server";
import type { DB } from "~/db/db.server";
import { BackendError } from "~/lib/errors";
import { ORDER_MESSAGES } from "~/schemas/orders";
import { requireAccount } from "~/services/accounts.server";
import { renderInvoicePdf } from "~/services/invoice-pdf.server";
import { findInvoice, invoicePdfFilename, type Invoice } from "~/services/invoices.server";
import { userOrderDetail } from "~/services/order-page.server";

/**
 * The shopper's GST tax invoice (issue 14 item 2; DESIGN.md §20). Invoices live in this store's own
 * database: with BACKEND_URL set (another server owns the orders) there are none here.
 */

/** The invoice number of an order the page already showed to its shopper, or null (none issued, or a remote backend). */
export async function invoiceNumberOf(orderId: string): Promise<string | null> {
  if (getEnv().BACKEND_URL) return null;
  return (await findInvoice(await getStoreDb(), orderId))?.number ?? null;
}

/**
 * The invoice of the shopper `userId`'s order `orderId` on `db`. Throws BackendError 404 — for
 * anything the order page answers 404 to (another shopper's order, an unknown or malformed id, an
 * unpaid online attempt; services/order-page.server.ts) and for an order without an invoice yet.
 */
export async function shopperInvoice(db: DB, userId: number, orderId: string): Promise<Invoice> {
  const detail = await userOrderDetail(db, userId, orderId);
  const invoice = await findInvoice(db, detail.order.id);
  if (!invoice) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return invoice;
}

/**
 * The shopper's invoice as a PDF file, `{filename, body}`, for the owner of the session `token`.
 * Throws BackendError 401 (session gone) and 404 (as `shopperInvoice`; always with a remote
 * backend). Source: issue 14 item 2; DESIGN.md §20.
 */
export async function shopperInvoicePdf(token: string, orderId: string): Promise<{ filename: string; body: Buffer }> {
  if (getEnv().BACKEND_URL) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const db = await getStoreDb();
  const account = await requireAccount(db, token);
  const invoice = await shopperInvoice(db, account.id, orderId);
  return { filename: invoicePdfFilename(invoice.number), body: await renderInvoicePdf(invoice) };
}
