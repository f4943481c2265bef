-- The catalogue read model (server/catalogue/read-model.ts) keeps every product in memory. Any
-- statement that changes products bumps catalogue_version and NOTIFYs the new value on
-- statefront_catalogue, so every server process (PGlite in-process, or each node on one PostgreSQL)
-- reloads within a second, and one that missed a notification can compare versions.
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_version_single_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "statefront_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1
		RETURNING "version" INTO next_version;
	PERFORM pg_notify('statefront_catalogue', next_version::text);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "statefront_catalogue_changed"();
