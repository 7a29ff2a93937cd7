-- The audit trail partitioned by month of created_at (issue 41): every read of personal data writes a row, so a large
-- city adds millions a day. Month partitions keep each index small, let a month be detached to a file once it is past
-- the municipality's retention (npm run auditoria:arquivar), and keep a citizen's history one index probe per month.
-- drizzle-kit cannot declare partitions: the table is rebuilt here, its rows copied, the id sequence kept.
ALTER TABLE "auditoria" RENAME TO "auditoria_anterior";--> statement-breakpoint
ALTER INDEX "auditoria_pkey" RENAME TO "auditoria_anterior_pkey";--> statement-breakpoint
ALTER INDEX "auditoria_record_id_idx" RENAME TO "auditoria_anterior_record_id_idx";--> statement-breakpoint
ALTER INDEX "auditoria_created_at_idx" RENAME TO "auditoria_anterior_created_at_idx";--> statement-breakpoint
ALTER INDEX "auditoria_municipe_ids_idx" RENAME TO "auditoria_anterior_municipe_ids_idx";--> statement-breakpoint
-- A partitioned table's primary key must hold the partition key: (id, created_at). Nothing references the id.
CREATE TABLE "auditoria" (
	"id" bigint DEFAULT nextval('auditoria_id_seq'::regclass) NOT NULL,
	"profissional_id" uuid,
	"unidade_saude_id" uuid,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"municipe_ids" uuid[],
	CONSTRAINT "auditoria_id_created_at_pk" PRIMARY KEY("id","created_at")
) PARTITION BY RANGE ("created_at");--> statement-breakpoint
CREATE INDEX "auditoria_record_id_idx" ON "auditoria" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "auditoria_created_at_idx" ON "auditoria" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "auditoria_municipe_ids_idx" ON "auditoria" USING gin ("municipe_ids");--> statement-breakpoint
-- Row triggers on the parent are cloned to every partition, present and future; TRUNCATE triggers are per table, so
-- each partition gets its own (auditoria_criar_particao).
CREATE TRIGGER "auditoria_sem_alteracao" BEFORE UPDATE OR DELETE ON "auditoria"
  FOR EACH ROW EXECUTE FUNCTION "auditoria_somente_inclusao"();--> statement-breakpoint
CREATE TRIGGER "auditoria_sem_truncate" BEFORE TRUNCATE ON "auditoria"
  FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_somente_inclusao"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "auditoria" FROM PUBLIC, CURRENT_USER;--> statement-breakpoint
-- The safety net (docs/decisions.md): a row whose month has no partition lands here instead of failing the save it
-- records. The app creates months ahead, so it stays empty in normal use.
CREATE TABLE "auditoria_padrao" PARTITION OF "auditoria" DEFAULT;--> statement-breakpoint
CREATE TRIGGER "auditoria_sem_truncate" BEFORE TRUNCATE ON "auditoria_padrao"
  FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_somente_inclusao"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "auditoria_padrao" FROM PUBLIC, CURRENT_USER;--> statement-breakpoint
-- One month's partition, auditoria_AAAA_MM, bounded by São Paulo's calendar month. Idempotent; returns 1 when it
-- created the partition. SECURITY DEFINER: the app may run under a role that owns nothing (docs/decisions.md) and
-- still create months ahead. A month whose rows already sit in the default partition is left there (a warning):
-- creating it would fail, and moving rows would need the DELETE the trail refuses.
CREATE FUNCTION "auditoria_criar_particao"(mes date) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  inicio date := date_trunc('month', mes)::date;
  nome text := 'auditoria_' || to_char(inicio, 'YYYY_MM');
  de timestamptz := inicio::timestamp AT TIME ZONE 'America/Sao_Paulo';
  ate timestamptz := (inicio + interval '1 month')::timestamp AT TIME ZONE 'America/Sao_Paulo';
BEGIN
  IF to_regclass(quote_ident(nome)) IS NOT NULL THEN
    RETURN 0;
  END IF;
  IF EXISTS (SELECT 1 FROM auditoria_padrao WHERE created_at >= de AND created_at < ate) THEN
    RAISE WARNING 'auditoria: o mês % tem linhas na partição padrão; partição não criada.', to_char(inicio, 'MM/YYYY');
    RETURN 0;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF auditoria FOR VALUES FROM (%L) TO (%L)', nome, de, ate);
  EXECUTE format('CREATE TRIGGER auditoria_sem_truncate BEFORE TRUNCATE ON %I '
    'FOR EACH STATEMENT EXECUTE FUNCTION auditoria_somente_inclusao()', nome);
  EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %I FROM PUBLIC, CURRENT_USER', nome);
  RETURN 1;
END
$$;--> statement-breakpoint
-- The current month and the next `meses_a_frente`, called by the app at start and every few hours. The advisory lock
-- makes API processes starting together take turns; each then finds the months made and creates nothing.
CREATE FUNCTION "auditoria_criar_particoes"(meses_a_frente integer DEFAULT 2) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path FROM CURRENT AS $$
DECLARE
  atual date := date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo')::date;
  criadas integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('auditoria_criar_particoes'));
  FOR i IN 0..meses_a_frente LOOP
    criadas := criadas + auditoria_criar_particao((atual + make_interval(months => i))::date);
  END LOOP;
  RETURN criadas;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION "auditoria_criar_particao"(date) FROM PUBLIC;--> statement-breakpoint
-- The months the existing rows fall in, then the current one and two ahead; then the rows, same ids.
SELECT "auditoria_criar_particao"(m::date) FROM generate_series(
  date_trunc('month', coalesce((SELECT min("created_at") FROM "auditoria_anterior"), now()) AT TIME ZONE 'America/Sao_Paulo'),
  date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo'),
  interval '1 month') AS m;--> statement-breakpoint
SELECT "auditoria_criar_particoes"(2);--> statement-breakpoint
INSERT INTO "auditoria" ("id", "profissional_id", "unidade_saude_id", "action", "resource", "record_id", "ip", "details", "created_at", "municipe_ids")
  SELECT "id", "profissional_id", "unidade_saude_id", "action", "resource", "record_id", "ip", "details", "created_at", "municipe_ids"
  FROM "auditoria_anterior";--> statement-breakpoint
ALTER SEQUENCE "auditoria_id_seq" OWNED BY "auditoria"."id";--> statement-breakpoint
DROP TABLE "auditoria_anterior";--> statement-breakpoint
-- How many months of trail stay online (issue 41; docs/decisions.md): older months are archived to files.
ALTER TABLE "parametrizacao" ADD COLUMN "auditoria_meses_online" integer DEFAULT 60 NOT NULL;
