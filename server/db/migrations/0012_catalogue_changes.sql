-- Which products each catalogue version changed, so a server reloads only their rows instead of
-- re-reading every product's index fields (server/catalogue/snapshot-load.ts): at a million products
-- that re-read was about 20 s of each write, much of it on the event loop. One row per product a
-- statement wrote, `moved` when its place in the catalogue's order (created_at DESC, id) may have
-- changed (inserted, deleted, re-dated), `reworded` when its search vector may have (a price change
-- leaves the search index as it is); a row with no product when the change is not listed (TRUNCATE,
-- over 10,000 rows in one statement, a quiet seed's final bump): readers then load everything.
-- Versions older than the newest 1,000 are pruned; catalogue_version.changes_from is the first version
-- whose changes are all still here, so a reader further behind loads everything too.
CREATE TABLE "catalogue_changes" (
	"version" bigint NOT NULL,
	"product_id" uuid,
	"moved" boolean DEFAULT true NOT NULL,
	"reworded" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_version_idx" ON "catalogue_changes" ("version");
--> statement-breakpoint
ALTER TABLE "catalogue_version" ADD COLUMN "changes_from" bigint;
--> statement-breakpoint
UPDATE "catalogue_version" SET "changes_from" = "version" + 1;
--> statement-breakpoint
-- The next version, told to every server, with the log pruned to the newest 1,000 versions.
CREATE FUNCTION "statefront_next_catalogue_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1
		RETURNING "version" INTO next_version;
	IF next_version % 100 = 0 THEN
		DELETE FROM "catalogue_changes" WHERE "version" <= next_version - 1000;
		UPDATE "catalogue_version" SET "changes_from" = greatest("changes_from", next_version - 999) WHERE "id" = 1;
	END IF;
	PERFORM pg_notify('statefront_catalogue', next_version::text);
	RETURN next_version;
END;
$$;
--> statement-breakpoint
-- A change the log does not list (the seed calls this once its quiet batches are in): load everything.
CREATE OR REPLACE FUNCTION "statefront_bump_catalogue_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint := "statefront_next_catalogue_version"();
BEGIN
	INSERT INTO "catalogue_changes" ("version", "product_id") VALUES (next_version, NULL);
	RETURN next_version;
END;
$$;
--> statement-breakpoint
-- The rows one statement wrote (its transition tables; only the branch for its own event is planned).
CREATE FUNCTION "statefront_catalogue_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
	written bigint;
BEGIN
	IF current_setting('statefront.quiet_catalogue', true) IS NOT DISTINCT FROM 'on' THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		SELECT count(*) INTO written FROM old_rows;
	ELSE
		SELECT count(*) INTO written FROM new_rows;
	END IF;
	IF written > 10000 THEN
		PERFORM "statefront_bump_catalogue_version"();
		RETURN NULL;
	END IF;
	next_version := "statefront_next_catalogue_version"();
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "catalogue_changes" ("version", "product_id") SELECT next_version, "id" FROM new_rows;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO "catalogue_changes" ("version", "product_id") SELECT next_version, "id" FROM old_rows;
	ELSE
		INSERT INTO "catalogue_changes" ("version", "product_id", "moved", "reworded")
			SELECT next_version, coalesce(n."id", o."id"),
				n."id" IS NULL OR o."id" IS NULL OR n."created_at" IS DISTINCT FROM o."created_at",
				n."search_vector" IS DISTINCT FROM o."search_vector"
			FROM new_rows AS n FULL JOIN old_rows AS o ON o."id" = n."id";
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "statefront_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF current_setting('statefront.quiet_catalogue', true) IS DISTINCT FROM 'on' THEN
		PERFORM "statefront_bump_catalogue_version"();
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "products_catalogue_changed" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_truncated" AFTER TRUNCATE ON "products"
	FOR EACH STATEMENT EXECUTE FUNCTION "statefront_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_inserted" AFTER INSERT ON "products"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statefront_catalogue_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_updated" AFTER UPDATE ON "products"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "statefront_catalogue_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_deleted" AFTER DELETE ON "products"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "statefront_catalogue_rows_changed"();
