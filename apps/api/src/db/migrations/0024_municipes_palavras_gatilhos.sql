-- The words of the searched names (issue 15, db/schema/municipes.ts `municipes_palavras`): the search's misspelling
-- step corrects a word among them. Triggers keep them whoever writes citizens (services, seeds, imports), in the same
-- transaction. Custom SQL: carried over by hand if the migrations are renumbered.

-- The words a text is searched by, as search.ts and palavrasUteis (packages/shared) read them: lower case, no accents,
-- split on what is not a letter or digit, at least 3 characters.
CREATE FUNCTION "palavras_de_busca"(text[]) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w
  FROM unnest($1) AS c, regexp_split_to_table(immutable_unaccent(lower(c)), '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
$$;--> statement-breakpoint

-- Once per statement (a bulk import inserts its words in one go). Only the words not there yet are inserted, in one
-- order, so two saves that bring the same new words wait for each other instead of deadlocking.
CREATE FUNCTION "municipes_palavras_novas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO municipes_palavras (palavra)
    SELECT DISTINCT p
    FROM novos, palavras_de_busca(ARRAY[novos.nome, novos.nome_social, novos.nome_mae, novos.nome_pai,
      novos.residencia_logradouro]) AS p
    WHERE NOT EXISTS (SELECT 1 FROM municipes_palavras m WHERE m.palavra = p)
    ORDER BY p
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "municipes_palavras_insert" AFTER INSERT ON "municipes"
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION "municipes_palavras_novas"();--> statement-breakpoint
CREATE TRIGGER "municipes_palavras_update" AFTER UPDATE ON "municipes"
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION "municipes_palavras_novas"();--> statement-breakpoint

-- The citizens already there.
INSERT INTO municipes_palavras (palavra)
  SELECT DISTINCT p
  FROM municipes, palavras_de_busca(ARRAY[nome, nome_social, nome_mae, nome_pai, residencia_logradouro]) AS p
ON CONFLICT DO NOTHING;
