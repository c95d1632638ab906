import crypto from "node:crypto";
import { istDate } from "~/lib/admin-format";
import { placeCodOrder, setOrderStatus } from "~/services/orders.server";
import { runOwnerCommand } from "../../scripts/owner-command";
import { ADDRESS } from "../fixtures/address";

/**
 * Test set-up for the return request specs (issue 45 item 2), run like an owner's command on the
 * e2e server's database (`ownerCommand("../tests/e2e/delivered-order", [email, days, "late"?])`):
 * the account EMAIL places a cash-on-delivery order of two lines — one watch in one of its two or
 * more colours, one watch without colours — which was shipped and then delivered DAYS IST days ago
 * (the cheapest such watches with 40 units or more: cash on delivery takes orders up to ₹25,000; its Delivered event dated then, as the back office's move would have made it), promised by the
 * day after delivery, or ("late") by two days before it. Prints `{"orderId":…,"coloured":…,"plain":…}`.
 */
const USAGE = "Usage: node --import tsx tests/e2e/delivered-order.ts EMAIL DAYS [late]";
const DAY = 24 * 60 * 60_000;
/** Units a watch these orders take from must have (see below). */
const ROOMY_UNITS = 40;
const STAFF = { id: null, email: "e2e:delivered-order" };

runOwnerCommand(USAGE, async (db) => {
  const [email, daysText, late] = process.argv.slice(2);
  const days = Number(daysText);
  if (!email || !Number.isInteger(days)) {
    console.error(USAGE);
    return 1;
  }
  const user = await db.selectFrom("users").select("id").where("email", "=", email.toLowerCase()).executeTakeFirstOrThrow();
  const userId = Number(user.id);
  const products = await db.selectFrom("products").select(["id", "name", "colours", "price_paise", "stock"]).where("hidden", "=", 0).where("price_paise", "<=", 1_200_000).orderBy("price_paise").orderBy("id").execute();
  // Roomy watches (40 units or more, or not counted): every run places many of these orders, and a
  // watch they took down to 5 would change the dashboard's low-stock list stock.spec.ts checks.
  const roomy = (p: { stock: number | null }) => p.stock === null || Number(p.stock) >= ROOMY_UNITS;
  const coloured = products.find((p) => (JSON.parse(p.colours) as string[]).length >= 2 && roomy(p))!;
  const plain = products.find((p) => (JSON.parse(p.colours) as string[]).length === 0 && roomy(p))!;
  const colour = (JSON.parse(coloured.colours) as string[])[0];
  await db.deleteFrom("cart_lines").where("user_id", "=", userId).execute();
  await db.insertInto("cart_lines").values([
    { user_id: userId, product_id: coloured.id, size_key: colour, quantity: 1 },
    { user_id: userId, product_id: plain.id, size_key: "default", quantity: 1 },
  ]).execute();
  // Delivered DAYS IST days ago, at noon IST.
  const deliveredAt = Date.parse(`${istDate(Date.now() - days * DAY)}T12:00:00+05:30`);
  const body = {
    address: ADDRESS,
    items: [
      { _id: coloured.id, name: coloured.name, size: colour, quantity: 1 },
      { _id: plain.id, name: plain.name, size: "default", quantity: 1 },
    ],
    amount: (Number(coloured.price_paise) + Number(plain.price_paise)) / 100,
  };
  const { order } = await placeCodOrder(db, userId, body, { codEnabled: true, idempotencyKey: `e2e-returns-${crypto.randomUUID()}`, now: deliveredAt - 3 * DAY });
  const promised = istDate(late === "late" ? deliveredAt - 2 * DAY : deliveredAt + DAY);
  await db.updateTable("orders").set({ delivery_from: istDate(deliveredAt - 4 * DAY), delivery_to: promised }).where("id", "=", order.id).execute();
  await setOrderStatus(db, order.id, "Shipped", { liveCredentials: false, now: deliveredAt - DAY, actor: STAFF, shipment: { courier: "Blue Dart", awbNumber: "BD20261124RT" } });
  await setOrderStatus(db, order.id, "Delivered", { liveCredentials: false, now: deliveredAt, actor: STAFF });
  const lines = order.items.map((item) => ({ productId: item.productId, name: item.name, colour: item.size }));
  console.log(JSON.stringify({ orderId: order.id, lines, coloured: { id: coloured.id, name: coloured.name, colour, colours: JSON.parse(coloured.colours) }, plain: { id: plain.id, name: plain.name } }));
  return 0;
});
