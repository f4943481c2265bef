-- Each product's sizes and colours as the catalogue's size and colour filters and facets read them:
-- the values of its attributes keyed as shared/product-options.ts says (SIZE_KEYS, COLOR_KEYS; any
-- case, trimmed), in attribute then value order, as the JSON text `[[sizes…],[colours…]]`. A generated
-- column, so every write path keeps it current, and the catalogue read model reads one short text per
-- product instead of every product's attributes: at a million products on PostgreSQL that read took
-- 31 s (server/catalogue/attribute-values.ts). tests/server/catalogue-read-model.test.ts holds these
-- keys to shared/product-options.ts.
-- PL/pgSQL, one pass over the attributes: a SQL function with jsonb_array_elements per key cost 300 µs
-- a row (5 minutes for a million products), this ≈ 37 µs.
CREATE FUNCTION "statefront_options_text"("attributes" jsonb) RETURNS text
	LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
	item jsonb;
	name text;
	sizes jsonb := '[]';
	colors jsonb := '[]';
BEGIN
	IF jsonb_typeof("attributes") = 'array' THEN
		FOR item IN SELECT value FROM jsonb_array_elements("attributes") LOOP
			IF jsonb_typeof(item -> 'key') = 'string' AND jsonb_typeof(item -> 'values') = 'array' THEN
				name := lower(btrim(item ->> 'key', E' \t\n\r'));
				IF name IN ('size', 'sizes') THEN
					sizes := sizes || (item -> 'values');
				ELSIF name IN ('color', 'colour', 'colors', 'colours') THEN
					colors := colors || (item -> 'values');
				END IF;
			END IF;
		END LOOP;
	END IF;
	RETURN jsonb_build_array(sizes, colors)::text;
END
$$;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_values" text
	GENERATED ALWAYS AS ("statefront_options_text"("attributes")) STORED;
