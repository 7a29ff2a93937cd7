CREATE TABLE "municipe_correcoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"municipe_id" uuid NOT NULL,
	"campo" text NOT NULL,
	"descricao" text NOT NULL,
	"situacao" text DEFAULT 'aberta' NOT NULL,
	"motivo_recusa" text,
	"solicitada_por" uuid,
	"solicitada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"fechada_por" uuid,
	"fechada_em" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "municipe_correcoes_situacao_check" CHECK ("municipe_correcoes"."situacao" in ('aberta', 'corrigida', 'recusada')),
	CONSTRAINT "municipe_correcoes_fechada_check" CHECK (("municipe_correcoes"."situacao" = 'aberta') = ("municipe_correcoes"."fechada_em" is null)),
	CONSTRAINT "municipe_correcoes_recusa_check" CHECK ("municipe_correcoes"."situacao" <> 'recusada' or length(trim("municipe_correcoes"."motivo_recusa")) > 0)
);
--> statement-breakpoint
ALTER TABLE "parametrizacao" ADD COLUMN "obito_anos_guarda" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "municipe_correcoes" ADD CONSTRAINT "municipe_correcoes_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_correcoes" ADD CONSTRAINT "municipe_correcoes_solicitada_por_profissionais_id_fk" FOREIGN KEY ("solicitada_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_correcoes" ADD CONSTRAINT "municipe_correcoes_fechada_por_profissionais_id_fk" FOREIGN KEY ("fechada_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "municipe_correcoes_municipe_idx" ON "municipe_correcoes" USING btree ("municipe_id","solicitada_em" DESC NULLS LAST);