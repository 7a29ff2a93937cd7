CREATE TABLE "ouvidoria_notificacao_leituras" (
	"notificacao_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"lida_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ouvidoria_notificacao_leituras_profissional_id_notificacao_id_pk" PRIMARY KEY("profissional_id","notificacao_id")
);
--> statement-breakpoint
CREATE TABLE "ouvidoria_notificacoes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"motivo" text DEFAULT 'nova' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prioridades_solicitacao" (
	"id" uuid PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"cor" text NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "prioridades_solicitacao_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "solicitacao_eventos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"solicitacao_id" uuid NOT NULL,
	"situacao_anterior" text,
	"situacao" text NOT NULL,
	"observacao" text,
	"profissional_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_ouvidoria" (
	"id" uuid PRIMARY KEY NOT NULL,
	"protocolo" text NOT NULL,
	"municipe_id" uuid,
	"anonimo" boolean DEFAULT false NOT NULL,
	"nome_solicitante" text,
	"contato_solicitante" text,
	"canal" text NOT NULL,
	"tipo_solicitacao_id" uuid NOT NULL,
	"prioridade_id" uuid NOT NULL,
	"assunto" text NOT NULL,
	"texto" text NOT NULL,
	"unidade_saude_id" uuid,
	"situacao" text DEFAULT 'aberta' NOT NULL,
	"prazo" date NOT NULL,
	"resposta" text,
	"respondida_em" timestamp with time zone,
	"respondida_por" uuid,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "solicitacoes_ouvidoria_anonimo_check" CHECK (not ("solicitacoes_ouvidoria"."anonimo" and "solicitacoes_ouvidoria"."municipe_id" is not null)),
	CONSTRAINT "solicitacoes_ouvidoria_resposta_check" CHECK (("solicitacoes_ouvidoria"."situacao" in ('aberta', 'em_analise') and "solicitacoes_ouvidoria"."respondida_em" is null)
        or ("solicitacoes_ouvidoria"."situacao" = 'respondida' and "solicitacoes_ouvidoria"."respondida_em" is not null) or "solicitacoes_ouvidoria"."situacao" = 'encerrada')
);
--> statement-breakpoint
CREATE TABLE "tipos_solicitacao" (
	"id" uuid PRIMARY KEY NOT NULL,
	"codigo" text NOT NULL,
	"nome" text NOT NULL,
	"icone" text NOT NULL,
	"prazo_dias" integer DEFAULT 30 NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "tipos_solicitacao_codigo_unique" UNIQUE("codigo")
);
--> statement-breakpoint
CREATE TABLE "notificacao_global_leituras" (
	"notificacao_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"lida_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificacao_global_leituras_profissional_id_notificacao_id_pk" PRIMARY KEY("profissional_id","notificacao_id")
);
--> statement-breakpoint
CREATE TABLE "notificacoes_globais" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tipo" text NOT NULL,
	"titulo" text NOT NULL,
	"subtitulo" text,
	"cor" text NOT NULL,
	"redirecionar_path_url" text,
	"perfil_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "notificacoes_globais_cor_check" CHECK ("notificacoes_globais"."cor" ~ '^[0-9A-F]{6}$'),
	CONSTRAINT "notificacoes_globais_path_check" CHECK ("notificacoes_globais"."redirecionar_path_url" is null or ("notificacoes_globais"."redirecionar_path_url" ~ '^/' and "notificacoes_globais"."redirecionar_path_url" !~ '^//'))
);
--> statement-breakpoint
ALTER TABLE "ouvidoria_notificacao_leituras" ADD CONSTRAINT "ouvidoria_notificacao_leituras_notificacao_id_ouvidoria_notificacoes_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."ouvidoria_notificacoes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ouvidoria_notificacao_leituras" ADD CONSTRAINT "ouvidoria_notificacao_leituras_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ouvidoria_notificacoes" ADD CONSTRAINT "ouvidoria_notificacoes_solicitacao_id_solicitacoes_ouvidoria_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_ouvidoria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_eventos" ADD CONSTRAINT "solicitacao_eventos_solicitacao_id_solicitacoes_ouvidoria_id_fk" FOREIGN KEY ("solicitacao_id") REFERENCES "public"."solicitacoes_ouvidoria"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacao_eventos" ADD CONSTRAINT "solicitacao_eventos_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_tipo_solicitacao_id_tipos_solicitacao_id_fk" FOREIGN KEY ("tipo_solicitacao_id") REFERENCES "public"."tipos_solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_prioridade_id_prioridades_solicitacao_id_fk" FOREIGN KEY ("prioridade_id") REFERENCES "public"."prioridades_solicitacao"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_respondida_por_profissionais_id_fk" FOREIGN KEY ("respondida_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_ouvidoria" ADD CONSTRAINT "solicitacoes_ouvidoria_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_global_leituras" ADD CONSTRAINT "notificacao_global_leituras_notificacao_id_notificacoes_globais_id_fk" FOREIGN KEY ("notificacao_id") REFERENCES "public"."notificacoes_globais"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_global_leituras" ADD CONSTRAINT "notificacao_global_leituras_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes_globais" ADD CONSTRAINT "notificacoes_globais_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ouvidoria_notificacoes_created_idx" ON "ouvidoria_notificacoes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacao_eventos_solicitacao_idx" ON "solicitacao_eventos" USING btree ("solicitacao_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "solicitacoes_ouvidoria_protocolo_key" ON "solicitacoes_ouvidoria" USING btree ("protocolo");--> statement-breakpoint
CREATE INDEX "solicitacoes_ouvidoria_lista_idx" ON "solicitacoes_ouvidoria" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "solicitacoes_ouvidoria_situacao_idx" ON "solicitacoes_ouvidoria" USING btree ("situacao","prazo");--> statement-breakpoint
CREATE INDEX "solicitacoes_ouvidoria_municipe_idx" ON "solicitacoes_ouvidoria" USING btree ("municipe_id");--> statement-breakpoint
CREATE INDEX "notificacoes_globais_created_idx" ON "notificacoes_globais" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);