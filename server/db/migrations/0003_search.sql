-- Catalogue search (server/catalogue/search.ts). A stored tsvector per product, weighted A title,
-- B category and type, C attribute values, D description, with a GIN index, answers full-text
-- queries with prefix matching; pg_trgm's GIN index on the title answers the typo-tolerant fallback.
-- The 'english' configuration stems ("kurtas" finds "Kurta") and drops stop words. The column is
-- generated, so every write path keeps it current with no trigger, on PGlite and PostgreSQL alike.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The words of every attribute's values (sizes, colours, fabric, craft...), but not the `featured`
-- marker: "true" is not something a shopper searches for. Immutable, as a generated column requires.
CREATE FUNCTION "statefront_attribute_text"("attributes" jsonb) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(string_agg(v.value, ' '), '')
	FROM jsonb_array_elements(CASE WHEN jsonb_typeof($1) = 'array' THEN $1 ELSE '[]'::jsonb END) AS a(item),
		jsonb_array_elements_text(
			CASE WHEN jsonb_typeof(a.item -> 'values') = 'array' THEN a.item -> 'values' ELSE '[]'::jsonb END
		) AS v(value)
	WHERE lower(coalesce(a.item ->> 'key', '')) <> 'featured'
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english'::regconfig, "title"), 'A')
	|| setweight(to_tsvector('english'::regconfig, "category" || ' ' || coalesce("parent_category", '')), 'B')
	|| setweight(to_tsvector('english'::regconfig, "statefront_attribute_text"("attributes")), 'C')
	|| setweight(to_tsvector('english'::regconfig, "description"), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "products_title_trgm_idx" ON "products" USING gin ("title" gin_trgm_ops);
