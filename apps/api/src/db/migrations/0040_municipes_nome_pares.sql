-- Every pair of a name's search words, "a b" with a before b (issue 41; db/schema/municipes.ts `paresDoNome`): a
-- search for two common words ("maria oliveira") reads the pair's own posting list instead of intersecting the lists of
-- each word, millions long at a big city's size. Collation C: the order search.ts builds the pairs in. Written by hand
-- before the index that uses it; schema-qualified because an index build runs it with only pg_catalog on the path.
CREATE FUNCTION "pares_nome"(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(a.w || ' ' || b.w), '{}')
  FROM unnest(public.palavras_nome($1)) AS a(w), unnest(public.palavras_nome($1)) AS b(w)
  WHERE a.w COLLATE "C" < b.w COLLATE "C"
$$;--> statement-breakpoint
CREATE INDEX "municipes_nome_pares_idx" ON "municipes" USING gin (pares_nome("nome"));
