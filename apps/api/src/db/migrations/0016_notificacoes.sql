CREATE TABLE "notificacao_eventos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"notificacao_id" uuid NOT NULL,
	"situacao_anterior" text,
	"situacao" text NOT NULL,
	"data_encerramento" date,
	"profissional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacoes_compulsorias" (
	"id" uuid PRIMARY KEY NOT NULL,
	"municipe_id" uuid NOT NULL,
	"doenca_agravo_id" text NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"situacao" text DEFAULT 'suspeito' NOT NULL,
	"data_notificacao" date NOT NULL,
	"hora_notificacao" text NOT NULL,
	"data_primeiros_sintomas" date,
	"informacoes_complementares" text,
	"obito" boolean,
	"data_obito" date,
	"internado" boolean,
	"data_internacao" date,
	"alta" boolean,
	"data_alta" date,
	"comorbidade_diabetes" boolean,
	"comorbidade_hipertensao" boolean,
	"comorbidade_doenca_renal_cronica" boolean,
	"comorbidade_hepatopatia" boolean,
	"comorbidade_doenca_hematologica" boolean,
	"comorbidade_doenca_autoimune" boolean,
	"comorbidade_doenca_acido_peptica" boolean,
	"comorbidade_imunossupressao" boolean,
	"observacoes" text,
	"dias_internacao" integer GENERATED ALWAYS AS ((data_alta - data_internacao)) STORED,
	"data_encerramento" date,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notificacoes_hora_check" CHECK ("notificacoes_compulsorias"."hora_notificacao" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "notificacoes_encerramento_check" CHECK (("notificacoes_compulsorias"."situacao" = 'suspeito') = ("notificacoes_compulsorias"."data_encerramento" is null))
);
--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD COLUMN "latitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD COLUMN "longitude" numeric(9, 6);--> statement-breakpoint
ALTER TABLE "notificacao_eventos" ADD CONSTRAINT "notificacao_eventos_notificacao_id_notificacoes_compulsorias_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacoes_compulsorias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_eventos" ADD CONSTRAINT "notificacao_eventos_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_compulsorias" ADD CONSTRAINT "notificacoes_compulsorias_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_compulsorias" ADD CONSTRAINT "notificacoes_compulsorias_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_compulsorias" ADD CONSTRAINT "notificacoes_compulsorias_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_compulsorias" ADD CONSTRAINT "notificacoes_compulsorias_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacao_eventos_notificacao_idx" ON "notificacao_eventos" USING btree ("notificacao_id","created_at");--> statement-breakpoint
CREATE INDEX "notificacoes_municipe_idx" ON "notificacoes_compulsorias" USING btree ("municipe_id","data_notificacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacoes_data_idx" ON "notificacoes_compulsorias" USING btree ("data_notificacao" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacoes_unidade_idx" ON "notificacoes_compulsorias" USING btree ("unidade_saude_id","data_notificacao" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacoes_doenca_idx" ON "notificacoes_compulsorias" USING btree ("doenca_agravo_id","data_notificacao" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD CONSTRAINT "cadastros_domiciliares_coordenadas_check" CHECK (("cadastros_domiciliares"."latitude" is null) = ("cadastros_domiciliares"."longitude" is null)
      and "cadastros_domiciliares"."latitude" between -90 and 90 and "cadastros_domiciliares"."longitude" between -180 and 180);