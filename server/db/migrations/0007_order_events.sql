CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint NOT NULL,
	"applied" boolean DEFAULT true NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"external_id" text,
	CONSTRAINT "order_events_actor_check" CHECK ("order_events"."actor" in ('shopper', 'gateway', 'courier', 'operator', 'timer'))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_external_id_unique" ON "order_events" USING btree ("external_id");