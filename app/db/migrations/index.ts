import type { Kysely, Migration } from "kysely";
import { SqliteAdapter } from "kysely";

/**
 * Every migration, in order. Plain SQL types that mean the same on SQLite and PostgreSQL
 * (text, integer, bigint); booleans as 0/1 integers (DESIGN.md §6).
 */
export const migrations: Record<string, Migration> = {
  "0001_initial": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("products")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("images", "text", (c) => c.notNull())
        .addColumn("videos", "text", (c) => c.notNull())
        .addColumn("video_poster", "text")
        .addColumn("price_paise", "bigint", (c) => c.notNull())
        .addColumn("original_paise", "bigint")
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("sub_category", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("features", "text", (c) => c.notNull())
        .addColumn("movement", "text", (c) => c.notNull())
        .addColumn("strap_material", "text")
        .addColumn("colours", "text", (c) => c.notNull())
        .addColumn("bestseller", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("sold", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("users")
        .addColumn("id", sqlite ? "integer" : "serial", (c) =>
          sqlite ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("password_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("cart_lines")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("size_key", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("cart_lines_pk", ["user_id", "product_id", "size_key"])
        .execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("items", "text", (c) => c.notNull())
        .addColumn("amount_paise", "bigint", (c) => c.notNull())
        .addColumn("address", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("payment_method", "text", (c) => c.notNull())
        .addColumn("payment_status", "text", (c) => c.notNull())
        .addColumn("gateway_order_id", "text")
        .addColumn("idempotency_key", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addUniqueConstraint("orders_user_idempotency", ["user_id", "idempotency_key"])
        .execute();
      await db.schema.createIndex("orders_user_created").on("orders").columns(["user_id", "created_at"]).execute();

      await db.schema
        .createTable("payment_events")
        .addColumn("event_id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("received_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["payment_events", "orders", "cart_lines", "sessions", "users", "products"]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  /**
   * Payments fail closed (issue 8 items 1, 2; DESIGN.md §16): the gateway mode an order's
   * payment was taken in (`test` = simulator or Cashfree sandbox, `live` = Cashfree production;
   * null for cash on delivery), and a second successful payment that must be refunded
   * (`refund_due` 0/1, `refund_payments` a JSON list; `paid_by` the instrument that paid,
   * "order:{id}" or "link:{id}"; docs/decisions/0310).
   */
  "0002_payment_mode_and_refunds": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("gateway_mode", "text").execute();
      await db.schema.alterTable("orders").addColumn("refund_due", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("orders").addColumn("refund_payments", "text").execute();
      await db.schema.alterTable("orders").addColumn("paid_by", "text").execute();
      // Unpaid online orders per shopper and hour (issue 8 item 5) use orders_user_created.
    },
    async down(db: Kysely<any>) {
      for (const column of ["paid_by", "refund_payments", "refund_due", "gateway_mode"]) {
        await db.schema.alterTable("orders").dropColumn(column).execute();
      }
    },
  },
};
