CREATE TABLE "auth_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"uri" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "auth_applications_uri_unique" UNIQUE("uri")
);
--> statement-breakpoint
CREATE TABLE "categorias" (
	"id" uuid PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"sigla" text NOT NULL,
	"prioridade" integer NOT NULL,
	"cor" text NOT NULL,
	"descricao" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "fila_categorias" (
	"fila_id" uuid NOT NULL,
	"categoria_id" uuid NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "fila_categorias_fila_id_categoria_id_pk" PRIMARY KEY("fila_id","categoria_id")
);
--> statement-breakpoint
CREATE TABLE "fila_locais" (
	"id" uuid PRIMARY KEY NOT NULL,
	"fila_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "filas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "paineis_chaves" (
	"unidade_saude_id" uuid PRIMARY KEY NOT NULL,
	"chave_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "paineis_chaves_chave_hash_unique" UNIQUE("chave_hash")
);
--> statement-breakpoint
CREATE TABLE "senha_contadores" (
	"unidade_saude_id" uuid NOT NULL,
	"categoria_id" uuid NOT NULL,
	"data" date NOT NULL,
	"ultimo" integer NOT NULL,
	CONSTRAINT "senha_contadores_unidade_saude_id_categoria_id_data_pk" PRIMARY KEY("unidade_saude_id","categoria_id","data")
);
--> statement-breakpoint
CREATE TABLE "senha_eventos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"senha_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"fila_id" uuid NOT NULL,
	"local_id" uuid,
	"profissional_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senhas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"categoria_id" uuid NOT NULL,
	"fila_id" uuid NOT NULL,
	"data" date NOT NULL,
	"numero" integer NOT NULL,
	"codigo" text NOT NULL,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"emitida_em" timestamp with time zone DEFAULT now() NOT NULL,
	"na_fila_desde" timestamp with time zone DEFAULT now() NOT NULL,
	"encaminhada_de_fila_id" uuid,
	"local_id" uuid,
	"profissional_id" uuid,
	"chamada_em" timestamp with time zone,
	"chamadas" integer DEFAULT 0 NOT NULL,
	"atendimento_iniciado_em" timestamp with time zone,
	"concluida_em" timestamp with time zone,
	"atendimento_id" uuid,
	"emitida_por" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "senhas_situacao_check" CHECK ("senhas"."situacao" in ('aguardando', 'chamada', 'em_atendimento', 'concluida', 'ausente'))
);
--> statement-breakpoint
ALTER TABLE "unidades_saude" ADD COLUMN "tempo_chamadas" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "escopo" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "origem_sessao_id" uuid;--> statement-breakpoint
ALTER TABLE "fila_categorias" ADD CONSTRAINT "fila_categorias_fila_id_filas_id_fk" FOREIGN KEY ("fila_id") REFERENCES "public"."filas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fila_categorias" ADD CONSTRAINT "fila_categorias_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fila_categorias" ADD CONSTRAINT "fila_categorias_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fila_locais" ADD CONSTRAINT "fila_locais_fila_id_filas_id_fk" FOREIGN KEY ("fila_id") REFERENCES "public"."filas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "filas" ADD CONSTRAINT "filas_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paineis_chaves" ADD CONSTRAINT "paineis_chaves_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_contadores" ADD CONSTRAINT "senha_contadores_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_contadores" ADD CONSTRAINT "senha_contadores_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_eventos" ADD CONSTRAINT "senha_eventos_senha_id_senhas_id_fk" FOREIGN KEY ("senha_id") REFERENCES "public"."senhas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_eventos" ADD CONSTRAINT "senha_eventos_fila_id_filas_id_fk" FOREIGN KEY ("fila_id") REFERENCES "public"."filas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_eventos" ADD CONSTRAINT "senha_eventos_local_id_fila_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."fila_locais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_eventos" ADD CONSTRAINT "senha_eventos_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_categoria_id_categorias_id_fk" FOREIGN KEY ("categoria_id") REFERENCES "public"."categorias"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_fila_id_filas_id_fk" FOREIGN KEY ("fila_id") REFERENCES "public"."filas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_encaminhada_de_fila_id_filas_id_fk" FOREIGN KEY ("encaminhada_de_fila_id") REFERENCES "public"."filas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_local_id_fila_locais_id_fk" FOREIGN KEY ("local_id") REFERENCES "public"."fila_locais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_atendimento_id_atendimentos_id_fk" FOREIGN KEY ("atendimento_id") REFERENCES "public"."atendimentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senhas" ADD CONSTRAINT "senhas_emitida_por_profissionais_id_fk" FOREIGN KEY ("emitida_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_nome_key" ON "categorias" USING btree (lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "categorias_sigla_key" ON "categorias" USING btree ("sigla");--> statement-breakpoint
CREATE UNIQUE INDEX "fila_categorias_unidade_categoria_key" ON "fila_categorias" USING btree ("unidade_saude_id","categoria_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fila_locais_fila_nome_key" ON "fila_locais" USING btree ("fila_id",lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "filas_unidade_nome_key" ON "filas" USING btree ("unidade_saude_id",lower("nome"));--> statement-breakpoint
CREATE INDEX "senha_eventos_senha_idx" ON "senha_eventos" USING btree ("senha_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "senhas_unidade_data_codigo_key" ON "senhas" USING btree ("unidade_saude_id","data","codigo");--> statement-breakpoint
CREATE INDEX "senhas_fila_aguardando_idx" ON "senhas" USING btree ("fila_id","na_fila_desde") WHERE "senhas"."situacao" = 'aguardando';--> statement-breakpoint
CREATE INDEX "senhas_unidade_data_idx" ON "senhas" USING btree ("unidade_saude_id","data","emitida_em" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "senhas_atendimento_key" ON "senhas" USING btree ("atendimento_id");