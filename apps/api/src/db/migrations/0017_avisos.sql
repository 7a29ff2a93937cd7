CREATE TABLE "aviso_visualizacoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"aviso_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"resposta" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avisos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"titulo" text NOT NULL,
	"mensagem" text NOT NULL,
	"data_inicial" date NOT NULL,
	"data_final" date NOT NULL,
	"horario" text,
	"tipo_unidade_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"unidade_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"perfil_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"profissional_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"checar_resposta" boolean DEFAULT false NOT NULL,
	"responsavel_id" uuid NOT NULL,
	"situacao" text DEFAULT 'ativo' NOT NULL,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "avisos_periodo_check" CHECK ("avisos"."data_final" >= "avisos"."data_inicial"),
	CONSTRAINT "avisos_horario_check" CHECK ("avisos"."horario" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "aviso_visualizacoes" ADD CONSTRAINT "aviso_visualizacoes_aviso_id_avisos_id_fk" FOREIGN KEY ("aviso_id") REFERENCES "public"."avisos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aviso_visualizacoes" ADD CONSTRAINT "aviso_visualizacoes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "aviso_visualizacoes" ADD CONSTRAINT "aviso_visualizacoes_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_responsavel_id_profissionais_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avisos" ADD CONSTRAINT "avisos_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "aviso_visualizacoes_aviso_profissional_key" ON "aviso_visualizacoes" USING btree ("aviso_id","profissional_id");--> statement-breakpoint
CREATE INDEX "aviso_visualizacoes_profissional_idx" ON "aviso_visualizacoes" USING btree ("profissional_id");--> statement-breakpoint
CREATE INDEX "avisos_vigencia_idx" ON "avisos" USING btree ("data_final","data_inicial") WHERE "avisos"."situacao" = 'ativo';--> statement-breakpoint
CREATE INDEX "avisos_lista_idx" ON "avisos" USING btree ("data_inicial" DESC NULLS LAST,"id" DESC NULLS LAST);