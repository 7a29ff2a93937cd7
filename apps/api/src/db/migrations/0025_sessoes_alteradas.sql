-- The session cache (issue 15, auth/session-cache.ts): every change that alters what the session query answers
-- (auth/sessions.ts) NOTIFYs 'sessoes_alteradas' (db/client.ts CANAL_SESSOES) in the changing transaction: a session's
-- token hash when one session changed, '*' for anything that may touch every session. Whoever writes (services,
-- imports, an administrator in psql), every API process drops the answers it kept. Custom SQL: carried over by hand if
-- the migrations are renumbered.
CREATE FUNCTION "sessoes_alteradas"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('sessoes_alteradas', OLD.token_hash);
  ELSE
    PERFORM pg_notify('sessoes_alteradas', '*');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- One session: revoked, another unit, another end, another scope. The idle touch (last_seen_at moving forward, once a
-- minute) is not a change: a cached answer lives only until the next touch is due. Moving it back (an administrator
-- ending idle sessions by hand, a test) is.
CREATE TRIGGER "sessoes_alteradas" AFTER UPDATE ON "sessoes" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at
    OR OLD.unidade_saude_id IS DISTINCT FROM NEW.unidade_saude_id
    OR OLD.expires_at IS DISTINCT FROM NEW.expires_at
    OR OLD.escopo IS DISTINCT FROM NEW.escopo
    OR OLD.metodo IS DISTINCT FROM NEW.metodo
    OR OLD.profissional_id IS DISTINCT FROM NEW.profissional_id
    OR OLD.token_hash IS DISTINCT FROM NEW.token_hash
    OR NEW.last_seen_at < OLD.last_seen_at)
  EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
CREATE TRIGGER "sessoes_removidas" AFTER DELETE OR TRUNCATE ON "sessoes"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint

-- What the session query reads of the professional: active, login, name, e-mail, one-time password.
CREATE TRIGGER "profissionais_sessoes" AFTER UPDATE OF "ativo", "login", "nome", "email", "senha_provisoria"
  OR DELETE OR TRUNCATE ON "profissionais"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
-- The current unit's name.
CREATE TRIGGER "unidades_saude_sessoes" AFTER UPDATE OF "nome" OR DELETE OR TRUNCATE ON "unidades_saude"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
-- Assignments (profile, team, micro-areas), profiles and their permissions.
CREATE TRIGGER "lotacoes_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lotacoes"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
CREATE TRIGGER "perfis_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "perfis"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
CREATE TRIGGER "perfil_permissoes_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "perfil_permissoes"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
-- The terms of use waiting for acceptance.
CREATE TRIGGER "termos_uso_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "termos_uso"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();--> statement-breakpoint
CREATE TRIGGER "termo_uso_aceites_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "termo_uso_aceites"
  FOR EACH STATEMENT EXECUTE FUNCTION "sessoes_alteradas"();
