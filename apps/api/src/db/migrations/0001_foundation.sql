CREATE TABLE "equipes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"ine" text NOT NULL,
	"nome" text NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"micro_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "tipos_unidade" (
	"id" uuid PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tipos_unidade_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "unidades_saude" (
	"id" uuid PRIMARY KEY NOT NULL,
	"cnes" text NOT NULL,
	"nome" text NOT NULL,
	"tipo_unidade_id" uuid NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"com_agendamento" boolean DEFAULT false NOT NULL,
	"cpf_cns" boolean DEFAULT false NOT NULL,
	"exportacao_esus" boolean DEFAULT false NOT NULL,
	"gerenciamento_filas" boolean DEFAULT false NOT NULL,
	"misto" boolean DEFAULT false NOT NULL,
	"pronto_atendimento" boolean DEFAULT false NOT NULL,
	"sem_validacao" boolean DEFAULT false NOT NULL,
	"validacao_completa_municipe" boolean DEFAULT false NOT NULL,
	"validacao_no_agendamento" boolean DEFAULT false NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "lotacoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profissional_id" uuid NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"ocupacao_codigo" text NOT NULL,
	"equipe_id" uuid,
	"perfil_id" uuid NOT NULL,
	"micro_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "perfil_permissoes" (
	"perfil_id" uuid NOT NULL,
	"permission" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "perfil_permissoes_perfil_id_permission_pk" PRIMARY KEY("perfil_id","permission")
);
--> statement-breakpoint
CREATE TABLE "perfis" (
	"id" uuid PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"sistema" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "perfis_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "profissionais" (
	"id" uuid PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"nome" text NOT NULL,
	"email" text,
	"codigo_cns" text,
	"cpf_numero" text,
	"senha_hash" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profissional_id" uuid,
	"unidade_saude_id" uuid,
	"action" text NOT NULL,
	"resource" text NOT NULL,
	"record_id" text,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_falhas" (
	"chave" text PRIMARY KEY NOT NULL,
	"falhas" integer DEFAULT 0 NOT NULL,
	"janela_inicio" timestamp with time zone DEFAULT now() NOT NULL,
	"bloqueado_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"nome" text NOT NULL,
	"url" text,
	"icone" text,
	"ordem" integer DEFAULT 0 NOT NULL,
	"authorize" text,
	"v3" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "parametrizacao" (
	"id" integer PRIMARY KEY NOT NULL,
	"cliente_nome" text NOT NULL,
	"brasao" text,
	"habilita_biometria" boolean DEFAULT false NOT NULL,
	"versao" text NOT NULL,
	"esus_versao" text NOT NULL,
	"pec_versao" text NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "sessoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"profissional_id" uuid NOT NULL,
	"unidade_saude_id" uuid,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "sessoes_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "equipes" ADD CONSTRAINT "equipes_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD CONSTRAINT "unidades_saude_tipo_unidade_id_tipos_unidade_id_fk" FOREIGN KEY ("tipo_unidade_id") REFERENCES "public"."tipos_unidade"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD CONSTRAINT "lotacoes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD CONSTRAINT "lotacoes_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD CONSTRAINT "lotacoes_equipe_id_equipes_id_fk" FOREIGN KEY ("equipe_id") REFERENCES "public"."equipes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lotacoes" ADD CONSTRAINT "lotacoes_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "perfil_permissoes" ADD CONSTRAINT "perfil_permissoes_perfil_id_perfis_id_fk" FOREIGN KEY ("perfil_id") REFERENCES "public"."perfis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessoes" ADD CONSTRAINT "sessoes_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "equipes_ine_key" ON "equipes" USING btree ("ine");--> statement-breakpoint
CREATE INDEX "equipes_unidade_saude_id_idx" ON "equipes" USING btree ("unidade_saude_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_saude_cnes_key" ON "unidades_saude" USING btree ("cnes");--> statement-breakpoint
CREATE INDEX "unidades_saude_nome_idx" ON "unidades_saude" USING btree ("nome" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "lotacoes_profissional_unidade_idx" ON "lotacoes" USING btree ("profissional_id","unidade_saude_id");--> statement-breakpoint
CREATE INDEX "lotacoes_equipe_id_idx" ON "lotacoes" USING btree ("equipe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profissionais_login_key" ON "profissionais" USING btree (lower("login"));--> statement-breakpoint
CREATE INDEX "auditoria_record_id_idx" ON "auditoria" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "auditoria_created_at_idx" ON "auditoria" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessoes_profissional_id_idx" ON "sessoes" USING btree ("profissional_id");