CREATE TABLE "cadastros_domiciliares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"equipe_id" uuid,
	"ocupacao_id" text NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"st_micro_area" text,
	"fora_area" boolean DEFAULT false NOT NULL,
	"cep" text,
	"uf" text,
	"municipio_ibge" text,
	"tipo_logradouro" text,
	"logradouro" text,
	"numero" text,
	"sem_numero" boolean DEFAULT false NOT NULL,
	"complemento" text,
	"bairro" text,
	"ponto_referencia" text,
	"tipo_imovel_id" integer NOT NULL,
	"telefone_residencial" text,
	"telefone_contato" text,
	"situacao_moradia_id" integer,
	"localizacao_id" integer,
	"tipo_domicilio_id" integer,
	"condicao_posse_terra_id" integer,
	"numero_moradores" integer,
	"numero_comodos" integer,
	"tipo_acesso_id" integer,
	"material_paredes_id" integer,
	"energia_eletrica" boolean,
	"tipo_origem_energia_eletrica_id" integer,
	"abastecimento_agua_id" integer,
	"tratamento_agua_id" integer,
	"escoamento_sanitario_id" integer,
	"destino_lixo_id" integer,
	"possui_animais" boolean DEFAULT false NOT NULL,
	"animal_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"quantidade_animais" integer,
	"instituicao_nome" text,
	"instituicao_responsavel_nome" text,
	"instituicao_responsavel_cns" text,
	"instituicao_responsavel_cargo" text,
	"instituicao_responsavel_telefone" text,
	"instituicao_outros_profissionais" boolean,
	"termo_recusa" boolean DEFAULT false NOT NULL,
	"temperatura" numeric(4, 1),
	"glicemia" integer,
	"momento_coleta_glicemia_id" integer,
	"pressao_sistolica" integer,
	"pressao_diastolica" integer,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "familia_membros" (
	"id" uuid PRIMARY KEY NOT NULL,
	"familia_id" uuid NOT NULL,
	"municipe_id" uuid NOT NULL,
	"parentesco_id" integer NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "familias" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"equipe_id" uuid,
	"numero_prontuario" text,
	"reside_desde" date,
	"responsavel_id" uuid NOT NULL,
	"renda_familiar_id" integer,
	"mudou" boolean DEFAULT false NOT NULL,
	"mudou_em" timestamp with time zone,
	"domicilio_id" uuid,
	"vinculado_em" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "visitas_domiciliares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"familia_id" uuid,
	"domicilio_id" uuid,
	"municipe_id" uuid,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"equipe_id" uuid,
	"ocupacao_id" text NOT NULL,
	"data_visita" timestamp with time zone NOT NULL,
	"turno_atendimentos" integer NOT NULL,
	"micro_area" text,
	"fora_area" boolean DEFAULT false NOT NULL,
	"tipo_imovel_id" integer NOT NULL,
	"numero_prontuario" text,
	"visita_compartilhada" boolean DEFAULT false NOT NULL,
	"motivo_visita_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"desfecho_id" integer NOT NULL,
	"altura" numeric(4, 1),
	"peso" numeric(6, 3),
	"temperatura" numeric(4, 1),
	"glicemia" integer,
	"momento_coleta_glicemia_id" integer,
	"pressao_sistolica" integer,
	"pressao_diastolica" integer,
	"cancelada_em" timestamp with time zone,
	"cancelada_por" uuid,
	"justificativa_cancelamento" text,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD CONSTRAINT "cadastros_domiciliares_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD CONSTRAINT "cadastros_domiciliares_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD CONSTRAINT "cadastros_domiciliares_equipe_id_equipes_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ADD CONSTRAINT "cadastros_domiciliares_municipio_ibge_municipios_codigo_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("codigo_ibge") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familia_membros" ADD CONSTRAINT "familia_membros_familia_id_familias_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."familias"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familia_membros" ADD CONSTRAINT "familia_membros_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_equipe_id_equipes_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_responsavel_id_municipes_id_fk" FOREIGN KEY ("responsavel_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "familias" ADD CONSTRAINT "familias_domicilio_id_cadastros_domiciliares_id_fk" FOREIGN KEY ("domicilio_id") REFERENCES "public"."cadastros_domiciliares"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_familia_id_familias_id_fk" FOREIGN KEY ("familia_id") REFERENCES "public"."familias"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_domicilio_id_cadastros_domiciliares_id_fk" FOREIGN KEY ("domicilio_id") REFERENCES "public"."cadastros_domiciliares"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_equipe_id_equipes_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ADD CONSTRAINT "visitas_domiciliares_cancelada_por_profissionais_id_fk" FOREIGN KEY ("cancelada_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cadastros_domiciliares_equipe_micro_area_idx" ON "cadastros_domiciliares" USING btree ("equipe_id","st_micro_area");--> statement-breakpoint
CREATE INDEX "cadastros_domiciliares_unidade_idx" ON "cadastros_domiciliares" USING btree ("unidade_saude_id");--> statement-breakpoint
CREATE INDEX "cadastros_domiciliares_profissional_idx" ON "cadastros_domiciliares" USING btree ("profissional_id");--> statement-breakpoint
CREATE INDEX "cadastros_domiciliares_cep_idx" ON "cadastros_domiciliares" USING btree ("cep");--> statement-breakpoint
CREATE INDEX "cadastros_domiciliares_logradouro_trgm_idx" ON "cadastros_domiciliares" USING gin (immutable_unaccent(lower("logradouro")) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "familia_membros_municipe_ativo_key" ON "familia_membros" USING btree ("municipe_id") WHERE "familia_membros"."ativo";--> statement-breakpoint
CREATE UNIQUE INDEX "familia_membros_familia_municipe_key" ON "familia_membros" USING btree ("familia_id","municipe_id");--> statement-breakpoint
CREATE INDEX "familias_domicilio_id_idx" ON "familias" USING btree ("domicilio_id");--> statement-breakpoint
CREATE INDEX "familias_responsavel_id_idx" ON "familias" USING btree ("responsavel_id");--> statement-breakpoint
CREATE INDEX "familias_equipe_id_idx" ON "familias" USING btree ("equipe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "familias_unidade_prontuario_key" ON "familias" USING btree ("unidade_saude_id","numero_prontuario") WHERE "familias"."numero_prontuario" is not null;--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_familia_data_idx" ON "visitas_domiciliares" USING btree ("familia_id","data_visita");--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_municipe_data_idx" ON "visitas_domiciliares" USING btree ("municipe_id","data_visita");--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_profissional_data_idx" ON "visitas_domiciliares" USING btree ("profissional_id","data_visita");--> statement-breakpoint
CREATE INDEX "visitas_domiciliares_unidade_prontuario_idx" ON "visitas_domiciliares" USING btree ("unidade_saude_id","numero_prontuario");