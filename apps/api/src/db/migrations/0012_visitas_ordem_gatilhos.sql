-- The visit list's order kept on `familias` (issue 15, docs/decisions.md "Home visits: the agent's list at scale"):
-- the head's name, the home's micro-area and the last visit not cancelled, so an agent's page walks an index
-- (familias_visita_*_idx) instead of joining and sorting the whole team. Triggers keep them whoever writes (the
-- citizen, household, family and visit services, the seeds, imports), in the same transaction as the write.
-- Custom SQL: carried over by hand if the migrations are renumbered.

-- A family's head and home: read when the family is written.
CREATE FUNCTION "familias_ordem_visita"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.responsavel_nome := (SELECT nome FROM municipes WHERE id = NEW.responsavel_id);
  NEW.micro_area := (SELECT st_micro_area FROM cadastros_domiciliares WHERE id = NEW.domicilio_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "familias_ordem_visita" BEFORE INSERT OR UPDATE OF "responsavel_id", "domicilio_id" ON "familias"
  FOR EACH ROW EXECUTE FUNCTION "familias_ordem_visita"();--> statement-breakpoint

-- A citizen renamed: the families they head.
CREATE FUNCTION "municipes_nome_familias"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE familias SET responsavel_nome = NEW.nome WHERE responsavel_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "municipes_nome_familias" AFTER UPDATE OF "nome" ON "municipes"
  FOR EACH ROW WHEN (OLD.nome IS DISTINCT FROM NEW.nome) EXECUTE FUNCTION "municipes_nome_familias"();--> statement-breakpoint

-- A household moved to another micro-area: the families it holds.
CREATE FUNCTION "domicilios_micro_area_familias"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE familias SET micro_area = NEW.st_micro_area WHERE domicilio_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "domicilios_micro_area_familias" AFTER UPDATE OF "st_micro_area" ON "cadastros_domiciliares"
  FOR EACH ROW WHEN (OLD.st_micro_area IS DISTINCT FROM NEW.st_micro_area)
  EXECUTE FUNCTION "domicilios_micro_area_familias"();--> statement-breakpoint

-- The last visit. A new visit only moves it forward (greatest() is right whatever the order two saves commit in: an
-- UPDATE that waited for the row re-reads it). A cancelled, moved or removed visit recounts: the family row is locked
-- first, so the count, a statement of its own, sees every visit committed before it.
CREATE FUNCTION "visitas_ultima_visita"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fam uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.familia_id IS NOT NULL AND NEW.cancelada_em IS NULL THEN
      UPDATE familias SET ultima_visita = greatest(ultima_visita, NEW.data_visita) WHERE id = NEW.familia_id;
    END IF;
    RETURN NULL;
  END IF;
  FOREACH fam IN ARRAY ARRAY[OLD.familia_id, CASE WHEN TG_OP = 'UPDATE' THEN NEW.familia_id END] LOOP
    IF fam IS NOT NULL THEN
      PERFORM 1 FROM familias WHERE id = fam FOR UPDATE;
      UPDATE familias SET ultima_visita = (
        SELECT max(data_visita) FROM visitas_domiciliares WHERE familia_id = fam AND cancelada_em IS NULL
      ) WHERE id = fam;
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_inclusao" AFTER INSERT ON "visitas_domiciliares"
  FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita"();--> statement-breakpoint
CREATE TRIGGER "visitas_ultima_visita_alteracao" AFTER UPDATE OF "cancelada_em", "data_visita", "familia_id" OR DELETE
  ON "visitas_domiciliares" FOR EACH ROW EXECUTE FUNCTION "visitas_ultima_visita"();--> statement-breakpoint

-- What is already there (bench/municipio.ts runs the same after its bulk load, with these triggers off).
UPDATE familias f SET responsavel_nome = m.nome FROM municipes m WHERE m.id = f.responsavel_id;--> statement-breakpoint
UPDATE familias f SET micro_area = d.st_micro_area FROM cadastros_domiciliares d WHERE d.id = f.domicilio_id;--> statement-breakpoint
UPDATE familias f SET ultima_visita = v.ultima
  FROM (
    SELECT familia_id, max(data_visita) AS ultima FROM visitas_domiciliares
    WHERE familia_id IS NOT NULL AND cancelada_em IS NULL GROUP BY familia_id
  ) v
  WHERE v.familia_id = f.id;
