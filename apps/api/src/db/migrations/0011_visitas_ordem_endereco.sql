ALTER TABLE "familias" ADD COLUMN "responsavel_nome" text;--> statement-breakpoint
ALTER TABLE "familias" ADD COLUMN "micro_area" text;--> statement-breakpoint
ALTER TABLE "familias" ADD COLUMN "ultima_visita" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "cep" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "uf" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "municipio_ibge" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "tipo_logradouro" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "logradouro" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "sem_numero" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "complemento" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD COLUMN "bairro" text;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_municipio_ibge_municipios_codigo_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("codigo_ibge") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "familias_visita_area_idx" ON "familias" USING btree ("equipe_id","micro_area","responsavel_nome" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "familias_visita_equipe_idx" ON "familias" USING btree ("equipe_id","responsavel_nome" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "familias_visita_unidade_idx" ON "familias" USING btree ("unidade_saude_id","responsavel_nome" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_sem_familia_profissional_idx" ON "visitas_domiciliares" USING btree ("profissional_id","data_visita") WHERE "visitas_domiciliares"."familia_id" is null;--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_sem_familia_equipe_idx" ON "visitas_domiciliares" USING btree ("equipe_id","data_visita") WHERE "visitas_domiciliares"."familia_id" is null;