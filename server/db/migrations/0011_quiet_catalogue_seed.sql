-- A large seed on PostgreSQL loads its batches over several connections at once (server/db/
-- scale-seed.ts): each row's generated search vector is most of a seed's time, and one transaction
-- keeps it on one core. The catalogue trigger would serialise those transactions (each statement's
-- version bump holds the one catalogue_version row until commit) and tell every server of each batch.
-- A transaction that sets statefront.quiet_catalogue to 'on' (SET LOCAL: it ends with the transaction)
-- skips the bump; the seed calls statefront_bump_catalogue_version() once, when every batch is in.
-- The bump and its notification, as migration 0001's trigger did them, now one function both call.
CREATE FUNCTION "statefront_bump_catalogue_version"() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1
		RETURNING "version" INTO next_version;
	PERFORM pg_notify('statefront_catalogue', next_version::text);
	RETURN next_version;
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
