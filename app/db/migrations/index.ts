import type { Kysely, Migration } from "kysely";
import { SqliteAdapter, sql } from "kysely";
import { modelKey, searchName } from "~/lib/catalogue";

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
  /**
   * The catalogue answers from the database (issue 10; DESIGN.md §15;
   * docs/decisions/0500-catalogue-in-the-database.md):
   * - `search_name` (the name as JavaScript lower-cases it) and `model_key` (lib/catalogue
   *   `modelKey`), filled for the rows already there;
   * - indexes for every filter, sort and facet count; `position` unique (catalogue order);
   * - name search: SQLite FTS5 `trigram` over `search_name` (rowid = position, kept by triggers),
   *   PostgreSQL `pg_trgm` GIN over `search_name`;
   * - `catalogue_state`: one row whose `version` every catalogue change bumps (ETag of
   *   listproduct, notices to other processes).
   */
  "0003_catalogue_queries": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema.alterTable("products").addColumn("search_name", "text", (c) => c.notNull().defaultTo("")).execute();
      await db.schema.alterTable("products").addColumn("model_key", "text", (c) => c.notNull().defaultTo("")).execute();
      await db.schema.alterTable("products").addColumn("model_first", "integer", (c) => c.notNull().defaultTo(0)).execute();
      const rows: { id: string; name: string; sub_category: string; category: string }[] = await db
        .selectFrom("products")
        .select(["id", "name", "sub_category", "category"])
        .orderBy("position")
        .execute();
      const firsts = new Set<string>();
      for (const row of rows) {
        const key = modelKey({ name: row.name, subCategory: row.sub_category });
        const group = JSON.stringify([key, row.sub_category, row.category]);
        await db
          .updateTable("products")
          .set({ search_name: searchName(row.name), model_key: key, model_first: firsts.has(group) ? 0 : 1 })
          .where("id", "=", row.id)
          .execute();
        firsts.add(group);
      }

      const indexes: [string, string[]][] = [
        ["products_category_facets", ["category", "sub_category", "price_paise", "position"]],
        ["products_brand_facets", ["sub_category", "price_paise", "category"]],
        ["products_price", ["price_paise", "position"]],
        ["products_newest", ["created_at", "position"]],
        ["products_bestselling", ["sold", "position"]],
        ["products_bestsellers", ["bestseller", "position"]],
        ["products_brand_position", ["sub_category", "position"]],
        ["products_category_position", ["category", "position"]],
        // Related products (model_first = 1 rows only): by brand and category, by category, all.
        ["products_related_brand", ["model_first", "sub_category", "category", "position"]],
        ["products_related_category", ["model_first", "category", "position"]],
        ["products_related", ["model_first", "position"]],
      ];
      await db.schema.createIndex("products_position").on("products").column("position").unique().execute();
      for (const [name, columns] of indexes) await db.schema.createIndex(name).on("products").columns(columns).execute();

      if (sqlite) {
        await sql`create virtual table products_search using fts5(search_name, tokenize = 'trigram case_sensitive 1')`.execute(db);
        await sql`create trigger products_search_insert after insert on products begin
          insert into products_search(rowid, search_name) values (new.position, new.search_name); end`.execute(db);
        await sql`create trigger products_search_delete after delete on products begin
          delete from products_search where rowid = old.position; end`.execute(db);
        await sql`create trigger products_search_update after update of position, search_name on products begin
          delete from products_search where rowid = old.position;
          insert into products_search(rowid, search_name) values (new.position, new.search_name); end`.execute(db);
        await sql`insert into products_search(rowid, search_name) select position, search_name from products`.execute(db);
      } else {
        const trgm = await ensurePgTrgm(db);
        await sql`create index products_search_trgm on products using gin (search_name ${sql.raw(`${trgm}.gin_trgm_ops`)})`.execute(db);
      }

      await db.schema
        .createTable("catalogue_state")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "bigint", (c) => c.notNull())
        .addColumn("changed_at", "bigint", (c) => c.notNull())
        .execute();
      await db.insertInto("catalogue_state").values({ id: 1, version: 1, changed_at: Date.now() }).execute();
      await sql`analyze products`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("catalogue_state").ifExists().execute();
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      if (sqlite) {
        for (const trigger of ["products_search_insert", "products_search_delete", "products_search_update"]) {
          await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
        }
        await sql`drop table if exists products_search`.execute(db);
      } else {
        await db.schema.dropIndex("products_search_trgm").ifExists().execute();
      }
      for (const name of [
        "products_position",
        "products_category_facets",
        "products_brand_facets",
        "products_price",
        "products_newest",
        "products_bestselling",
        "products_bestsellers",
        "products_brand_position",
        "products_category_position",
        "products_related_brand",
        "products_related_category",
        "products_related",
      ]) {
        await db.schema.dropIndex(name).ifExists().execute();
      }
      await db.schema.alterTable("products").dropColumn("model_first").execute();
      await db.schema.alterTable("products").dropColumn("model_key").execute();
      await db.schema.alterTable("products").dropColumn("search_name").execute();
    },
  },
  /**
   * The back office (issue 12; DESIGN.md §18; docs/plans/issue-12-back-office.md):
   * - `users.role`: null for a shopper, `owner` or `staff`; `sessions.last_seen_at` (ms) for the
   *   staff sessions' 12-hour idle expiry;
   * - `audit_log`: who changed what in the back office, before and after (JSON);
   * - `order_events`: an order's timeline (status changes, shipping, COD paid, refunds), with the
   *   actor; `orders` gains the shipment (`courier`, `awb_number`, `tracking_url`);
   * - `refunds`: refunds recorded or issued through Cashfree (`POST /orders/{id}/refunds`), one row
   *   per refund id (the idempotency key);
   * - `products.hidden`: 1 keeps a product off the storefront (orders keep their snapshots).
   */
  "0004_back_office": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      const serial = (t: any) =>
        t.addColumn("id", sqlite ? "integer" : "serial", (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()));
      await db.schema.alterTable("users").addColumn("role", "text").execute();
      await db.schema.alterTable("sessions").addColumn("last_seen_at", "bigint").execute();
      await db.schema.alterTable("products").addColumn("hidden", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("orders").addColumn("courier", "text").execute();
      await db.schema.alterTable("orders").addColumn("awb_number", "text").execute();
      await db.schema.alterTable("orders").addColumn("tracking_url", "text").execute();
      await db.schema.createIndex("orders_created").on("orders").columns(["created_at", "id"]).execute();
      await db.schema.createIndex("orders_status_created").on("orders").columns(["status", "created_at"]).execute();

      await serial(db.schema.createTable("audit_log"))
        .addColumn("at", "bigint", (c: any) => c.notNull())
        .addColumn("actor_user_id", "integer")
        .addColumn("actor_email", "text", (c: any) => c.notNull())
        .addColumn("entity", "text", (c: any) => c.notNull())
        .addColumn("entity_id", "text", (c: any) => c.notNull())
        .addColumn("action", "text", (c: any) => c.notNull())
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .execute();
      await db.schema.createIndex("audit_log_entity").on("audit_log").columns(["entity", "entity_id", "at"]).execute();

      await serial(db.schema.createTable("order_events"))
        .addColumn("order_id", "text", (c: any) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("at", "bigint", (c: any) => c.notNull())
        .addColumn("kind", "text", (c: any) => c.notNull())
        .addColumn("status", "text")
        .addColumn("actor", "text", (c: any) => c.notNull())
        .addColumn("details", "text")
        .execute();
      await db.schema.createIndex("order_events_order").on("order_events").columns(["order_id", "at"]).execute();

      await db.schema
        .createTable("refunds")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id").onDelete("cascade"))
        .addColumn("amount_paise", "bigint", (c) => c.notNull())
        .addColumn("reference", "text")
        .addColumn("note", "text")
        .addColumn("via", "text", (c) => c.notNull())
        .addColumn("gateway_refund_id", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("actor_user_id", "integer")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("refunds_order").on("refunds").columns(["order_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ["refunds", "order_events", "audit_log"]) await db.schema.dropTable(table).ifExists().execute();
      await db.schema.dropIndex("orders_status_created").ifExists().execute();
      await db.schema.dropIndex("orders_created").ifExists().execute();
      for (const column of ["tracking_url", "awb_number", "courier"]) await db.schema.alterTable("orders").dropColumn(column).execute();
      await db.schema.alterTable("products").dropColumn("hidden").execute();
      await db.schema.alterTable("sessions").dropColumn("last_seen_at").execute();
      await db.schema.alterTable("users").dropColumn("role").execute();
    },
  },
  /**
   * The back office's products (issue 12 item 2; docs/decisions/0610): the storefront reads only
   * shown products (`hidden = 0`), so the two facet indexes become partial indexes over shown
   * rows (PostgreSQL keeps its index-only facet counts, SQLite its covering ones); and the rows of
   * one model group, whose `model_first` an edit recomputes, are found through an index.
   */
  "0006_products_admin": {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex("products_category_facets").ifExists().execute();
      await db.schema.dropIndex("products_brand_facets").ifExists().execute();
      await sql`create index products_category_facets on products (category, sub_category, price_paise, position) where hidden = 0`.execute(db);
      await sql`create index products_brand_facets on products (sub_category, price_paise, category) where hidden = 0`.execute(db);
      await db.schema.createIndex("products_model_group").on("products").columns(["model_key", "sub_category", "category", "position"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("products_model_group").ifExists().execute();
      await db.schema.dropIndex("products_category_facets").ifExists().execute();
      await db.schema.dropIndex("products_brand_facets").ifExists().execute();
      await db.schema.createIndex("products_category_facets").on("products").columns(["category", "sub_category", "price_paise", "position"]).execute();
      await db.schema.createIndex("products_brand_facets").on("products").columns(["sub_category", "price_paise", "category"]).execute();
    },
  },
  /**
   * The delivery promise (issue 13; DESIGN.md §19; docs/decisions/0620): the owner's delivery rules
   * (one row, JSON), a shopper's saved delivery addresses (one default each), and the window an
   * order was promised (IST dates, YYYY-MM-DD; null for orders placed before).
   */
  "0007_delivery": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("delivery_rules")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("rules_json", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("saved_addresses")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("address_json", "text", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("saved_addresses_user").on("saved_addresses").columns(["user_id", "created_at"]).execute();
      await db.schema.alterTable("orders").addColumn("delivery_from", "text").execute();
      await db.schema.alterTable("orders").addColumn("delivery_to", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("delivery_to").execute();
      await db.schema.alterTable("orders").dropColumn("delivery_from").execute();
      await db.schema.dropTable("saved_addresses").ifExists().execute();
      await db.schema.dropTable("delivery_rules").ifExists().execute();
    },
  },
  /**
   * Order emails (issue 14 item 4; DESIGN.md §20; docs/decisions/0640): the outbox. A row is
   * written in the transaction of the change it reports; `dedupe_key` (unique) makes a replayed
   * webhook or a double submit enqueue once. The sender picks due rows (`sent_at` and `failed_at`
   * null, `next_attempt_at` ≤ now, ms), sets `sent_at` once, or counts the attempt, keeps the error
   * and moves `next_attempt_at` on by the back-off; `failed_at` when it gives up.
   */
  "0008_order_emails": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("outbox")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("html", "text", (c) => c.notNull())
        .addColumn("text", "text", (c) => c.notNull())
        .addColumn("dedupe_key", "text", (c) => c.notNull().unique())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("next_attempt_at", "bigint", (c) => c.notNull())
        .addColumn("sent_at", "bigint")
        .addColumn("failed_at", "bigint")
        .addColumn("last_error", "text")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await sql`create index outbox_due on outbox (next_attempt_at, id) where sent_at is null and failed_at is null`.execute(db);
      await db.schema.createIndex("outbox_order").on("outbox").columns(["order_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("outbox").ifExists().execute();
    },
  },
  /**
   * GST tax invoices (issue 14 item 2; DESIGN.md §20; docs/decisions/0650): the seller's details
   * the owner edits (one row, JSON of `storeSettingsSchema`), one invoice per order (number unique,
   * snapshots of seller, buyer and lines as JSON, money in paise), and a counter per financial year
   * whose row is bumped in the transaction that issues the invoice, so numbers are gap-free.
   */
  "0009_invoices": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("store_settings")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("settings_json", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("invoice_counters")
        .addColumn("fy", "text", (c) => c.primaryKey())
        .addColumn("last_seq", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("invoices")
        .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id"))
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("fy", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("issued_at", "bigint", (c) => c.notNull())
        .addColumn("seller_json", "text", (c) => c.notNull())
        .addColumn("buyer_json", "text", (c) => c.notNull())
        .addColumn("lines_json", "text", (c) => c.notNull())
        .addUniqueConstraint("invoices_fy_seq", ["fy", "seq"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("invoices").ifExists().execute();
      await db.schema.dropTable("invoice_counters").ifExists().execute();
      await db.schema.dropTable("store_settings").ifExists().execute();
    },
  },
  "0010_problem_reports": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("problem_reports")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("video_file", "text")
        .addColumn("video_link", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("answer", "text")
        .addColumn("answered_by", "text")
        .addColumn("answered_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("problem_reports_order").on("problem_reports").columns(["order_id", "created_at"]).execute();
      // One open report per order (issue 14 item 3): a second one racing the first fails here.
      await sql`create unique index problem_reports_one_open on problem_reports (order_id) where status = 'open'`.execute(db);
      await db.schema.createIndex("problem_reports_status").on("problem_reports").columns(["status", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("problem_reports").ifExists().execute();
    },
  },
  /**
   * Real stock and verified reviews (issue 23; DESIGN.md §21; docs/decisions/0690, 0691):
   * - `products.stock`: units on hand, null when the owner does not track the product's stock;
   *   never below zero (CHECK), taken by a conditional UPDATE inside the order's transaction;
   * - `orders.stock_state`: `held` while the order's units are taken, `released` once given back
   *   (expired unpaid, cancelled), null for orders before issue 23 or with no tracked product;
   * - `stock_movements`: every change of a product's stock with its reason, for the audit;
   * - `reviews`: one per shopper and product, moderated before publishing; `products.review_count`
   *   and `products.rating_sum` are the published reviews' count and sum of stars, kept in the
   *   transaction that publishes or withdraws one (catalogue imports keep them).
   */
  "0011_stock_and_reviews": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema.alterTable("products").addColumn("stock", "integer", (c) => c.check(sql`stock is null or stock >= 0`)).execute();
      await db.schema.alterTable("products").addColumn("review_count", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("products").addColumn("rating_sum", "integer", (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable("orders").addColumn("stock_state", "text").execute();
      await sql`create index orders_stock_held on orders (created_at) where stock_state = 'held'`.execute(db);
      await db.schema
        .createTable("stock_movements")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("delta", "integer", (c) => c.notNull())
        .addColumn("stock_after", "integer")
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("actor", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("stock_movements_product").on("stock_movements").columns(["product_id", "at"]).execute();
      await db.schema
        .createTable("reviews")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("author_name", "text", (c) => c.notNull())
        .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
        .addColumn("title", "text")
        .addColumn("body", "text")
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("reject_reason", "text")
        .addColumn("moderated_by", "text")
        .addColumn("moderated_at", "bigint")
        .addColumn("published_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addUniqueConstraint("reviews_one_per_product", ["product_id", "user_id"])
        .execute();
      await db.schema.createIndex("reviews_product_published").on("reviews").columns(["product_id", "status", "published_at"]).execute();
      await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "created_at"]).execute();
      await db.schema.createIndex("reviews_user").on("reviews").columns(["user_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("reviews").ifExists().execute();
      await db.schema.dropTable("stock_movements").ifExists().execute();
      await sql`drop index if exists orders_stock_held`.execute(db);
      await db.schema.alterTable("orders").dropColumn("stock_state").execute();
      await db.schema.alterTable("products").dropColumn("rating_sum").execute();
      await db.schema.alterTable("products").dropColumn("review_count").execute();
      await db.schema.alterTable("products").dropColumn("stock").execute();
    },
  },

  /**
   * Issue 23 item 1, stock per colour (docs/decisions/0692): a product whose colours the owner
   * keeps apart has one `colour_stock` row per colour, taken by the same conditional UPDATE as
   * `products.stock`, which stays their total (pages, cards and listproduct read the total).
   * A product with no rows shares one count between its colours, as before.
   * `stock_movements.colour` names the colour a movement was of (null: the product's one count).
   */
  "0012_colour_stock": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("colour_stock")
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("colour", "text", (c) => c.notNull())
        .addColumn("stock", "integer", (c) => c.notNull().check(sql`stock >= 0`))
        .addPrimaryKeyConstraint("colour_stock_pk", ["product_id", "colour"])
        .execute();
      await db.schema.alterTable("stock_movements").addColumn("colour", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("stock_movements").dropColumn("colour").execute();
      await db.schema.dropTable("colour_stock").ifExists().execute();
    },
  },
  /**
   * A rejected review may be written again (issue 23 item 2; docs/decisions/0691): the reviews
   * table's UNIQUE(product_id, user_id) becomes the partial unique index `reviews_one_live` on
   * (product_id, user_id) where status is not 'rejected'. A shopper still has at most one pending,
   * published or withdrawn review of a watch (the index decides a race), while every rejected one
   * stays in the table for the audit. PostgreSQL drops the named constraint; SQLite cannot drop a
   * table constraint, so the table is copied into one without it (same columns, same CHECK, same
   * indexes). `down` puts the constraint back, and fails while a shopper has a rejected review and
   * a later one of the same watch.
   */
  "0013_review_after_rejection": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      if (sqlite) {
        await reviewsTable(db, "reviews_0013", false).execute();
        await sql`insert into reviews_0013 (${sql.raw(REVIEW_COLUMNS_0011)}) select ${sql.raw(REVIEW_COLUMNS_0011)} from reviews`.execute(db);
        await db.schema.dropTable("reviews").execute();
        await sql`alter table reviews_0013 rename to reviews`.execute(db);
        await reviewIndexes(db);
      } else {
        await sql`alter table reviews drop constraint reviews_one_per_product`.execute(db);
      }
      await sql`create unique index reviews_one_live on reviews (product_id, user_id) where status <> 'rejected'`.execute(db);
    },
    async down(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await sql`drop index if exists reviews_one_live`.execute(db);
      if (sqlite) {
        await reviewsTable(db, "reviews_0011", true).execute();
        await sql`insert into reviews_0011 (${sql.raw(REVIEW_COLUMNS_0011)}) select ${sql.raw(REVIEW_COLUMNS_0011)} from reviews`.execute(db);
        await db.schema.dropTable("reviews").execute();
        await sql`alter table reviews_0011 rename to reviews`.execute(db);
        await reviewIndexes(db);
      } else {
        await sql`alter table reviews add constraint reviews_one_per_product unique (product_id, user_id)`.execute(db);
      }
    },
  },
  /**
   * Password reset links (issue 24 item 1; DESIGN.md §22; docs/decisions/0700): one row per link
   * emailed, holding only the SHA-256 (hex) of its random token. A link works while `ended_at` is
   * null and `expires_at` (ms) is ahead; using it, a newer link or a password change ends it
   * (`ended_reason`: used, replaced, password_changed), so the page can say which.
   */
  "0014_password_resets": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("password_resets")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("ended_at", "bigint")
        .addColumn("ended_reason", "text")
        .execute();
      await db.schema.createIndex("password_resets_user").on("password_resets").columns(["user_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("password_resets").ifExists().execute();
    },
  },
  /**
   * The wishlist (issue 24 item 2; DESIGN.md §22; docs/decisions/0710): one row per shopper and
   * watch, with the price in paise when it was saved ("Price dropped since you saved it") and when.
   * The primary key (user_id, product_id) makes a second save of the same watch a no-op and serves
   * the shopper's count and list.
   */
  "0015_wishlist": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("wishlist_items")
        .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("price_paise", "bigint", (c) => c.notNull())
        .addColumn("saved_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("wishlist_items_pk", ["user_id", "product_id"])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("wishlist_items").ifExists().execute();
    },
  },
  /**
   * The newsletter with real consent (issue 24 item 3; DESIGN.md §22; docs/decisions/0720): one
   * row per address that asked, subscribed only once `confirmed_at` is set (double opt-in; the
   * pending link's token is kept as SHA-256 only, single use, with its expiry), the consent words
   * and their version, the withdrawal time; a consent log of every confirmation and withdrawal;
   * one row per send. The outbox gains each message's extra headers (List-Unsubscribe, JSON) and
   * the send it belongs to, so the sender paces newsletters and the back office counts progress.
   */
  "0016_newsletter": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      const id = (c: any) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey());
      await db.schema
        .createTable("newsletter_subscribers")
        .addColumn("id", sqlite ? "integer" : "serial", id)
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("consent_version", "text", (c) => c.notNull())
        .addColumn("consent_text", "text", (c) => c.notNull())
        .addColumn("requested_at", "bigint", (c) => c.notNull())
        .addColumn("confirm_token_hash", "text", (c) => c.unique())
        .addColumn("confirm_expires_at", "bigint")
        .addColumn("confirmed_at", "bigint")
        .addColumn("unsubscribed_at", "bigint")
        .addColumn("unsubscribe_token", "text", (c) => c.notNull().unique())
        .execute();
      await db.schema.createIndex("newsletter_subscribers_confirmed").on("newsletter_subscribers").columns(["confirmed_at", "id"]).execute();
      await db.schema
        .createTable("newsletter_consent_log")
        .addColumn("id", sqlite ? "integer" : "serial", id)
        .addColumn("subscriber_id", "integer", (c) => c.notNull().references("newsletter_subscribers.id").onDelete("cascade"))
        .addColumn("event", "text", (c) => c.notNull())
        .addColumn("at", "bigint", (c) => c.notNull())
        .addColumn("consent_version", "text")
        .addColumn("consent_text", "text")
        .execute();
      await db.schema.createIndex("newsletter_consent_log_subscriber").on("newsletter_consent_log").columns(["subscriber_id", "at"]).execute();
      await db.schema
        .createTable("newsletter_campaigns")
        .addColumn("id", sqlite ? "integer" : "serial", id)
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("recipients", "integer", (c) => c.notNull())
        .execute();
      await db.schema.alterTable("outbox").addColumn("headers", "text").execute();
      await db.schema.alterTable("outbox").addColumn("campaign_id", "integer").execute();
      await db.schema.createIndex("outbox_campaign").on("outbox").columns(["campaign_id"]).execute();
      await db.schema.createIndex("outbox_kind_recipient").on("outbox").columns(["kind", "recipient", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("outbox_kind_recipient").ifExists().execute();
      await db.schema.dropIndex("outbox_campaign").ifExists().execute();
      await db.schema.alterTable("outbox").dropColumn("campaign_id").execute();
      await db.schema.alterTable("outbox").dropColumn("headers").execute();
      await db.schema.dropTable("newsletter_campaigns").ifExists().execute();
      await db.schema.dropTable("newsletter_consent_log").ifExists().execute();
      await db.schema.dropTable("newsletter_subscribers").ifExists().execute();
    },
  },
  /**
   * Grievances (issue 25 item 3; DESIGN.md §23, Consumer Protection (E-Commerce) Rules 2020;
   * docs/decisions/0750): one row per complaint with its ticket number (`GR-2026-000123`, gap-free
   * per IST year: a counter row per year bumped in the filing's transaction), who filed it (an
   * account or a visitor's name and email), the order when given, subject and text, the follow
   * link's token as SHA-256 only, the deadlines (acknowledge in 48 h, resolve in 30 days; ms) and
   * the answer that closes it.
   */
  "0017_grievances": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("grievance_counters")
        .addColumn("year", "integer", (c) => c.primaryKey())
        .addColumn("last_seq", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("grievances")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("ticket", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "integer")
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("order_id", "text")
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("key_hash", "text", (c) => c.notNull().unique())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("acknowledged_at", "bigint")
        .addColumn("acknowledge_by", "bigint", (c) => c.notNull())
        .addColumn("resolve_by", "bigint", (c) => c.notNull())
        .addColumn("answer", "text")
        .addColumn("answered_by", "text")
        .addColumn("answered_at", "bigint")
        .execute();
      await db.schema.createIndex("grievances_open").on("grievances").columns(["status", "resolve_by"]).execute();
      await db.schema.createIndex("grievances_user").on("grievances").columns(["user_id", "created_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("grievances").ifExists().execute();
      await db.schema.dropTable("grievance_counters").ifExists().execute();
    },
  },

  /**
   * Issue 25 item 2, Legal Metrology declarations (docs/decisions/0760): `products.declarations`
   * (a product's own, JSON; null: its brand's), `products.declarations_missing` (the required ones
   * it still lacks, comma-separated; null: complete), and `brand_declarations` (what a brand's
   * watches share, set once by the owner). A product missing one is withheld from shoppers
   * (`hidden = 2`) while the store takes live payments.
   */
  "0018_declarations": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("products").addColumn("declarations", "text").execute();
      await db.schema.alterTable("products").addColumn("declarations_missing", "text").execute();
      await db.schema
        .createTable("brand_declarations")
        .addColumn("brand", "text", (c) => c.primaryKey())
        .addColumn("declarations", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("brand_declarations").ifExists().execute();
      await db.schema.alterTable("products").dropColumn("declarations_missing").execute();
      await db.schema.alterTable("products").dropColumn("declarations").execute();
    },
  },
  /**
   * Personal data (issue 25 item 4; DESIGN.md §23; docs/decisions/0770): when an account was
   * deleted at its shopper's (or an owner's) request. The row stays, anonymised, because the
   * orders and invoices GST law keeps point at it; null for a live account.
   */
  "0019_personal_data": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("users").addColumn("deleted_at", "bigint").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("users").dropColumn("deleted_at").execute();
    },
  },
  /**
   * Facet counts kept, not counted (issue 26 item 2; docs/decisions/0820): `catalogue_facets`
   * holds how many shown products have each category, brand and price, and triggers on `products`
   * keep it in the same statement as any insert, delete, or change of category, brand, price or
   * visibility. A collection page sums a few hundred of its rows instead of counting tens of
   * thousands of index entries ("Men" at 1,00,000 products). Filled from the rows already there.
   */
  "0020_catalogue_facets": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("catalogue_facets")
        .addColumn("category", "text", (c) => c.notNull())
        .addColumn("sub_category", "text", (c) => c.notNull())
        .addColumn("price_paise", "bigint", (c) => c.notNull())
        .addColumn("n", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("catalogue_facets_pk", ["category", "sub_category", "price_paise"])
        .execute();
      await db.schema.createIndex("catalogue_facets_brand").on("catalogue_facets").columns(["sub_category", "price_paise", "category"]).execute();
      if (sqlite) {
        await sql`create trigger products_facets_insert after insert on products when new.hidden = 0 begin
          insert into catalogue_facets (category, sub_category, price_paise, n) values (new.category, new.sub_category, new.price_paise, 1)
            on conflict (category, sub_category, price_paise) do update set n = n + 1; end`.execute(db);
        await sql`create trigger products_facets_delete after delete on products when old.hidden = 0 begin
          update catalogue_facets set n = n - 1
            where category = old.category and sub_category = old.sub_category and price_paise = old.price_paise; end`.execute(db);
        await sql`create trigger products_facets_update after update of category, sub_category, price_paise, hidden on products begin
          update catalogue_facets set n = n - 1
            where old.hidden = 0 and category = old.category and sub_category = old.sub_category and price_paise = old.price_paise;
          insert into catalogue_facets (category, sub_category, price_paise, n) select new.category, new.sub_category, new.price_paise, 1
            where new.hidden = 0
            on conflict (category, sub_category, price_paise) do update set n = n + 1; end`.execute(db);
      } else {
        await sql`create function catalogue_facets_track() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') and old.hidden = 0 then
              update catalogue_facets set n = n - 1
                where category = old.category and sub_category = old.sub_category and price_paise = old.price_paise;
            end if;
            if tg_op in ('UPDATE', 'INSERT') and new.hidden = 0 then
              insert into catalogue_facets (category, sub_category, price_paise, n) values (new.category, new.sub_category, new.price_paise, 1)
                on conflict (category, sub_category, price_paise) do update set n = catalogue_facets.n + 1;
            end if;
            return null;
          end $$`.execute(db);
        await sql`create trigger products_facets after insert or delete or update of category, sub_category, price_paise, hidden
          on products for each row execute function catalogue_facets_track()`.execute(db);
      }
      await sql`insert into catalogue_facets (category, sub_category, price_paise, n)
        select category, sub_category, price_paise, count(*) from products where hidden = 0 group by category, sub_category, price_paise`.execute(db);
    },
    async down(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      if (sqlite) {
        for (const trigger of ["products_facets_insert", "products_facets_delete", "products_facets_update"]) {
          await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
        }
      } else {
        await sql`drop trigger if exists products_facets on products`.execute(db);
        await sql`drop function if exists catalogue_facets_track()`.execute(db);
      }
      await db.schema.dropTable("catalogue_facets").ifExists().execute();
    },
  },
  /**
   * Hindi product texts (issue 27 item 3; docs/decisions/0880): a product's optional Hindi name
   * and description, shown on the /hi pages where set (the English ones otherwise); null: none.
   * Plain nullable text on both databases; no index (name search reads `search_name`, which
   * carries the Hindi name too: lib/catalogue `searchName`). Rows already there have none, so
   * nothing is backfilled.
   */
  "0021_product_hindi": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("products").addColumn("name_hi", "text").execute();
      await db.schema.alterTable("products").addColumn("description_hi", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("products").dropColumn("description_hi").execute();
      await db.schema.alterTable("products").dropColumn("name_hi").execute();
    },
  },
  /**
   * Languages (issue 27; docs/decisions/0900): the language an order was placed in ("en" or "hi",
   * from the checkout page's address), which its emails and order page links use; and the language
   * a shopper chose (the header's switch while signed in, a sign-up on a Hindi page), null when they
   * never chose. Orders already there were placed in English: the default fills them.
   */
  "0022_languages": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("orders").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
      await db.schema.alterTable("users").addColumn("language", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("users").dropColumn("language").execute();
      await db.schema.alterTable("orders").dropColumn("language").execute();
    },
  },
  "0023_grievance_language": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("grievances").addColumn("language", "text", (c) => c.notNull().defaultTo("en")).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("grievances").dropColumn("language").execute();
    },
  },
  /**
   * The facet sums read from their indexes alone (issue 26 item 2; docs/decisions/0820): each of
   * the two queries a collection page sums (brands within the chosen categories, categories within
   * the chosen brands) has an index that leads with its filter and carries `n`, so SQLite neither
   * looks up each row in the table nor sorts for the GROUP BY. At 1,00,000 products "brands of Men"
   * went from 1.6 to 0.4 ms, "categories of Casio" from 0.5 to 0.2 ms.
   */
  "0024_catalogue_facets_covering": {
    async up(db: Kysely<any>) {
      await db.schema.dropIndex("catalogue_facets_brand").execute();
      await db.schema.createIndex("catalogue_facets_brand").on("catalogue_facets").columns(["sub_category", "price_paise", "category", "n"]).execute();
      await db.schema.createIndex("catalogue_facets_category").on("catalogue_facets").columns(["category", "sub_category", "price_paise", "n"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex("catalogue_facets_category").execute();
      await db.schema.dropIndex("catalogue_facets_brand").execute();
      await db.schema.createIndex("catalogue_facets_brand").on("catalogue_facets").columns(["sub_category", "price_paise", "category"]).execute();
    },
  },
  /**
   * A complaint says whether it is proven (issue 43 item 1; docs/decisions/0920):
   * `grievances.verified_at` — when the named address confirmed it from the emailed link, or the
   * filing time for a signed-in shopper's (null: not verified); `grievances.order_typed` — the
   * order number a visitor typed, kept as text and never linked (`order_id`) until the address has
   * confirmed and owns that order. A signed-in shopper's complaints were proven by their session:
   * they are verified at filing; a visitor's earlier ones stay not verified.
   */
  "0025_grievance_verification": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("grievances").addColumn("verified_at", "bigint").execute();
      await db.schema.alterTable("grievances").addColumn("order_typed", "text").execute();
      await db.updateTable("grievances").set({ verified_at: sql`created_at` }).where("user_id", "is not", null).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("grievances").dropColumn("order_typed").execute();
      await db.schema.alterTable("grievances").dropColumn("verified_at").execute();
    },
  },
  /**
   * A product's Hindi feature list (issue 48 item 2; docs/decisions/0972): `products.features_hi`,
   * a JSON list of strings as `features` is, shown on the /hi pages instead of `features`; null:
   * none (those pages show `features` through the Hindi vocabulary). Plain nullable text on both
   * databases, no index; rows already there have none, so nothing is backfilled.
   */
  "0026_product_features_hindi": {
    async up(db: Kysely<any>) {
      await db.schema.alterTable("products").addColumn("features_hi", "text").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("products").dropColumn("features_hi").execute();
    },
  },
  /**
   * After the sale (issue 45; docs/decisions/0980): returns and exchanges, and GST credit notes.
   *
   * - `return_requests`: one shopper's request to return lines of a delivered order, for a refund or
   *   an exchange, handled by staff through lib/returns.ts `RETURN_STATUSES`; deadlines as the
   *   grievance rules (acknowledge within 48 h, resolve within 30 days); the COD shopper's payout
   *   details (UPI ID or bank account) as JSON, erased once the refund is recorded.
   * - `return_lines`: the order lines a request takes back (`line_index` into the order's items),
   *   the quantity, the paid unit price, the colour asked for in exchange, and what staff received.
   *   `live` is 1 while the request is not rejected and null once it is: the unique index on
   *   (order_id, line_index, live) lets the database decide two requests for one line — one live
   *   request per order line, any number of rejected ones (NULLs are distinct on both databases).
   * - `credit_notes` and `credit_note_counters`: a GST credit note (CGST Act s.34, Rule 53) per
   *   refunded return, numbered in its own series per financial year, citing the tax invoice.
   */
  "0027_after_sale": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("return_requests")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("resolution", "text", (c) => c.notNull())
        .addColumn("reason", "text", (c) => c.notNull())
        .addColumn("description", "text", (c) => c.notNull())
        .addColumn("photos", "text", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("late", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
        .addColumn("reject_reason", "text")
        .addColumn("pickup_courier", "text")
        .addColumn("pickup_awb", "text")
        .addColumn("exchange_courier", "text")
        .addColumn("exchange_awb", "text")
        .addColumn("exchange_tracking_url", "text")
        .addColumn("refund_id", "text")
        .addColumn("payout_json", "text")
        .addColumn("acknowledge_by", "bigint", (c) => c.notNull())
        .addColumn("resolve_by", "bigint", (c) => c.notNull())
        .addColumn("acknowledged_at", "bigint")
        .addColumn("resolved_at", "bigint")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("return_requests_order").on("return_requests").columns(["order_id", "created_at"]).execute();
      await db.schema.createIndex("return_requests_queue").on("return_requests").columns(["status", "acknowledge_by"]).execute();
      await db.schema
        .createTable("return_lines")
        .addColumn("return_id", "text", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("line_index", "integer", (c) => c.notNull())
        .addColumn("product_id", "text", (c) => c.notNull())
        .addColumn("colour", "text", (c) => c.notNull())
        .addColumn("quantity", "integer", (c) => c.notNull())
        .addColumn("unit_paise", "bigint", (c) => c.notNull())
        .addColumn("exchange_colour", "text")
        .addColumn("received_good", "integer")
        .addColumn("received_damaged", "integer")
        .addColumn("live", "integer")
        .addPrimaryKeyConstraint("return_lines_pk", ["return_id", "line_index"])
        .addCheckConstraint("return_lines_quantity", sql`quantity > 0`)
        .execute();
      await db.schema.createIndex("return_lines_one_live").on("return_lines").columns(["order_id", "line_index", "live"]).unique().execute();
      await db.schema
        .createTable("credit_note_counters")
        .addColumn("fy", "text", (c) => c.primaryKey())
        .addColumn("last_seq", "integer", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("credit_notes")
        .addColumn("return_id", "text", (c) => c.primaryKey())
        .addColumn("order_id", "text", (c) => c.notNull())
        .addColumn("number", "text", (c) => c.notNull().unique())
        .addColumn("fy", "text", (c) => c.notNull())
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("issued_at", "bigint", (c) => c.notNull())
        .addColumn("invoice_number", "text", (c) => c.notNull())
        .addColumn("invoice_issued_at", "bigint", (c) => c.notNull())
        .addColumn("seller_json", "text", (c) => c.notNull())
        .addColumn("buyer_json", "text", (c) => c.notNull())
        .addColumn("lines_json", "text", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("credit_notes_order").on("credit_notes").columns(["order_id", "issued_at"]).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable("credit_notes").ifExists().execute();
      await db.schema.dropTable("credit_note_counters").ifExists().execute();
      await db.schema.dropTable("return_lines").ifExists().execute();
      await db.schema.dropTable("return_requests").ifExists().execute();
    },
  },

  /**
   * Issue 47 items 2–3, discount codes (docs/decisions/1011): `discount_codes` (the owner's codes;
   * `code_key` the normalised code, unique; `uses_taken` the live uses, moved only by the
   * conditional UPDATEs of services/discounts.server.ts; `public` 1 when the Offers page lists it),
   * `discount_code_uses` (one per order, taken in the order's transaction, given back once),
   * `cart_codes` (the code a shopper applied to their cart, one per shopper), and the order's code
   * and discount in paise.
   */
  "0028_discount_codes": {
    async up(db: Kysely<any>) {
      const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
      await db.schema
        .createTable("discount_codes")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("code", "text", (c) => c.notNull())
        .addColumn("code_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'fixed')`))
        .addColumn("percent_bp", "integer")
        .addColumn("value_paise", "bigint")
        .addColumn("scope", "text", (c) => c.notNull().check(sql`scope in ('all', 'brands', 'categories', 'products')`))
        .addColumn("scope_json", "text", (c) => c.notNull().defaultTo("[]"))
        .addColumn("min_subtotal_paise", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("total_limit", "integer")
        .addColumn("per_shopper_limit", "integer")
        .addColumn("uses_taken", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("starts_at", "bigint")
        .addColumn("ends_at", "bigint")
        .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('active', 'paused')`))
        .addColumn("public", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addColumn("updated_by", "text", (c) => c.notNull())
        .addCheckConstraint(
          "discount_codes_amount",
          sql`(kind = 'percent' and percent_bp between 1 and 10000 and value_paise is null) or (kind = 'fixed' and value_paise > 0 and percent_bp is null)`,
        )
        .addCheckConstraint("discount_codes_uses", sql`uses_taken >= 0`)
        .execute();
      await db.schema
        .createTable("discount_code_uses")
        .addColumn("id", sqlite ? "integer" : "serial", (c) => (sqlite ? c.primaryKey().autoIncrement() : c.primaryKey()))
        .addColumn("code_id", "integer", (c) => c.notNull())
        .addColumn("order_id", "text", (c) => c.notNull().unique())
        .addColumn("user_id", "integer", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text", (c) => c.notNull())
        .addColumn("discount_paise", "bigint", (c) => c.notNull())
        .addColumn("lines_json", "text", (c) => c.notNull())
        .addColumn("state", "text", (c) => c.notNull().check(sql`state in ('taken', 'given_back')`))
        .addColumn("taken_at", "bigint", (c) => c.notNull())
        .addColumn("given_back_at", "bigint")
        .execute();
      await db.schema.createIndex("discount_code_uses_user").on("discount_code_uses").columns(["code_id", "user_id", "state"]).execute();
      await db.schema.createIndex("discount_code_uses_email").on("discount_code_uses").columns(["code_id", "email", "state"]).execute();
      await db.schema.createIndex("discount_code_uses_phone").on("discount_code_uses").columns(["code_id", "phone", "state"]).execute();
      await db.schema
        .createTable("cart_codes")
        .addColumn("user_id", "integer", (c) => c.primaryKey())
        .addColumn("code_key", "text", (c) => c.notNull())
        .addColumn("applied_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.alterTable("orders").addColumn("discount_code_id", "integer").execute();
      await db.schema.alterTable("orders").addColumn("discount_code", "text").execute();
      await db.schema.alterTable("orders").addColumn("discount_paise", "bigint", (c) => c.notNull().defaultTo(0)).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("orders").dropColumn("discount_paise").execute();
      await db.schema.alterTable("orders").dropColumn("discount_code").execute();
      await db.schema.alterTable("orders").dropColumn("discount_code_id").execute();
      await db.schema.dropTable("cart_codes").ifExists().execute();
      await db.schema.dropTable("discount_code_uses").ifExists().execute();
      await db.schema.dropTable("discount_codes").ifExists().execute();
    },
  },
  // Issue 49 item 1 (docs/decisions/1020): a job on a timer runs once for the whole store — one
  // conditional UPDATE on its row takes a run (scheduled_runs); an outbox row claimed by a SQLite
  // sender that was killed is known by claimed_at and put due again at the next start.
  "0029_scheduled_runs": {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable("scheduled_runs")
        .addColumn("job", "text", (c) => c.primaryKey())
        .addColumn("due_at", "bigint", (c) => c.notNull())
        .addColumn("lease_until", "bigint")
        .addColumn("ran_by", "text")
        .addColumn("ran_at", "bigint")
        .execute();
      await db.schema.alterTable("outbox").addColumn("claimed_at", "bigint").execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable("outbox").dropColumn("claimed_at").execute();
      await db.schema.dropTable("scheduled_runs").ifExists().execute();
    },
  },
};

/**
 * Makes sure the `pg_trgm` extension is installed (a trusted extension since PostgreSQL 13: the
 * database owner may create it) and returns the schema that holds it, quoted for SQL. It is
 * created in `public`, not in the session's search_path, so a throwaway test schema never takes
 * it along when dropped. Two migrations racing to create it are fine: the loser reads the winner's.
 */
async function ensurePgTrgm(db: Kysely<any>): Promise<string> {
  const find = async () =>
    (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema;
  let schema = await find();
  if (!schema) {
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    } catch (error) {
      if (!(await find())) throw error;
    }
    schema = await find();
  }
  if (!schema) throw new Error("The pg_trgm extension could not be installed.");
  return `"${schema.replace(/"/g, '""')}"`;
}

/** The reviews table's columns as 0011_stock_and_reviews made them, in its order (0013 copies the rows). */
const REVIEW_COLUMNS_0011 = "id, product_id, user_id, order_id, author_name, rating, title, body, status, reject_reason, moderated_by, moderated_at, published_at, created_at";

/**
 * The reviews table as 0011_stock_and_reviews made it, named `name`, with its UNIQUE(product_id,
 * user_id) when `onePerProduct` (0013 copies SQLite's table into one without it, and back on `down`).
 */
function reviewsTable(db: Kysely<any>, name: string, onePerProduct: boolean) {
  const table = db.schema
    .createTable(name)
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product_id", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull())
    .addColumn("author_name", "text", (c) => c.notNull())
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("title", "text")
    .addColumn("body", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("reject_reason", "text")
    .addColumn("moderated_by", "text")
    .addColumn("moderated_at", "bigint")
    .addColumn("published_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull());
  return onePerProduct ? table.addUniqueConstraint("reviews_one_per_product", ["product_id", "user_id"]) : table;
}

/** The reviews table's indexes as 0011_stock_and_reviews made them (a copied SQLite table needs them again). */
async function reviewIndexes(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("reviews_product_published").on("reviews").columns(["product_id", "status", "published_at"]).execute();
  await db.schema.createIndex("reviews_status").on("reviews").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("reviews_user").on("reviews").columns(["user_id", "created_at"]).execute();
}
