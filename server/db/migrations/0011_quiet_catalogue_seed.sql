-- A large seed on PostgreSQL loads its batches over several connections at once (server/db/
-- scale-seed.ts): each row's generated search vector is most of a seed's time, and one transaction
-- keeps it on one core. The catalogue trigger would serialise those transactions (each statement's
-- version bump holds the one catalogue_version row until commit) and tell every server of each batch.
-- A transaction that sets statefront.quiet_catalogue to 'on' (SET LOCAL: it ends with the transaction)
-- skips the bump; the seed bumps the version and notifies once, when every batch is in.
CREATE OR REPLACE FUNCTION "statefront_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	next_version bigint;
BEGIN
	IF current_setting('statefront.quiet_catalogue', true) = 'on' THEN
		RETURN NULL;
	END IF;
	UPDATE "catalogue_version" SET "version" = "version" + 1, "changed_at" = now() WHERE "id" = 1
		RETURNING "version" INTO next_version;
	PERFORM pg_notify('statefront_catalogue', next_version::text);
	RETURN NULL;
END;
$$;
