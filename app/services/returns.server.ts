import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { fileTypeFromFile } from "file-type";
import type { Selectable } from "kysely";
import { reportVideoDir } from "~/config/media.server";
import { MAX_RETURN_PHOTOS, MAX_RETURN_PHOTO_BYTES, MAX_RETURN_TEXT, PHOTO_TYPES, returnPhotoPath } from "~/constants/returns";
import { isUniqueViolation, type DB, type Executor } from "~/db/db.server";
import type { ReturnLinesTable, ReturnRequestsTable } from "~/db/schema";
import { BackendError } from "~/lib/errors";
import {
  ALL_LINES_TAKEN,
  RETURN_MESSAGES,
  reasonRefusal,
  returnOffer,
  type ReturnOffer,
  type ReturnPolicy,
  type ReturnRequestView,
  type ReturnSectionView,
} from "~/lib/return-requests";
import { RETURN_ACKNOWLEDGE_MS, RETURN_RESOLVE_MS, type ReturnReason, type ReturnResolution } from "~/lib/returns";
import { ORDER_MESSAGES, orderIdSchema, type OrderItem } from "~/schemas/orders";
import { returnRequestInputSchema } from "~/lib/return-api";
import { controlCharactersMessage, hasControlCharacters } from "~/schemas/text";
import { returnPolicyOf } from "~/lib/after-sale-policy";
import { requireAccount } from "~/services/accounts.server";
import { readStoreSettings } from "~/services/invoices.server";
import { recordAudit } from "~/services/audit.server";
import { enqueueOrderEmail, nudgeOrderEmails } from "~/services/order-emails.server";
import { findUserOrderRow, rowToOrder, type OrderRow } from "~/services/orders.server";
import { deliveredAtOf, reportUploadsDir } from "~/services/problem-reports.server";
import { colourStockOf } from "~/db/products.server";
import { releaseExchangeUnits, reserveExchangeUnits } from "~/services/stock.server";

/*
 * The shopper's return and exchange request (issue 45 item 2; DESIGN.md §26;
 * docs/decisions/0982-return-requests.md) and the reads every part shares (the order page, the
 * Store API, the back office of services/returns-admin.server.ts). A request takes lines of a
 * Delivered order inside the window (lib/return-requests.ts `returnOffer`), for a refund or an
 * exchange for another colour of the same watch, whose units are reserved in the request's
 * transaction. One live request per order line: the unique index on return_lines (order_id,
 * line_index, live) decides, so two requests racing for a line get one 201 and one 409.
 */

/** One line of a request as read (money in paise). */
export type ReturnLine = {
  lineIndex: number;
  productId: string;
  /** The order line's name (its snapshot at order time). */
  name: string;
  /** The line's colour key (order item `size`; "default" for a watch without colours). */
  colour: string;
  quantity: number;
  unitPaise: number;
  exchangeColour: string | null;
  receivedGood: number | null;
  receivedDamaged: number | null;
  live: boolean;
};

/** A return request as read (times in ms, money in paise). */
export type ReturnRequest = {
  id: string;
  orderId: string;
  userId: number;
  status: string;
  resolution: ReturnResolution;
  reason: ReturnReason;
  description: string;
  /** Stored photo file names (private; served by /return-photos/:returnId/:file). */
  photos: string[];
  late: boolean;
  language: "en" | "hi";
  rejectReason: string | null;
  pickupCourier: string | null;
  pickupAwb: string | null;
  exchangeCourier: string | null;
  exchangeAwb: string | null;
  exchangeTrackingUrl: string | null;
  refundId: string | null;
  acknowledgeBy: number;
  resolveBy: number;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  createdAt: number;
  updatedAt: number;
  lines: ReturnLine[];
};

/** The private folder of return photos: `return-photos/` beside the report videos (config/media.server.ts). */
export function returnPhotoDir(): string {
  return path.join(path.dirname(reportVideoDir()), "return-photos");
}

/**
 * Where the return form's uploads are streamed before they are checked (one folder per request):
 * the problem reports' `incoming/` folder, which their sweep already empties of what a killed
 * process left (services/problem-reports.server.ts `startUploadSweep`).
 */
export function returnUploadsDir(): string {
  return reportUploadsDir();
}

/** The store's return policy: the owner's settings (lib/after-sale-policy.ts `returnPolicyOf`; docs/decisions/0980). */
export async function returnPolicy(db: Executor): Promise<ReturnPolicy> {
  return returnPolicyOf(await readStoreSettings(db));
}

function parsePhotos(value: string): string[] {
  try {
    const list = JSON.parse(value) as unknown;
    return Array.isArray(list) ? list.filter((name): name is string => typeof name === "string") : [];
  } catch {
    return [];
  }
}

function itemsOf(row: Pick<OrderRow, "items">): OrderItem[] {
  return JSON.parse(row.items) as OrderItem[];
}

function toRequest(row: Selectable<ReturnRequestsTable>, lines: Selectable<ReturnLinesTable>[], items: OrderItem[]): ReturnRequest {
  const nullableNumber = (value: number | null) => (value === null ? null : Number(value));
  return {
    id: row.id,
    orderId: row.order_id,
    userId: Number(row.user_id),
    status: row.status,
    resolution: row.resolution as ReturnResolution,
    reason: row.reason as ReturnReason,
    description: row.description,
    photos: parsePhotos(row.photos),
    late: Number(row.late) === 1,
    language: row.language === "hi" ? "hi" : "en",
    rejectReason: row.reject_reason,
    pickupCourier: row.pickup_courier,
    pickupAwb: row.pickup_awb,
    exchangeCourier: row.exchange_courier,
    exchangeAwb: row.exchange_awb,
    exchangeTrackingUrl: row.exchange_tracking_url,
    refundId: row.refund_id,
    acknowledgeBy: Number(row.acknowledge_by),
    resolveBy: Number(row.resolve_by),
    acknowledgedAt: nullableNumber(row.acknowledged_at),
    resolvedAt: nullableNumber(row.resolved_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    lines: lines
      .filter((line) => line.return_id === row.id)
      .sort((a, b) => a.line_index - b.line_index)
      .map((line) => ({
        lineIndex: Number(line.line_index),
        productId: line.product_id,
        name: items[Number(line.line_index)]?.name ?? line.product_id,
        colour: line.colour,
        quantity: Number(line.quantity),
        unitPaise: Number(line.unit_paise),
        exchangeColour: line.exchange_colour,
        receivedGood: nullableNumber(line.received_good),
        receivedDamaged: nullableNumber(line.received_damaged),
        live: line.live !== null && Number(line.live) === 1,
      })),
  };
}

/**
 * The return requests of order `orderId`, oldest first, with their lines (no shopper scope:
 * callers check the shopper or staff first). Shared by the order page, the Store API and the back
 * office (services/returns-admin.server.ts). Source: issue 45.
 */
export async function listOrderReturns(db: Executor, orderId: string): Promise<ReturnRequest[]> {
  const [rows, lines, order] = await Promise.all([
    db.selectFrom("return_requests").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("return_lines").selectAll().where("order_id", "=", orderId).execute(),
    db.selectFrom("orders").select("items").where("id", "=", orderId).executeTakeFirst(),
  ]);
  const items = order ? itemsOf(order) : [];
  return rows.map((row) => toRequest(row, lines, items));
}

/** One return request by id with its lines, or null (no shopper scope). */
export async function findReturn(db: Executor, returnId: string): Promise<ReturnRequest | null> {
  if (!/^rt_[0-9a-f]{24}$/.test(returnId)) return null;
  const row = await db.selectFrom("return_requests").selectAll().where("id", "=", returnId).executeTakeFirst();
  if (!row) return null;
  const [lines, order] = await Promise.all([
    db.selectFrom("return_lines").selectAll().where("return_id", "=", returnId).execute(),
    db.selectFrom("orders").select("items").where("id", "=", row.order_id).executeTakeFirst(),
  ]);
  return toRequest(row, lines, order ? itemsOf(order) : []);
}

/** The shopper's order (paid or cash on delivery, as the order page shows), or BackendError 404 as for an unknown id. */
async function shopperOrderRow(db: DB, userId: number, orderId: unknown): Promise<OrderRow> {
  const id = orderIdSchema.safeParse(orderId);
  if (!id.success) throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  const row = await findUserOrderRow(db, userId, id.data);
  if (row.payment_method !== "cod" && row.payment_status !== "PAID") throw new BackendError(404, ORDER_MESSAGES.orderNotFound);
  return row;
}

/** A line of the order as the return form offers it. */
export type ReturnableLine = {
  lineIndex: number;
  productId: string;
  name: string;
  image: string;
  colour: string;
  /** Units bought (the most that may be returned). */
  bought: number;
  /** Already under a live request: not offered again. */
  taken: boolean;
  /** The other colours of the watch, each with whether `bought` units can be reserved now (untracked stock: always). */
  exchangeColours: { colour: string; inStock: boolean }[];
};

/** What the order page and the return form show: the offer, the lines, the requests. */
export type ReturnSection = { offer: ReturnOffer; policy: ReturnPolicy; lines: ReturnableLine[]; requests: ReturnRequest[] };

/** The lines of `row` with their exchange colours and whether a live request holds them. */
async function returnableLines(db: Executor, row: OrderRow, requests: ReturnRequest[]): Promise<ReturnableLine[]> {
  const items = itemsOf(row);
  const productIds = [...new Set(items.map((item) => item.productId))];
  const [products, apart] = await Promise.all([
    productIds.length ? db.selectFrom("products").select(["id", "colours", "stock"]).where("id", "in", productIds).execute() : Promise.resolve([]),
    colourStockOf(db, productIds),
  ]);
  const byId = new Map(products.map((product) => [product.id, product]));
  const taken = new Set(requests.flatMap((request) => request.lines.filter((line) => line.live).map((line) => line.lineIndex)));
  return items.map((item, lineIndex) => {
    const product = byId.get(item.productId);
    const colours = product ? parsePhotos(product.colours) : [];
    const stockOf = (colour: string) => {
      const kept = apart.get(item.productId);
      if (kept) return kept[colour] ?? 0;
      return product?.stock === null || product?.stock === undefined ? Number.POSITIVE_INFINITY : Number(product.stock);
    };
    return {
      lineIndex,
      productId: item.productId,
      name: item.name,
      image: item.image,
      colour: item.size,
      bought: item.quantity,
      taken: taken.has(lineIndex),
      exchangeColours: colours.filter((colour) => colour !== item.size).map((colour) => ({ colour, inStock: stockOf(colour) >= 1 })),
    };
  });
}

/**
 * The return section of the shopper `userId`'s order `orderId` at `now` (ms): what it offers
 * (lib/return-requests `returnOffer` under the store's policy), its lines (exchange colours, lines
 * already asked for) and its requests, oldest first. Throws BackendError 404
 * (ORDER_MESSAGES.orderNotFound) for another shopper's, an unknown, a malformed id or an unpaid
 * online attempt — like the order page. Source: issue 45 item 2; DESIGN.md §26.
 */
export async function shopperReturnSection(db: DB, userId: number, orderId: unknown, now: number): Promise<ReturnSection> {
  const row = await shopperOrderRow(db, userId, orderId);
  const [deliveredAt, policy, requests] = await Promise.all([deliveredAtOf(db, row.id), returnPolicy(db), listOrderReturns(db, row.id)]);
  const offer = returnOffer({ status: row.status, deliveredAt, deliveryTo: row.delivery_to }, policy, now);
  return { offer, policy, lines: await returnableLines(db, row, requests), requests };
}

/** A file the form parser wrote (its path and size, bytes). */
export type ReturnPhotoUpload = { filepath: string; size: number };

/** A text area's value, trimmed; control characters other than line breaks and tabs: BackendError 400. */
function description(value: string): string {
  const text = value.trim();
  if (hasControlCharacters(text.replace(/[\r\n\t]/g, " "))) throw new BackendError(400, controlCharactersMessage("The description"));
  if (!text) throw new BackendError(400, RETURN_MESSAGES.description);
  if (text.length > MAX_RETURN_TEXT) throw new BackendError(400, RETURN_MESSAGES.descriptionTooLong);
  return text;
}

/** Checks each photo by its bytes (JPEG, PNG or WebP) and size; answers the extension to store it with. BackendError 400. */
async function checkPhotos(photos: readonly ReturnPhotoUpload[]): Promise<string[]> {
  if (photos.length > MAX_RETURN_PHOTOS) throw new BackendError(400, RETURN_MESSAGES.tooManyPhotos);
  const extensions: string[] = [];
  for (const photo of photos) {
    const stat = await fs.stat(photo.filepath).catch(() => null);
    if (!stat || stat.size === 0) throw new BackendError(400, RETURN_MESSAGES.photoType);
    if (stat.size > MAX_RETURN_PHOTO_BYTES) throw new BackendError(400, RETURN_MESSAGES.photoTooLarge);
    const detected = await fileTypeFromFile(photo.filepath).catch(() => undefined);
    if (!detected || !Object.hasOwn(PHOTO_TYPES, detected.mime)) throw new BackendError(400, RETURN_MESSAGES.photoType);
    extensions.push(PHOTO_TYPES[detected.mime as keyof typeof PHOTO_TYPES]);
  }
  return extensions;
}

/** Moves checked photos into `dir` under random names; answers the names. On failure removes what it moved and throws 400. */
async function storePhotos(photos: readonly ReturnPhotoUpload[], extensions: string[], dir: string): Promise<string[]> {
  const names: string[] = [];
  if (photos.length === 0) return names;
  await fs.mkdir(dir, { recursive: true });
  try {
    for (const [index, photo] of photos.entries()) {
      const name = `${crypto.randomBytes(16).toString("hex")}.${extensions[index]}`;
      const target = path.join(dir, name);
      await fs.rename(photo.filepath, target).catch(() => fs.copyFile(photo.filepath, target));
      names.push(name);
    }
  } catch {
    await removePhotos(names, dir);
    throw new BackendError(400, RETURN_MESSAGES.photoLost);
  }
  return names;
}

async function removePhotos(names: readonly string[], dir: string): Promise<void> {
  await Promise.all(names.map((name) => fs.rm(path.join(dir, name), { force: true })));
}

/** The first zod problem's sentence. */
function firstMessage(error: { issues: { message: string }[] }): string {
  return error.issues[0]?.message ?? RETURN_MESSAGES.lines;
}

/**
 * The shopper `userId` asks to return lines of their order `orderId` at `now` (ms). `input`:
 * `{reason, resolution, description, lines: [{lineIndex, quantity, exchangeColour?}]}` (lib/return-api.ts,
 * strict: any other key — a refund amount — is refused), `photos` at most 3 JPEG/PNG/
 * WebP files of ≤ 5 MB, checked by their bytes (the caller removes the uploads afterwards).
 *
 * In one transaction: the request (status `requested`, `late`, acknowledge_by = now + 48 h,
 * resolve_by = now + 30 days, lib/returns.ts), one return_lines row per line (live = 1; unit_paise
 * = what was paid for one unit, the order line's price — the delivery charge is not a line's),
 * for an exchange the other colour's units reserved (services/stock.server.ts
 * `reserveExchangeUnits`), an `order_events` row (kind `return`, details `{returnId, step:
 * "requested", resolution, reason, lines}`), an audit row (action `return.requested`) and the
 * shopper's `return_update` email (step `requested`) in the order's language. The photos are
 * stored in `photoDir` (default returnPhotoDir()) only after every check passed, and removed again
 * when the transaction fails. Answers the request.
 *
 * Throws BackendError: 404 (another shopper's, unknown or unpaid order); 400 (a field's sentence,
 * RETURN_MESSAGES: a forged line index, a quantity above what was bought, a missing or same
 * exchange colour, a photo that is not an image or too large, an unknown field); 422 (not
 * delivered, outside the window, naming it; a reason or resolution the policy does not offer);
 * 409 (RETURN_MESSAGES.lineTaken: a line already under a live request — decided by the unique
 * index; RETURN_MESSAGES.colourSoldOut: the exchange colour's last unit went to another request).
 * Nothing is written on any of them. Source: issue 45 item 2; DESIGN.md §26; CP (E-Com) Rules 2020 rule 7.
 */
export async function requestReturn(
  db: DB,
  userId: number,
  orderId: unknown,
  input: unknown,
  now: number,
  options: { photos?: readonly ReturnPhotoUpload[]; photoDir?: string } = {},
): Promise<ReturnRequest> {
  const row = await shopperOrderRow(db, userId, orderId);
  const parsed = returnRequestInputSchema.safeParse(input);
  if (!parsed.success) throw new BackendError(400, firstMessage(parsed.error));
  const { reason, resolution, lines } = parsed.data;
  const text = description(parsed.data.description);
  const items = itemsOf(row);
  const seen = new Set<number>();
  for (const line of lines) {
    if (line.lineIndex >= items.length || seen.has(line.lineIndex)) throw new BackendError(400, RETURN_MESSAGES.line);
    seen.add(line.lineIndex);
    const bought = items[line.lineIndex].quantity;
    if (line.quantity > bought) throw new BackendError(400, RETURN_MESSAGES.quantity(bought));
  }

  const [deliveredAt, policy, requests] = await Promise.all([deliveredAtOf(db, row.id), returnPolicy(db), listOrderReturns(db, row.id)]);
  const offer = returnOffer({ status: row.status, deliveredAt, deliveryTo: row.delivery_to }, policy, now);
  const refusal = reasonRefusal(offer, policy, reason, resolution);
  if (refusal) throw new BackendError(422, refusal);

  const offered = await returnableLines(db, row, requests);
  for (const line of lines) {
    if (offered[line.lineIndex].taken) throw new BackendError(409, RETURN_MESSAGES.lineTaken);
    if (resolution === "refund") {
      if (line.exchangeColour) throw new BackendError(400, RETURN_MESSAGES.exchangeNotOffered);
      continue;
    }
    const choices = offered[line.lineIndex].exchangeColours;
    if (choices.length === 0) throw new BackendError(400, RETURN_MESSAGES.exchangeOneColour);
    const wanted = line.exchangeColour?.trim() ?? "";
    if (!wanted) throw new BackendError(400, RETURN_MESSAGES.exchangeColour);
    if (wanted === items[line.lineIndex].size) throw new BackendError(400, RETURN_MESSAGES.exchangeSameColour);
    if (!choices.some((choice) => choice.colour === wanted)) throw new BackendError(400, RETURN_MESSAGES.exchangeUnknownColour);
  }

  const photos = options.photos ?? [];
  const photoDir = options.photoDir ?? returnPhotoDir();
  const extensions = await checkPhotos(photos);
  const stored = await storePhotos(photos, extensions, photoDir);

  const id = `rt_${crypto.randomBytes(12).toString("hex")}`;
  const language = row.language === "hi" ? "hi" : "en";
  const lineRows = lines.map((line) => ({
    return_id: id,
    order_id: row.id,
    line_index: line.lineIndex,
    product_id: items[line.lineIndex].productId,
    colour: items[line.lineIndex].size,
    quantity: line.quantity,
    unit_paise: items[line.lineIndex].pricePaise,
    exchange_colour: resolution === "exchange" ? (line.exchangeColour?.trim() ?? null) : null,
    received_good: null,
    received_damaged: null,
    live: 1,
  }));
  try {
    await db.transaction().execute(async (trx) => {
      const account = await trx.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
      const actor = { id: userId, email: account?.email ?? `user:${userId}` };
      await trx
        .insertInto("return_requests")
        .values({
          id,
          order_id: row.id,
          user_id: userId,
          resolution,
          reason,
          description: text,
          photos: JSON.stringify(stored),
          status: "requested",
          late: offer.late ? 1 : 0,
          language,
          reject_reason: null,
          pickup_courier: null,
          pickup_awb: null,
          exchange_courier: null,
          exchange_awb: null,
          exchange_tracking_url: null,
          refund_id: null,
          payout_json: null,
          acknowledge_by: now + RETURN_ACKNOWLEDGE_MS,
          resolve_by: now + RETURN_RESOLVE_MS,
          acknowledged_at: null,
          resolved_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // The unique index (order_id, line_index, live) refuses a second live request for a line.
      await trx.insertInto("return_lines").values(lineRows).execute();
      for (const line of lineRows) {
        if (!line.exchange_colour) continue;
        const outcome = await reserveExchangeUnits(trx, { orderId: row.id, productId: line.product_id, colour: line.exchange_colour, units: line.quantity, actor: "shopper", now });
        if (outcome === "sold_out") throw new BackendError(409, RETURN_MESSAGES.colourSoldOut);
      }
      const facts = { returnId: id, step: "requested", resolution, reason, late: offer.late, lines: lines.map((line) => ({ lineIndex: line.lineIndex, quantity: line.quantity, exchangeColour: line.exchangeColour ?? null })) };
      await trx.insertInto("order_events").values({ order_id: row.id, at: now, kind: "return", status: null, actor: actor.email, details: JSON.stringify(facts) }).execute();
      await recordAudit(trx, { actor, entity: "order", entityId: row.id, action: "return.requested", before: null, after: { ...facts, status: "requested" }, at: now });
      await enqueueOrderEmail(
        trx,
        {
          kind: "return_update",
          order: rowToOrder(row),
          ret: { id, step: "requested", resolution, lines: lineRows.map((line) => ({ name: items[line.line_index].name, colour: line.colour, quantity: line.quantity, exchangeColour: line.exchange_colour })) },
        },
        { now },
      );
    });
  } catch (error) {
    await removePhotos(stored, photoDir);
    if (error instanceof BackendError) throw error;
    if (isUniqueViolation(error)) throw new BackendError(409, RETURN_MESSAGES.lineTaken);
    throw error;
  }
  nudgeOrderEmails();
  const created = await findReturn(db, id);
  if (!created) throw new BackendError(409, RETURN_MESSAGES.lineTaken);
  return created;
}

/**
 * Frees a request's lines and gives back the exchange units it reserved — call it from the
 * back office's reject step (services/returns-admin.server.ts), inside the transaction `trx` that
 * moves request `returnId` to `rejected`, with the staff `actor` (an email, written on the stock
 * movements) and `now` (ms). It sets `return_lines.live` to null for the request's live lines by
 * one conditional UPDATE (so the shopper may ask for those lines again) and, for an exchange,
 * puts each line's reserved units of `exchange_colour` back (services/stock.server.ts
 * `releaseExchangeUnits`, reason `exchange_release`). Exactly once: a second call finds no live
 * lines and does nothing — so call it BEFORE anything else sets those lines' `live` to null (it
 * does that itself; a line already freed gives nothing back). Answers the number of lines freed.
 * Throws only what the database throws.
 * Source: issue 45 items 2 and 3.
 */
export async function releaseExchangeStock(trx: Executor, returnId: string, actor: string, now: number): Promise<number> {
  const lines = await trx.selectFrom("return_lines").selectAll().where("return_id", "=", returnId).where("live", "=", 1).orderBy("line_index").execute();
  let freed = 0;
  for (const line of lines) {
    const moved = await trx.updateTable("return_lines").set({ live: null }).where("return_id", "=", returnId).where("line_index", "=", line.line_index).where("live", "=", 1).executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) continue;
    freed += 1;
    if (line.exchange_colour) {
      await releaseExchangeUnits(trx, { orderId: line.order_id, productId: line.product_id, colour: line.exchange_colour, units: Number(line.quantity), actor, now });
    }
  }
  return freed;
}

/** A request as the order page shows it (lib/return-requests `ReturnRequestView`). */
export function returnRequestView(request: ReturnRequest): ReturnRequestView {
  return {
    id: request.id,
    status: request.status,
    resolution: request.resolution,
    reason: request.reason,
    description: request.description,
    createdAt: request.createdAt,
    late: request.late,
    rejectReason: request.rejectReason,
    pickup: request.pickupCourier && request.pickupAwb ? { courier: request.pickupCourier, awbNumber: request.pickupAwb } : null,
    exchangeShipment: request.exchangeCourier && request.exchangeAwb ? { courier: request.exchangeCourier, awbNumber: request.exchangeAwb, trackingUrl: request.exchangeTrackingUrl } : null,
    photos: request.photos.map((file) => returnPhotoPath(request.id, file)),
    lines: request.lines.map((line) => ({ lineIndex: line.lineIndex, name: line.name, colour: line.colour, quantity: line.quantity, exchangeColour: line.exchangeColour })),
  };
}

/**
 * The order page's "Returns and exchanges" section of `section` (shopperReturnSection): open while
 * a reason is open and a line is free, else the sentence why not (ALL_LINES_TAKEN when every line
 * has a live request). Pure.
 */
export function returnSectionView(section: ReturnSection): ReturnSectionView {
  const free = section.lines.some((line) => !line.taken);
  const refusal = section.offer.refusal ?? (free ? null : ALL_LINES_TAKEN);
  return {
    open: refusal === null,
    late: section.offer.late,
    lastDay: section.offer.lastDay,
    refusal,
    delivered: section.offer.deliveredAt !== null,
    reasons: section.offer.reasons,
    lines: section.lines,
    requests: section.requests.map(returnRequestView),
  };
}

/**
 * A request as the Store API answers it (lib/return-api.ts ReturnRequestJson): times in ms,
 * money in rupees (unitPrice), photos as their private addresses.
 */
export function returnRequestToJson(request: ReturnRequest) {
  const view = returnRequestView(request);
  return {
    ...view,
    orderId: request.orderId,
    acknowledgeBy: request.acknowledgeBy,
    resolveBy: request.resolveBy,
    lines: request.lines.map((line) => ({ lineIndex: line.lineIndex, productId: line.productId, name: line.name, colour: line.colour, quantity: line.quantity, unitPrice: line.unitPaise / 100, exchangeColour: line.exchangeColour })),
  };
}

/**
 * The return section of the session `token`'s shopper for order `orderId` at `now` (ms), as the
 * Store API's `POST /api/order/returns` answers it: `{returns, offer}`. BackendError 401, 404 as
 * `shopperReturnSection`. Source: issue 45 item 6.
 */
export async function apiOrderReturns(db: DB, token: string, orderId: unknown, now = Date.now()) {
  const account = await requireAccount(db, token, now);
  const section = await shopperReturnSection(db, account.id, orderId, now);
  const view = returnSectionView(section);
  return {
    returns: section.requests.map(returnRequestToJson),
    offer: { open: view.open, late: view.late, lastDay: view.lastDay, refusal: view.refusal, reasons: view.reasons },
  };
}

/**
 * `POST /api/order/return` for the session `token`'s shopper: `body` `{orderId, …input}`
 * (lib/return-api.ts `returnRequestBodySchema`, strict) → the new request as JSON. No photos (the
 * order page's form takes them). BackendError 401, and as `requestReturn`. Source: issue 45 item 6.
 */
export async function apiRequestReturn(db: DB, token: string, body: unknown, now = Date.now()) {
  const account = await requireAccount(db, token, now);
  const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const { orderId, ...input } = record;
  return returnRequestToJson(await requestReturn(db, account.id, orderId, input, now));
}

/**
 * The return form's facts for the shopper `userId`'s order `orderId` at `now` (ms):
 * `returnSectionView` of `shopperReturnSection`, with the order's id. BackendError 404 as there.
 */
export async function shopperReturnView(db: DB, userId: number, orderId: unknown, now: number): Promise<ReturnSectionView & { orderId: string }> {
  const section = await shopperReturnSection(db, userId, orderId, now);
  return { ...returnSectionView(section), orderId: String(orderId) };
}
