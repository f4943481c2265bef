-- Stock per size and colour (docs/stock.md). A product with no rows is not counted and never runs out;
-- '' stands for "no size" or "no colour" (a product sold in one). Placing an order takes its units with a
-- conditional update (units >= wanted) in the order's transaction and writes a hold per line: what that
-- line took, from which size and colour. Expiry and cancellation give a hold's units back; a received
-- return gives back what it took back. The check makes oversold impossible, not merely unlikely.
CREATE TABLE "product_stock" (
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
	"size" text DEFAULT '' NOT NULL,
	"color" text DEFAULT '' NOT NULL,
	"units" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	PRIMARY KEY ("product_id", "size", "color"),
	CONSTRAINT "product_stock_units_check" CHECK ("units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"order_item_id" uuid PRIMARY KEY NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"product_id" uuid NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "stock_holds_units_check" CHECK ("units" >= 0)
);
--> statement-breakpoint
-- Called by the statement that places an order when a line is short (stock/stock.repository.ts): the
-- error aborts the whole statement, so the units other lines took are never taken and no order is
-- stored, without a transaction around it. SQLSTATE SF409 tells the server to answer 409.
CREATE FUNCTION "statefront_stock_short"() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'an order line is short of stock' USING ERRCODE = 'SF409';
END
$$;
