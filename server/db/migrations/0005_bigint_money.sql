-- Paise in bigint: an integer column tops out at ₹2,14,74,836.47, and an order above that was a 500
-- ("out of range for type integer"). The code reads these as JavaScript numbers (exact to 2^53 paise).
ALTER TABLE "order_items" ALTER COLUMN "unit_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payment_attempts" ALTER COLUMN "amount_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "regular_price_paise" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "discounted_price_paise" SET DATA TYPE bigint;
