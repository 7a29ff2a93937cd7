CREATE TABLE "cadastros_individuais" (
	"id" uuid PRIMARY KEY NOT NULL,
	"municipe_id" uuid NOT NULL,
	"termo_recusa" boolean DEFAULT false NOT NULL,
	"proprio_responsavel_familiar" boolean DEFAULT false NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"alimentos_acabaram_sem_dinheiro" boolean DEFAULT false NOT NULL,
	"comeu_alguns_alimentos_sem_dinheiro" boolean DEFAULT false NOT NULL,
	"motivo_saida_cadastro_id" integer,
	"data_obito" date,
	"numero_do" text,
	"saida_em" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "cadastros_individuais" ADD CONSTRAINT "cadastros_individuais_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cadastros_individuais_municipe_ativo_key" ON "cadastros_individuais" USING btree ("municipe_id") WHERE "cadastros_individuais"."saida_em" is null;--> statement-breakpoint
CREATE INDEX "cadastros_individuais_municipe_id_idx" ON "cadastros_individuais" USING btree ("municipe_id");--> statement-breakpoint
CREATE INDEX "cadastros_individuais_data_cadastro_idx" ON "cadastros_individuais" USING btree ("data_cadastro");