CREATE TABLE "municipe_ultimas_visitas" (
	"municipe_id" uuid PRIMARY KEY NOT NULL,
	"data_visita" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "familias" ADD COLUMN "ultimo_desfecho_id" integer;--> statement-breakpoint
ALTER TABLE "municipe_ultimas_visitas" ADD CONSTRAINT "municipe_ultimas_visitas_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint

-- Issue 44, "Quem visitar": what the worklist reads, kept by the visits' triggers whoever writes them (the visit
-- service, the offline queue, seeds, benches), in the same transaction: each citizen's last visit not cancelled
-- (municipe_ultimas_visitas) and the outcome of the family's last visit (familias.ultimo_desfecho_id, beside
-- familias.ultima_visita from migration 0012). Custom SQL: carried over by hand if the migrations are renumbered.

-- The family's last visit and its outcome: migration 0012's function, now also keeping the outcome.
CREATE OR REPLACE FUNCTION "visitas_ultima_visita"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fam uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.familia_id IS NOT NULL AND NEW.cancelada_em IS NULL THEN
      UPDATE familias SET
        ultimo_desfecho_id = CASE WHEN ultima_visita IS NULL OR NEW.data_visita >= ultima_visita
          THEN NEW.desfecho_id ELSE ultimo_desfecho_id END,
        ultima_visita = greatest(ultima_visita, NEW.data_visita)
      WHERE id = NEW.familia_id;
    END IF;
    RETURN NULL;
  END IF;
  FOREACH fam IN ARRAY ARRAY[OLD.familia_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.familia_id END] LOOP
    IF fam IS NOT NULL THEN
      PERFORM 1 FROM familias WHERE id = fam FOR UPDATE;
      UPDATE familias f SET (ultima_visita, ultimo_desfecho_id) = (
        SELECT v.data_visita, v.desfecho_id FROM visitas_domiciliares v
        WHERE v.familia_id = fam AND v.cancelada_em IS NULL ORDER BY v.data_visita DESC, v.id DESC LIMIT 1
      ) WHERE f.id = fam;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "visitas_ultima_visita_alteracao" ON "visitas_domiciliares";--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_alteracao"
  AFTER UPDATE OF "cancelada_em", "data_visita", "familia_id", "desfecho_id" OR DELETE
  ON "visitas_domiciliares" FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita"();--> statement-breakpoint

-- A citizen's last visit: a new one only moves it forward; a cancelled, moved or removed one recounts, under a lock
-- per citizen so two recounts do not cross.
CREATE FUNCTION "visitas_ultima_visita_municipe"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  mun uuid;
  ultima timestamptz;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.municipe_id IS NOT NULL AND NEW.cancelada_em IS NULL THEN
      INSERT INTO municipe_ultimas_visitas AS u (municipe_id, data_visita) VALUES (NEW.municipe_id, NEW.data_visita)
        ON CONFLICT (municipe_id) DO UPDATE SET data_visita = greatest(u.data_visita, excluded.data_visita);
    END IF;
    RETURN NULL;
  END IF;
  FOREACH mun IN ARRAY ARRAY[OLD.municipe_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.municipe_id END] LOOP
    IF mun IS NOT NULL THEN
      PERFORM pg_advisory_xact_lock(hashtext('municipe_ultimas_visitas'), hashtext(mun::text));
      SELECT max(v.data_visita) INTO ultima FROM visitas_domiciliares v
        WHERE v.municipe_id = mun AND v.cancelada_em IS NULL;
      IF ultima IS NULL THEN
        DELETE FROM municipe_ultimas_visitas u WHERE u.municipe_id = mun;
      ELSE
        INSERT INTO municipe_ultimas_visitas AS u (municipe_id, data_visita) VALUES (mun, ultima)
          ON CONFLICT (municipe_id) DO UPDATE SET data_visita = excluded.data_visita;
      END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_municipe_inclusao" AFTER INSERT ON "visitas_domiciliares"
  FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita_municipe"();--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_municipe_alteracao"
  AFTER UPDATE OF "cancelada_em", "data_visita", "municipe_id" OR DELETE
  ON "visitas_domiciliares" FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita_municipe"();--> statement-breakpoint

-- What is already there (bench/municipio.ts runs the same after its bulk load, with these triggers off).
INSERT INTO municipe_ultimas_visitas (municipe_id, data_visita)
  SELECT v.municipe_id, max(v.data_visita) FROM visitas_domiciliares v
  WHERE v.municipe_id IS NOT NULL AND v.cancelada_em IS NULL GROUP BY v.municipe_id;--> statement-breakpoint
UPDATE familias f SET ultimo_desfecho_id = u.desfecho_id
  FROM (
    SELECT DISTINCT ON (v.familia_id) v.familia_id, v.desfecho_id FROM visitas_domiciliares v
    WHERE v.familia_id IS NOT NULL AND v.cancelada_em IS NULL ORDER BY v.familia_id, v.data_visita DESC, v.id DESC
  ) u
  WHERE u.familia_id = f.id;
