CREATE TABLE "quem_visitar_pessoas" (
	"municipe_id" uuid PRIMARY KEY NOT NULL,
	"familia_id" uuid NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"equipe_id" uuid,
	"micro_area" text,
	"nome" text NOT NULL,
	"data_nascimento" date,
	"gestante" boolean NOT NULL,
	"acamado" boolean NOT NULL,
	"domiciliado" boolean NOT NULL,
	"hipertensao" boolean NOT NULL,
	"diabetes" boolean NOT NULL,
	"cadastro_em" timestamp with time zone,
	"ultima" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "quem_visitar_pessoas" ADD CONSTRAINT "quem_visitar_pessoas_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quem_visitar_pessoas" ADD CONSTRAINT "quem_visitar_pessoas_familia_id_familias_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."familias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quem_visitar_pessoas_territorio_idx" ON "quem_visitar_pessoas" USING btree ("equipe_id",coalesce("micro_area", ''));--> statement-breakpoint
CREATE INDEX "quem_visitar_pessoas_unidade_idx" ON "quem_visitar_pessoas" USING btree ("unidade_saude_id");--> statement-breakpoint
CREATE INDEX "quem_visitar_pessoas_familia_idx" ON "quem_visitar_pessoas" USING btree ("familia_id");--> statement-breakpoint
-- à mão (não gerado pelo drizzle-kit):
-- Issue 44, "kept current by the writes, not recomputed per request": each person the worklist may list, as the
-- sources say now (the view), copied into quem_visitar_pessoas by triggers on every source in the writer's transaction.
-- A recount locks each citizen first (ordered, so two recounts never wait on each other in a circle); in READ COMMITTED
-- the statements after the lock see what a concurrent writer of the same citizen committed, so the copy is never
-- older than its sources. An exit from the registration (death, 135, or moving out of the territory, 136), a death
-- date, leaving the family and a family that moved away remove the row.
CREATE VIEW "quem_visitar_pessoas_fonte" AS
  SELECT m.id AS municipe_id, f.id AS familia_id, f.unidade_saude_id, f.equipe_id, f.micro_area,
    coalesce(m.nome_social, m.nome) AS nome, m.data_nascimento,
    coalesce((cs.dados ->> 'gestante') = 'true', false) AS gestante,
    coalesce((cs.dados ->> 'acamado') = 'true', false) AS acamado,
    coalesce((cs.dados ->> 'domiciliado') = 'true', false) AS domiciliado,
    coalesce((cs.dados ->> 'hipertensao') = 'true', false) AS hipertensao,
    coalesce((cs.dados ->> 'diabetes') = 'true', false) AS diabetes,
    ci.updated_at AS cadastro_em, u.data_visita AS ultima
  FROM municipes m
  JOIN familia_membros fm ON fm.municipe_id = m.id AND fm.ativo
  JOIN familias f ON f.id = fm.familia_id AND NOT f.mudou
  LEFT JOIN municipe_condicoes_saude cs ON cs.municipe_id = m.id
  LEFT JOIN cadastros_individuais ci ON ci.municipe_id = m.id AND ci.saida_em IS NULL
  LEFT JOIN municipe_ultimas_visitas u ON u.municipe_id = m.id
  WHERE m.motivo_saida_cadastro_id IS NULL AND m.data_obito IS NULL;--> statement-breakpoint

CREATE FUNCTION "quem_visitar_recontar"(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  mun uuid;
BEGIN
  FOR mun IN SELECT DISTINCT x FROM unnest(ids) x WHERE x IS NOT NULL ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtext('quem_visitar_pessoas'), hashtext(mun::text));
  END LOOP;
  DELETE FROM quem_visitar_pessoas q WHERE q.municipe_id = ANY (ids);
  INSERT INTO quem_visitar_pessoas (municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome, data_nascimento, gestante, acamado,
    domiciliado, hipertensao, diabetes, cadastro_em, ultima)
    SELECT municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome, data_nascimento, gestante, acamado,
    domiciliado, hipertensao, diabetes, cadastro_em, ultima FROM quem_visitar_pessoas_fonte s WHERE s.municipe_id = ANY (ids);
END;
$$;--> statement-breakpoint

-- A source row names its citizen: the old and the new one (a member moved between citizens by a merge, issue 45).
CREATE FUNCTION "quem_visitar_por_municipe"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM quem_visitar_recontar(ARRAY[
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.municipe_id END,
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.municipe_id END]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quem_visitar_familia_membros" AFTER INSERT OR UPDATE OR DELETE ON "familia_membros"
  FOR EACH ROW EXECUTE FUNCTION "quem_visitar_por_municipe"();--> statement-breakpoint
CREATE TRIGGER "quem_visitar_condicoes_saude" AFTER INSERT OR UPDATE OR DELETE ON "municipe_condicoes_saude"
  FOR EACH ROW EXECUTE FUNCTION "quem_visitar_por_municipe"();--> statement-breakpoint
CREATE TRIGGER "quem_visitar_cadastros_individuais" AFTER INSERT OR DELETE ON "cadastros_individuais"
  FOR EACH ROW EXECUTE FUNCTION "quem_visitar_por_municipe"();--> statement-breakpoint
-- No column list on the updates below: "UPDATE OF" misses a column a BEFORE trigger changed (familias.micro_area is set
-- by familias_ordem_visita when the home is linked, migration 0012); WHEN compares the row as it is stored.
CREATE TRIGGER "quem_visitar_cadastros_individuais_alteracao" AFTER UPDATE ON "cadastros_individuais"
  FOR EACH ROW WHEN ((OLD.municipe_id, OLD.saida_em, OLD.updated_at) IS DISTINCT FROM (NEW.municipe_id, NEW.saida_em, NEW.updated_at))
  EXECUTE FUNCTION "quem_visitar_por_municipe"();--> statement-breakpoint
CREATE TRIGGER "quem_visitar_ultimas_visitas" AFTER INSERT OR UPDATE OR DELETE ON "municipe_ultimas_visitas"
  FOR EACH ROW EXECUTE FUNCTION "quem_visitar_por_municipe"();--> statement-breakpoint

CREATE FUNCTION "quem_visitar_municipe"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM quem_visitar_recontar(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quem_visitar_municipes"
  AFTER UPDATE ON "municipes"
  FOR EACH ROW WHEN ((OLD.nome, OLD.nome_social, OLD.data_nascimento, OLD.data_obito, OLD.motivo_saida_cadastro_id)
    IS DISTINCT FROM (NEW.nome, NEW.nome_social, NEW.data_nascimento, NEW.data_obito, NEW.motivo_saida_cadastro_id))
  EXECUTE FUNCTION "quem_visitar_municipe"();--> statement-breakpoint

-- A family's territory or its move changes every active member's row.
CREATE FUNCTION "quem_visitar_familia"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM quem_visitar_recontar(ARRAY(
    SELECT fm.municipe_id FROM familia_membros fm WHERE fm.familia_id = NEW.id AND fm.ativo));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "quem_visitar_familias"
  AFTER UPDATE ON "familias"
  FOR EACH ROW WHEN ((OLD.mudou, OLD.equipe_id, OLD.micro_area, OLD.unidade_saude_id)
    IS DISTINCT FROM (NEW.mudou, NEW.equipe_id, NEW.micro_area, NEW.unidade_saude_id))
  EXECUTE FUNCTION "quem_visitar_familia"();--> statement-breakpoint

-- What is already there.
INSERT INTO quem_visitar_pessoas (municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome, data_nascimento, gestante, acamado,
    domiciliado, hipertensao, diabetes, cadastro_em, ultima)
  SELECT municipe_id, familia_id, unidade_saude_id, equipe_id, micro_area, nome, data_nascimento, gestante, acamado,
    domiciliado, hipertensao, diabetes, cadastro_em, ultima FROM quem_visitar_pessoas_fonte;
