CREATE TABLE "esus_fichas_em_exportacao" (
	"exportacao_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"registro_id" uuid NOT NULL,
	"uuid_ficha_originadora" text NOT NULL,
	"uuid_ficha" text NOT NULL,
	"versao_enviada" timestamp with time zone NOT NULL,
	CONSTRAINT "esus_fichas_em_exportacao_exportacao_id_tipo_registro_id_pk" PRIMARY KEY("exportacao_id","tipo","registro_id")
);
--> statement-breakpoint
CREATE TABLE "esus_fichas_enviadas" (
	"tipo" text NOT NULL,
	"registro_id" uuid NOT NULL,
	"uuid_ficha_originadora" text NOT NULL,
	"uuid_ficha" text NOT NULL,
	"versao_enviada" timestamp with time zone NOT NULL,
	"exportacao_id" uuid NOT NULL,
	CONSTRAINT "esus_fichas_enviadas_tipo_registro_id_pk" PRIMARY KEY("tipo","registro_id")
);
--> statement-breakpoint
CREATE TABLE "exportacoes_esus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profissional_id" uuid NOT NULL,
	"unidade_ids" uuid[] NOT NULL,
	"inicio" date NOT NULL,
	"fim" date NOT NULL,
	"exportadas" integer DEFAULT 0 NOT NULL,
	"com_problema" integer DEFAULT 0 NOT NULL,
	"problemas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "esus_fichas_em_exportacao" ADD CONSTRAINT "esus_fichas_em_exportacao_exportacao_id_exportacoes_esus_id_fk" FOREIGN KEY ("exportacao_id") REFERENCES "public"."exportacoes_esus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "esus_fichas_enviadas" ADD CONSTRAINT "esus_fichas_enviadas_exportacao_id_exportacoes_esus_id_fk" FOREIGN KEY ("exportacao_id") REFERENCES "public"."exportacoes_esus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exportacoes_esus" ADD CONSTRAINT "exportacoes_esus_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exportacoes_esus_created_at_idx" ON "exportacoes_esus" USING btree ("created_at");