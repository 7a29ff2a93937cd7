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
CREATE FUNCTION "municipe_duplicados_registrar"(p_de date, p_ate date, p_id uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  n integer;
BEGIN
  WITH m AS MATERIALIZED (
    SELECT id, data_nascimento, immutable_unaccent(lower(nome)) AS n, immutable_unaccent(lower(nome_mae)) AS mae,
      length(nome) AS len
    FROM municipes
    WHERE unificado_em_id IS NULL AND data_nascimento BETWEEN p_de AND p_ate
  ), nomes AS (
    -- The whole registry (gated by "p_id IS NULL", a one-time filter): each birth date's people with each other.
    SELECT x.id AS a, y.id AS b, similarity(x.n, y.n) AS sn, similarity(x.mae, y.mae) AS sm
    FROM m x JOIN m y ON y.data_nascimento = x.data_nascimento AND y.id > x.id
    WHERE p_id IS NULL
      -- similarity ≥ 0.6 needs lengths within a factor of about 2.5: a cheap cut before the trigram count
      AND y.len * 5 >= x.len * 2 AND x.len * 5 >= y.len * 2
      -- the name first: the mother's names are compared only for the few pairs whose names are alike
      AND similarity(x.n, y.n) >= 0.6
    UNION ALL
    -- One citizen saved: the first 20 similar people born the same day, read through the birth-date index (a date
    -- shared by thousands, such as an import's placeholder, stops there instead of comparing with all of them).
    SELECT least(p.id, s.id), greatest(p.id, s.id), s.sn, s.sm
    FROM municipes p CROSS JOIN LATERAL (
      SELECT z.id, z.sn, z.sm FROM (
        SELECT y.id, similarity(immutable_unaccent(lower(p.nome)), immutable_unaccent(lower(y.nome))) AS sn,
          similarity(immutable_unaccent(lower(p.nome_mae)), immutable_unaccent(lower(y.nome_mae))) AS sm
        FROM municipes y
        WHERE y.data_nascimento = p.data_nascimento AND y.id <> p.id AND y.unificado_em_id IS NULL
      ) z
      WHERE z.sn >= 0.6 AND (z.sm >= 0.6 OR z.sm IS NULL AND z.sn >= 0.8)
      LIMIT 20
    ) s
    WHERE p.id = p_id
  ), por_nome AS (
    SELECT a, b, round(100 * (0.6 * sn + 0.4 * coalesce(sm, sn)))::int AS score,
      CASE WHEN sm IS NULL THEN ARRAY['mesma_data_nascimento', 'nome_semelhante']
        ELSE ARRAY['mesma_data_nascimento', 'nome_semelhante', 'mae_semelhante'] END AS motivos
    FROM nomes
    WHERE sn >= 0.6 AND (sm >= 0.6 OR sm IS NULL AND sn >= 0.8)
  ), docs AS (
    -- The whole registry's arms are gated by "p_id IS NULL" (a one-time filter): a save runs only the last one.
    SELECT least(x.id, y.id) AS a, greatest(x.id, y.id) AS b
    FROM municipes x JOIN municipes y ON y.codigo_cns = x.cartao_provisorio
    WHERE p_id IS NULL AND x.data_nascimento BETWEEN p_de AND p_ate AND x.cartao_provisorio IS NOT NULL
      AND x.unificado_em_id IS NULL AND y.unificado_em_id IS NULL AND y.id <> x.id
    UNION
    SELECT x.id, y.id
    FROM municipes x JOIN municipes y ON y.cartao_provisorio = x.cartao_provisorio AND y.id > x.id
    WHERE p_id IS NULL AND x.data_nascimento BETWEEN p_de AND p_ate AND x.cartao_provisorio IS NOT NULL
      AND x.unificado_em_id IS NULL AND y.unificado_em_id IS NULL
    UNION
    SELECT least(p.id, y.id), greatest(p.id, y.id)
    FROM municipes p JOIN municipes y ON y.id <> p.id AND (y.codigo_cns = p.cartao_provisorio
      OR y.cartao_provisorio = p.cartao_provisorio OR y.cartao_provisorio = p.codigo_cns)
    WHERE p.id = p_id AND y.unificado_em_id IS NULL
  ), todos AS (
    SELECT coalesce(d.a, p.a) AS a, coalesce(d.b, p.b) AS b,
      CASE WHEN d.a IS NULL THEN p.score ELSE 100 END AS score,
      CASE WHEN d.a IS NULL THEN p.motivos ELSE ARRAY['mesmo_cns'] || coalesce(p.motivos, '{}') END AS motivos
    FROM docs d FULL JOIN por_nome p ON p.a = d.a AND p.b = d.b
  )
  INSERT INTO municipe_duplicados AS d (id, municipe_a_id, municipe_b_id, score, motivos)
    SELECT gen_random_uuid(), a, b, score, motivos FROM todos
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
