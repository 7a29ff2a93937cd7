CREATE TABLE "municipe_duplicados" (
	"id" uuid PRIMARY KEY NOT NULL,
	"municipe_a_id" uuid NOT NULL,
	"municipe_b_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"motivos" text[] DEFAULT '{}'::text[] NOT NULL,
	"situacao" text DEFAULT 'pendente' NOT NULL,
	"decidido_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "municipe_duplicados_ordem_check" CHECK ("municipe_duplicados"."municipe_a_id" < "municipe_duplicados"."municipe_b_id"),
	CONSTRAINT "municipe_duplicados_situacao_check" CHECK ("municipe_duplicados"."situacao" in ('pendente', 'nao_mesma_pessoa', 'unificado'))
);
--> statement-breakpoint
CREATE TABLE "municipe_duplicados_buscas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"situacao" text DEFAULT 'em_andamento' NOT NULL,
	"etapas" integer NOT NULL,
	"etapas_concluidas" integer DEFAULT 0 NOT NULL,
	"encontrados" integer DEFAULT 0 NOT NULL,
	"iniciada_por" uuid,
	"iniciada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"concluida_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "municipe_unificacao_movidos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unificacao_id" uuid NOT NULL,
	"tabela" text NOT NULL,
	"chave" jsonb NOT NULL,
	"coluna" text NOT NULL,
	"valor_antigo" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "municipe_unificacoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sobrevivente_id" uuid NOT NULL,
	"absorvido_id" uuid NOT NULL,
	"duplicado_id" uuid,
	"sobrevivente_antes" jsonb NOT NULL,
	"absorvido_antes" jsonb NOT NULL,
	"sobrevivente_versao" integer NOT NULL,
	"unificado_por" uuid,
	"unificado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"desfeito_por" uuid,
	"desfeito_em" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "parametrizacao" ADD COLUMN "unificacao_prazo_dias" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "municipes" ADD COLUMN "unificado_em_id" uuid;--> statement-breakpoint
ALTER TABLE "municipe_duplicados" ADD CONSTRAINT "municipe_duplicados_municipe_a_id_municipes_id_fk" FOREIGN KEY ("municipe_a_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_duplicados" ADD CONSTRAINT "municipe_duplicados_municipe_b_id_municipes_id_fk" FOREIGN KEY ("municipe_b_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_duplicados" ADD CONSTRAINT "municipe_duplicados_decidido_por_profissionais_id_fk" FOREIGN KEY ("decidido_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_duplicados_buscas" ADD CONSTRAINT "municipe_duplicados_buscas_iniciada_por_profissionais_id_fk" FOREIGN KEY ("iniciada_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacao_movidos" ADD CONSTRAINT "municipe_unificacao_movidos_unificacao_id_municipe_unificacoes_id_fk" FOREIGN KEY ("unificacao_id") REFERENCES "public"."municipe_unificacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacoes" ADD CONSTRAINT "municipe_unificacoes_sobrevivente_id_municipes_id_fk" FOREIGN KEY ("sobrevivente_id") REFERENCES "public"."municipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacoes" ADD CONSTRAINT "municipe_unificacoes_absorvido_id_municipes_id_fk" FOREIGN KEY ("absorvido_id") REFERENCES "public"."municipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacoes" ADD CONSTRAINT "municipe_unificacoes_duplicado_id_municipe_duplicados_id_fk" FOREIGN KEY ("duplicado_id") REFERENCES "public"."municipe_duplicados"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacoes" ADD CONSTRAINT "municipe_unificacoes_unificado_por_profissionais_id_fk" FOREIGN KEY ("unificado_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_unificacoes" ADD CONSTRAINT "municipe_unificacoes_desfeito_por_profissionais_id_fk" FOREIGN KEY ("desfeito_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "municipe_duplicados_par_key" ON "municipe_duplicados" USING btree ("municipe_a_id","municipe_b_id");--> statement-breakpoint
CREATE INDEX "municipe_duplicados_b_idx" ON "municipe_duplicados" USING btree ("municipe_b_id");--> statement-breakpoint
CREATE INDEX "municipe_duplicados_fila_idx" ON "municipe_duplicados" USING btree ("score" DESC NULLS LAST,"id") WHERE "municipe_duplicados"."situacao" = 'pendente';--> statement-breakpoint
CREATE INDEX "municipe_unificacao_movidos_unificacao_idx" ON "municipe_unificacao_movidos" USING btree ("unificacao_id");--> statement-breakpoint
CREATE INDEX "municipe_unificacoes_sobrevivente_idx" ON "municipe_unificacoes" USING btree ("sobrevivente_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipe_unificacoes_absorvido_ativo_key" ON "municipe_unificacoes" USING btree ("absorvido_id") WHERE "municipe_unificacoes"."desfeito_em" is null;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_unificado_em_id_municipes_id_fk" FOREIGN KEY ("unificado_em_id") REFERENCES "public"."municipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- à mão (não gerado pelo drizzle-kit):
-- Duplicate candidates (issue 45, docs/decisions.md "Duplicate citizens"). One function both the whole-registry search
-- (a range of birth dates per step) and the save trigger (one citizen, p_id) call, so both find the same pairs:
--   * the same CNS: one's provisional card is the other's CNS or provisional card (CPF and CNS are unique columns);
--   * the same birth date, a similar name (pg_trgm similarity of the normalized names ≥ 0.6) and a similar mother's
--     name (≥ 0.6) — or, with no mother's name on one side, a name similarity ≥ 0.8.
-- A pair already decided ('nao_mesma_pessoa', 'unificado') keeps its decision: it is never offered again.
-- Tombstones (unificado_em_id) take no part. Answers how many pairs it inserted or rescored.
-- The pairs alike by name of a range of birth dates (p_id null) or of one citizen: two statements, chosen by IF (one
-- statement with both as gated branches still built the whole-registry branch's CTE on every save).
CREATE FUNCTION "municipe_duplicados_por_nome"(p_de date, p_ate date, p_id uuid)
RETURNS TABLE (a uuid, b uuid, sn real, sm real) LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_id IS NULL THEN
    RETURN QUERY
    WITH m AS MATERIALIZED (
      SELECT x.id, x.data_nascimento, immutable_unaccent(lower(x.nome)) AS n,
        immutable_unaccent(lower(x.nome_mae)) AS mae, length(x.nome) AS len
      FROM municipes x
      WHERE x.unificado_em_id IS NULL AND x.data_nascimento BETWEEN p_de AND p_ate
    )
    SELECT x.id, y.id, similarity(x.n, y.n), similarity(x.mae, y.mae)
    FROM m x JOIN m y ON y.data_nascimento = x.data_nascimento AND y.id > x.id
    -- similarity ≥ 0.6 needs lengths within a factor of about 2.5: a cheap cut before the trigram count; and the
    -- name first, so the mothers' names are compared only for the few pairs whose names are alike
    WHERE y.len * 5 >= x.len * 2 AND x.len * 5 >= y.len * 2 AND similarity(x.n, y.n) >= 0.6;
  ELSE
    -- One citizen saved: the first 20 alike among 50 people born the same day, read through the birth-date index (a
    -- date shared by thousands, such as an import's placeholder, stops there instead of comparing with all of them).
    RETURN QUERY
    SELECT least(p.id, z.id), greatest(p.id, z.id), z.sn, z.sm
    FROM municipes p CROSS JOIN LATERAL (
      SELECT w.id, w.sn, w.sm FROM (
        SELECT y.id, similarity(immutable_unaccent(lower(p.nome)), immutable_unaccent(lower(y.nome))) AS sn,
          similarity(immutable_unaccent(lower(p.nome_mae)), immutable_unaccent(lower(y.nome_mae))) AS sm
        FROM municipes y
        WHERE y.data_nascimento = p.data_nascimento AND y.id <> p.id AND y.unificado_em_id IS NULL
        -- a save costs at most 50 comparisons: a date's whole block (27 people at 1,000,000) is the search's job
        LIMIT 50
      ) w
      WHERE w.sn >= 0.6 AND (w.sm >= 0.6 OR w.sm IS NULL AND w.sn >= 0.8)
      LIMIT 20
    ) z
    WHERE p.id = p_id;
  END IF;
END;
$$;--> statement-breakpoint
-- The pairs with the same CNS (one's provisional card is the other's CNS or provisional card), the same two ways.
CREATE FUNCTION "municipe_duplicados_por_documento"(p_de date, p_ate date, p_id uuid)
RETURNS TABLE (a uuid, b uuid) LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF p_id IS NULL THEN
    RETURN QUERY
    SELECT least(x.id, y.id), greatest(x.id, y.id)
    FROM municipes x JOIN municipes y ON y.codigo_cns = x.cartao_provisorio
    WHERE x.data_nascimento BETWEEN p_de AND p_ate AND x.cartao_provisorio IS NOT NULL
      AND x.unificado_em_id IS NULL AND y.unificado_em_id IS NULL AND y.id <> x.id
    UNION
    SELECT x.id, y.id
    FROM municipes x JOIN municipes y ON y.cartao_provisorio = x.cartao_provisorio AND y.id > x.id
    WHERE x.data_nascimento BETWEEN p_de AND p_ate AND x.cartao_provisorio IS NOT NULL
      AND x.unificado_em_id IS NULL AND y.unificado_em_id IS NULL;
  ELSE
    -- Three lookups, one index each (an OR of the three would read the whole table).
    RETURN QUERY
    SELECT least(p.id, y.id), greatest(p.id, y.id)
    FROM municipes p JOIN municipes y ON y.codigo_cns = p.cartao_provisorio
    WHERE p.id = p_id AND y.id <> p.id AND y.unificado_em_id IS NULL
    UNION
    SELECT least(p.id, y.id), greatest(p.id, y.id)
    FROM municipes p JOIN municipes y ON y.cartao_provisorio = p.cartao_provisorio
    WHERE p.id = p_id AND y.id <> p.id AND y.unificado_em_id IS NULL
    UNION
    SELECT least(p.id, y.id), greatest(p.id, y.id)
    FROM municipes p JOIN municipes y ON y.cartao_provisorio = p.codigo_cns
    WHERE p.id = p_id AND y.id <> p.id AND y.unificado_em_id IS NULL;
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "municipe_duplicados_registrar"(p_de date, p_ate date, p_id uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH por_nome AS (
    SELECT c.a, c.b, round(100 * (0.6 * c.sn + 0.4 * coalesce(c.sm, c.sn)))::int AS score,
      CASE WHEN c.sm IS NULL THEN ARRAY['mesma_data_nascimento', 'nome_semelhante']
        ELSE ARRAY['mesma_data_nascimento', 'nome_semelhante', 'mae_semelhante'] END AS motivos
    FROM municipe_duplicados_por_nome(p_de, p_ate, p_id) c
    WHERE c.sn >= 0.6 AND (c.sm >= 0.6 OR c.sm IS NULL AND c.sn >= 0.8)
  ), todos AS (
    SELECT coalesce(d.a, p.a) AS a, coalesce(d.b, p.b) AS b,
      CASE WHEN d.a IS NULL THEN p.score ELSE 100 END AS score,
      CASE WHEN d.a IS NULL THEN p.motivos ELSE ARRAY['mesmo_cns'] || coalesce(p.motivos, '{}') END AS motivos
    FROM municipe_duplicados_por_documento(p_de, p_ate, p_id) d FULL JOIN por_nome p ON p.a = d.a AND p.b = d.b
  )
  INSERT INTO municipe_duplicados AS d (id, municipe_a_id, municipe_b_id, score, motivos)
    SELECT gen_random_uuid(), t.a, t.b, t.score, t.motivos FROM todos t
  ON CONFLICT (municipe_a_id, municipe_b_id) DO UPDATE SET score = excluded.score, motivos = excluded.motivos,
    updated_at = now()
    WHERE d.situacao = 'pendente' AND (d.score, d.motivos) IS DISTINCT FROM (excluded.score, excluded.motivos);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END;
$$;--> statement-breakpoint
-- A citizen saved: their own candidates at once, in the same transaction (new duplicates appear as people are saved).
CREATE FUNCTION "municipes_duplicados_ao_salvar"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM municipe_duplicados_registrar(NEW.data_nascimento, NEW.data_nascimento, NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "municipes_duplicados_ao_salvar"
  AFTER INSERT OR UPDATE OF "nome", "nome_mae", "data_nascimento", "cartao_provisorio", "codigo_cns" ON "municipes"
  FOR EACH ROW WHEN (NEW.unificado_em_id IS NULL) EXECUTE FUNCTION "municipes_duplicados_ao_salvar"();
