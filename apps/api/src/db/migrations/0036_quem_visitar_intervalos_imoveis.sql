CREATE TABLE "domicilio_ultimas_visitas_vetoriais" (
	"domicilio_id" uuid PRIMARY KEY NOT NULL,
	"data_visita" timestamp with time zone NOT NULL,
	"desfecho_id" integer NOT NULL,
	"com_foco" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "intervalos_visita" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "domicilio_ultimas_visitas_vetoriais" ADD CONSTRAINT "domicilio_ultimas_visitas_vetoriais_domicilio_id_cadastros_domiciliares_id_fk" FOREIGN KEY ("domicilio_id") REFERENCES "public"."cadastros_domiciliares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_vetorial_domicilio_idx" ON "visitas_domiciliares" USING btree ("domicilio_id","data_visita") WHERE ("visitas_domiciliares"."ocupacao_id" = '515140' or "visitas_domiciliares"."motivo_visita_ids" && array[34, 35, 36, 37]) and "visitas_domiciliares"."cancelada_em" is null;--> statement-breakpoint
-- à mão (não gerado pelo drizzle-kit):
-- Issue 44, the ACE's list: each property's last endemic-control visit (an ACE's, CBO 515140, or one with a reason of
-- LEDI's CONTROLE_AMBIENTAL_E_VETORIAL group, 34–37; not cancelled), its outcome and whether it found a focus (35), kept by the visits' triggers in the same
-- transaction whoever writes them. A new visit only moves it forward; a cancelled, changed or removed one recounts,
-- under a lock per property so two recounts do not cross.
CREATE FUNCTION "visitas_ultima_visita_vetorial"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dom uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.domicilio_id IS NOT NULL AND NEW.cancelada_em IS NULL
      AND (NEW.ocupacao_id = '515140' OR NEW.motivo_visita_ids && ARRAY[34, 35, 36, 37]) THEN
      INSERT INTO domicilio_ultimas_visitas_vetoriais AS u (domicilio_id, data_visita, desfecho_id, com_foco)
        VALUES (NEW.domicilio_id, NEW.data_visita, NEW.desfecho_id, 35 = ANY (NEW.motivo_visita_ids))
        ON CONFLICT (domicilio_id) DO UPDATE SET data_visita = excluded.data_visita,
          desfecho_id = excluded.desfecho_id, com_foco = excluded.com_foco
        WHERE excluded.data_visita >= u.data_visita;
    END IF;
    RETURN NULL;
  END IF;
  FOREACH dom IN ARRAY ARRAY[OLD.domicilio_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.domicilio_id END] LOOP
    IF dom IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('domicilio_ultimas_visitas_vetoriais'), hashtext(dom::text));
      DELETE FROM domicilio_ultimas_visitas_vetoriais u WHERE u.domicilio_id = dom;
      INSERT INTO domicilio_ultimas_visitas_vetoriais (domicilio_id, data_visita, desfecho_id, com_foco)
        SELECT v.domicilio_id, v.data_visita, v.desfecho_id, 35 = ANY (v.motivo_visita_ids)
        FROM visitas_domiciliares v
        WHERE v.domicilio_id = dom AND (v.ocupacao_id = '515140' OR v.motivo_visita_ids && ARRAY[34, 35, 36, 37]) AND v.cancelada_em IS NULL
        ORDER BY v.data_visita DESC, v.id DESC LIMIT 1;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_vetorial_inclusao" AFTER INSERT ON "visitas_domiciliares"
  FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita_vetorial"();--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_vetorial_alteracao"
  AFTER UPDATE OF "cancelada_em", "data_visita", "domicilio_id", "desfecho_id", "motivo_visita_ids", "ocupacao_id" OR DELETE
  ON "visitas_domiciliares" FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita_vetorial"();--> statement-breakpoint

-- What is already there.
INSERT INTO domicilio_ultimas_visitas_vetoriais (domicilio_id, data_visita, desfecho_id, com_foco)
  SELECT DISTINCT ON (v.domicilio_id) v.domicilio_id, v.data_visita, v.desfecho_id, 35 = ANY (v.motivo_visita_ids)
  FROM visitas_domiciliares v
  WHERE v.domicilio_id IS NOT NULL AND (v.ocupacao_id = '515140' OR v.motivo_visita_ids && ARRAY[34, 35, 36, 37]) AND v.cancelada_em IS NULL
  ORDER BY v.domicilio_id, v.data_visita DESC, v.id DESC;
