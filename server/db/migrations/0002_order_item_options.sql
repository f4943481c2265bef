ALTER TABLE "order_items" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "position" smallint DEFAULT 0 NOT NULL;
