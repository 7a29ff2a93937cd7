-- The search words of one name as an array (issue 41; db/schema/municipes.ts `palavrasDoNome`): the words
-- `palavras_de_busca` (0024) gives, by the same expression, so `municipes_palavras` holds every one of them.
-- Schema-qualified: an index build runs it with only pg_catalog on the search path. STRICT: a null name has no array,
-- and the planner can use the social name's partial index. COST: a regular expression per call, ~200 operators' worth
-- (measured ~6 µs), so the planner does not choose to compute it on every row of a scan. Written by hand before the
-- indexes that use it.
CREATE OR REPLACE FUNCTION "palavras_nome"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 200 AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
  FROM regexp_split_to_table(public.immutable_unaccent(lower($1)), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipes_nome_palavras_idx" ON "municipes" USING gin (palavras_nome("nome"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipes_nome_social_palavras_idx" ON "municipes" USING gin (palavras_nome("nome_social")) WHERE "municipes"."nome_social" is not null;
