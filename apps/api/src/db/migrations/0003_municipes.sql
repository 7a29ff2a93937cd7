CREATE TABLE "municipe_condicoes_saude" (
	"municipe_id" uuid PRIMARY KEY NOT NULL,
	"dados" jsonb NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "municipe_prontuarios" (
	"id" uuid PRIMARY KEY NOT NULL,
	"municipe_id" uuid NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"numero" text NOT NULL,
	"inativacao_motivo_id" integer,
	"inativacao_justificativa" text,
	"inativado_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "municipe_sociodemograficas" (
	"municipe_id" uuid PRIMARY KEY NOT NULL,
	"dados" jsonb NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "municipes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cpf_numero" text,
	"codigo_cns" text,
	"cartao_provisorio" text,
	"cartao_municipal" text,
	"numero_registro" text,
	"numero_prontuario_familiar" text,
	"nome" text NOT NULL,
	"nome_social" text,
	"data_nascimento" date NOT NULL,
	"sexo_id" integer NOT NULL,
	"estado_civil_id" integer,
	"raca_cor_id" integer,
	"etnia_id" integer,
	"nome_mae" text,
	"mae_desconhecida" boolean DEFAULT false NOT NULL,
	"nome_pai" text,
	"pai_desconhecido" boolean DEFAULT false NOT NULL,
	"responsavel_nome" text,
	"responsavel_data_nascimento" date,
	"nacionalidade_id" integer,
	"municipio_nascimento_ibge" text,
	"pais_nascimento_id" integer,
	"data_entrada_brasil" date,
	"data_naturalizacao" date,
	"portaria_naturalizacao" text,
	"telefone_residencial" text,
	"telefone_celular" text,
	"telefone_contato" text,
	"email" text,
	"residencia_cep" text,
	"residencia_uf" text,
	"residencia_municipio_ibge" text,
	"residencia_tipo_logradouro" text,
	"residencia_logradouro" text,
	"residencia_numero" text,
	"residencia_complemento" text,
	"residencia_bairro" text,
	"residencia_ponto_referencia" text,
	"unidade_saude_referencia_id" uuid,
	"profissional_id" uuid,
	"equipe_id" uuid,
	"ocupacao_id" text,
	"micro_area" text,
	"fora_area" boolean DEFAULT false NOT NULL,
	"motivo_saida_cadastro_id" integer,
	"data_obito" date,
	"numero_do" text,
	"parentesco_id" integer,
	"doador_sangue" boolean DEFAULT false NOT NULL,
	"tipo_sanguineo_id" integer,
	"rg_numero" text,
	"rg_data_emissao" date,
	"rg_uf" text,
	"rg_orgao_emissor" text,
	"nis" text,
	"titulo_eleitor" text,
	"titulo_zona" text,
	"titulo_secao" text,
	"certidao_tipo" text,
	"certidao_cartorio" text,
	"certidao_livro" text,
	"certidao_folha" text,
	"certidao_termo" text,
	"certidao_data_emissao" date,
	"certidao_matricula" text,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "municipe_condicoes_saude" ADD CONSTRAINT "municipe_condicoes_saude_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_prontuarios" ADD CONSTRAINT "municipe_prontuarios_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_prontuarios" ADD CONSTRAINT "municipe_prontuarios_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_sociodemograficas" ADD CONSTRAINT "municipe_sociodemograficas_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_municipio_nascimento_ibge_municipios_codigo_ibge_fk" FOREIGN KEY ("municipio_nascimento_ibge") REFERENCES "public"."municipios"("codigo_ibge") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_residencia_municipio_ibge_municipios_codigo_ibge_fk" FOREIGN KEY ("residencia_municipio_ibge") REFERENCES "public"."municipios"("codigo_ibge") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_unidade_saude_referencia_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_referencia_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipes" ADD CONSTRAINT "municipes_equipe_id_equipes_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "municipe_prontuarios_unidade_numero_key" ON "municipe_prontuarios" USING btree ("unidade_saude_id","numero");--> statement-breakpoint
CREATE INDEX "municipe_prontuarios_municipe_id_idx" ON "municipe_prontuarios" USING btree ("municipe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "municipes_cpf_numero_key" ON "municipes" USING btree ("cpf_numero");--> statement-breakpoint
CREATE UNIQUE INDEX "municipes_codigo_cns_key" ON "municipes" USING btree ("codigo_cns");--> statement-breakpoint
CREATE INDEX "municipes_cartao_provisorio_idx" ON "municipes" USING btree ("cartao_provisorio");--> statement-breakpoint
CREATE INDEX "municipes_data_nascimento_idx" ON "municipes" USING btree ("data_nascimento");--> statement-breakpoint
CREATE INDEX "municipes_nome_ordem_idx" ON "municipes" USING btree ("nome" collate "und-x-icu","id");--> statement-breakpoint
CREATE INDEX "municipes_nome_trgm_idx" ON "municipes" USING gin (immutable_unaccent(lower("nome")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipes_nome_social_trgm_idx" ON "municipes" USING gin (immutable_unaccent(lower("nome_social")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipes_nome_mae_trgm_idx" ON "municipes" USING gin (immutable_unaccent(lower("nome_mae")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipes_nome_pai_trgm_idx" ON "municipes" USING gin (immutable_unaccent(lower("nome_pai")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipes_logradouro_trgm_idx" ON "municipes" USING gin (immutable_unaccent(lower("residencia_logradouro")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "municipes_telefones_idx" ON "municipes" USING gin ((array["telefone_residencial", "telefone_celular", "telefone_contato"]));--> statement-breakpoint
CREATE INDEX "municipes_unidade_micro_area_idx" ON "municipes" USING btree ("unidade_saude_referencia_id","micro_area");--> statement-breakpoint
CREATE INDEX "municipes_equipe_id_idx" ON "municipes" USING btree ("equipe_id");--> statement-breakpoint
CREATE INDEX "municipes_profissional_id_idx" ON "municipes" USING btree ("profissional_id");