-- Each product's sizes and colours as the catalogue's size and colour filters and facets read them:
-- the values of its attributes keyed as shared/product-options.ts says (SIZE_KEYS, COLOR_KEYS; any
-- case, trimmed), in attribute then value order, as the JSON text `[[sizes…],[colours…]]`. A generated
-- column, so every write path keeps it current, and the catalogue read model reads one short text per
-- product instead of every product's attributes: at a million products on PostgreSQL that read took
-- 31 s (server/catalogue/attribute-values.ts). tests/server/catalogue-read-model.test.ts holds these
-- keys to shared/product-options.ts.
CREATE FUNCTION "statefront_option_values"("attributes" jsonb, "keys" text[]) RETURNS jsonb
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT coalesce(jsonb_agg(v.value ORDER BY a.n, v.n), '[]'::jsonb)
	FROM jsonb_array_elements(CASE WHEN jsonb_typeof($1) = 'array' THEN $1 ELSE '[]'::jsonb END)
			WITH ORDINALITY AS a(item, n),
		jsonb_array_elements(
			CASE WHEN jsonb_typeof(a.item -> 'values') = 'array' THEN a.item -> 'values' ELSE '[]'::jsonb END
		) WITH ORDINALITY AS v(value, n)
	WHERE jsonb_typeof(a.item -> 'key') = 'string' AND lower(btrim(a.item ->> 'key', E' \t\n\r')) = ANY($2)
$$;
--> statement-breakpoint
-- jsonb_build_array is only stable (it takes "any"), so the pair is built in an immutable function too.
CREATE FUNCTION "statefront_options_text"("attributes" jsonb) RETURNS text
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT jsonb_build_array(
		"statefront_option_values"($1, '{size,sizes}'::text[]),
		"statefront_option_values"($1, '{color,colour,colors,colours}'::text[])
	)::text
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" text
	GENERATED ALWAYS AS ("statefront_options_text"("attributes")) STORED;
