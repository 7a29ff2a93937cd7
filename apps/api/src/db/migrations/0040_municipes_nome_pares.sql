-- Every pair of a name's search words, "a b" with a before b (issue 41; db/schema/municipes.ts `paresDoNome`): a
-- search for two common words ("maria oliveira") reads the pair's own posting list instead of intersecting the lists of
-- each word, millions long at a big city's size. Collation C: the order search.ts builds the pairs in. COST: ~40 µs a
-- call at 12 million citizens (a scan computing it on every row took 593 ms where the index takes 60). Written by hand
-- before the index that uses it; schema-qualified because an index build runs it with only pg_catalog on the path.
CREATE OR REPLACE FUNCTION "pares_nome"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE COST 1000 AS $$
  SELECT coalesce(array_agg(a.w || ' ' || b.w), '{}')
  FROM (SELECT public.palavras_nome($1) AS p) AS n, unnest(n.p) AS a(w), unnest(n.p) AS b(w)
  WHERE a.w COLLATE "C" < b.w COLLATE "C"
$$;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipes_nome_pares_idx" ON "municipes" USING gin (pares_nome("nome"));
