-- The mother's name searched as the name is (issue 41, search.ts `nomeMae`): its words and its pairs of words, by the
-- functions of 0038 and 0040. At 12 million citizens "maria silv" as a mother's name took 413 ms by its trigrams
-- (1.27 million rows); the pair "maria silva" is one posting list. IF NOT EXISTS: a large city's DBA may build them
-- before the upgrade with CREATE INDEX CONCURRENTLY (README, "Atualizações"); at 12 million they take ~3 and ~10 min.
CREATE INDEX IF NOT EXISTS "municipes_nome_mae_palavras_idx" ON "municipes" USING gin (palavras_nome("nome_mae"));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "municipes_nome_mae_pares_idx" ON "municipes" USING gin (pares_nome("nome_mae"));
