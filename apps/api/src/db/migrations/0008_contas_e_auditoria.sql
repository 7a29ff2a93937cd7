CREATE TABLE "dispositivos_conhecidos" (
	"profissional_id" uuid NOT NULL,
	"dispositivo_hash" text NOT NULL,
	"ultimo_acesso" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "dispositivos_conhecidos_profissional_id_dispositivo_hash_pk" PRIMARY KEY("profissional_id","dispositivo_hash")
);
--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "senha_provisoria" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "demonstracao" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dispositivos_conhecidos" ADD CONSTRAINT "dispositivos_conhecidos_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Accounts made by the demo seed before this column existed: their e-mails are on the fictional demo domain.
UPDATE "profissionais" SET "demonstracao" = true WHERE "email" LIKE '%@saude.exemplo.gov.br';--> statement-breakpoint
-- The audit trail is append-only (issue 14). The trigger holds for every role, the table's owner and superusers
-- included; the REVOKE takes the rights away from the role running the migrations (the app's role in a one-role
-- install), which refuses them before the trigger is reached. An owner can grant them back or disable the trigger:
-- docs/decisions.md says how to run the app under a role that owns nothing.
CREATE FUNCTION "auditoria_somente_inclusao"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'A auditoria só aceita inclusões: % não é permitido.', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;--> statement-breakpoint
CREATE TRIGGER "auditoria_sem_alteracao" BEFORE UPDATE OR DELETE ON "auditoria"
  FOR EACH ROW EXECUTE FUNCTION "auditoria_somente_inclusao"();--> statement-breakpoint
CREATE TRIGGER "auditoria_sem_truncate" BEFORE TRUNCATE ON "auditoria"
  FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_somente_inclusao"();--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON "auditoria" FROM PUBLIC, CURRENT_USER;
