-- Returns and exchanges of delivered orders (docs/returns.md, shared/return-lifecycle.ts). A return is
-- its own record: the lines it takes back (an exchange's new size on each), its status in the return
-- lifecycle, and every move in return_events (idempotent by the sender's event id). A cash-on-delivery
-- return's refund account is stored only encrypted (AES-256-GCM, server/returns/account-cipher.ts) with
-- a masked hint to show. A refund of an online-paid return is a refunds row naming the return: one per
-- return, and still one per payment attempt for a cancellation.
CREATE TABLE "returns" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"amount_paise" bigint NOT NULL,
	"refund_account" text,
	"refund_account_hint" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_kind_check" CHECK ("kind" in ('return', 'exchange')),
	CONSTRAINT "returns_status_check" CHECK ("status" in ('requested', 'pickupScheduled', 'pickedUp', 'received', 'refunded', 'exchanged', 'rejected')),
	CONSTRAINT "returns_amount_check" CHECK ("amount_paise" >= 0)
);
--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" ("order_id", "created_at");
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" text NOT NULL REFERENCES "returns"("id") ON DELETE cascade,
	"order_item_id" uuid NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"size" text,
	PRIMARY KEY ("return_id", "order_item_id"),
	CONSTRAINT "return_lines_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" ("order_item_id");
--> statement-breakpoint
CREATE TABLE "return_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"return_id" text NOT NULL REFERENCES "returns"("id") ON DELETE cascade,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"external_id" text
);
--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" ("return_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "return_events_external_id_unique" ON "return_events" ("external_id");
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "return_id" text REFERENCES "returns"("id") ON DELETE cascade;
--> statement-breakpoint
DROP INDEX "refunds_attempt_unique";
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_attempt_unique" ON "refunds" ("attempt_id") WHERE "return_id" IS NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_return_unique" ON "refunds" ("return_id");
