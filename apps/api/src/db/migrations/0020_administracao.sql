CREATE TABLE "importacoes_cnes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"arquivo_nome" text NOT NULL,
	"arquivo_sha256" text NOT NULL,
	"resumo" jsonb NOT NULL,
	"profissional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "equipes" ADD COLUMN "tipo" text;--> statement-breakpoint
ALTER TABLE "equipes" ADD COLUMN "origem_cnes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "cep" text;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "logradouro" text;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "telefones" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "origem_cnes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD COLUMN "inicio" date;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD COLUMN "fim" date;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD COLUMN "origem_cnes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "perfis" ADD COLUMN "lock_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profissionais" ADD COLUMN "origem_cnes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "importacoes_cnes" ADD CONSTRAINT "importacoes_cnes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "importacoes_cnes_created_at_idx" ON "importacoes_cnes" USING btree ("created_at");