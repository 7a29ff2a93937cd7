CREATE TABLE "atendimentos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"ocupacao_id" text NOT NULL,
	"especialidade" text,
	"municipe_id" uuid,
	"paciente_sem_identificacao_id" uuid,
	"senha" text,
	"data_chegada" timestamp with time zone NOT NULL,
	"data_ficha" timestamp with time zone NOT NULL,
	"acolhimento" boolean,
	"sindrome_gripal" boolean,
	"convenio" text,
	"tipo_chegada_id" integer,
	"placa_veiculo" text,
	"violencia" boolean,
	"acidente_trabalho" boolean,
	"possui_acompanhante" boolean,
	"acompanhante_nome" text,
	"rg" text,
	"parentesco_id" integer,
	"telefone" text,
	"retroativo" boolean DEFAULT false NOT NULL,
	"justificativa_retroativo" text,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"chamado_em" timestamp with time zone,
	"chamado_por" uuid,
	"cancelado_em" timestamp with time zone,
	"cancelado_por" uuid,
	"justificativa_cancelamento" text,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "atendimentos_paciente_check" CHECK ("atendimentos"."municipe_id" is not null or "atendimentos"."paciente_sem_identificacao_id" is not null),
	CONSTRAINT "atendimentos_situacao_check" CHECK ("atendimentos"."situacao" in ('aguardando', 'chamado', 'em_atendimento', 'concluido', 'cancelado'))
);
--> statement-breakpoint
CREATE TABLE "pacientes_sem_identificacao" (
	"id" uuid PRIMARY KEY NOT NULL,
	"unidade_saude_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"ocupacao_id" text NOT NULL,
	"nome" text NOT NULL,
	"data_nascimento_estimada" date,
	"idade_estimada" integer,
	"possui_deficiencia" boolean,
	"deficiencia_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sexo_id" integer,
	"raca_cor_id" integer,
	"cor_cabelo_id" integer,
	"cor_olhos_id" integer,
	"altura_aproximada" integer,
	"peso_aproximado" numeric(5, 1),
	"outras_caracteristicas" text,
	"nome_mae" text,
	"nome_mae_sem_informacao" boolean DEFAULT false NOT NULL,
	"nacionalidade_id" integer,
	"municipio_nascimento_ibge" text,
	"pais_nascimento_id" integer,
	"municipe_id" uuid,
	"identificado_em" timestamp with time zone,
	"identificado_por" uuid,
	"created_by" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_paciente_sem_identificacao_id_pacientes_sem_identificacao_id_fk" FOREIGN KEY ("paciente_sem_identificacao_id") REFERENCES "public"."pacientes_sem_identificacao"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_chamado_por_profissionais_id_fk" FOREIGN KEY ("chamado_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_cancelado_por_profissionais_id_fk" FOREIGN KEY ("cancelado_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "atendimentos" ADD CONSTRAINT "atendimentos_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_municipio_nascimento_ibge_municipios_codigo_ibge_fk" FOREIGN KEY ("municipio_nascimento_ibge") REFERENCES "public"."municipios"("codigo_ibge") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_identificado_por_profissionais_id_fk" FOREIGN KEY ("identificado_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes_sem_identificacao" ADD CONSTRAINT "pacientes_sem_identificacao_created_by_profissionais_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "atendimentos_unidade_chegada_idx" ON "atendimentos" USING btree ("unidade_saude_id","retroativo","data_chegada" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atendimentos_municipe_idx" ON "atendimentos" USING btree ("municipe_id","data_chegada" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "atendimentos_paciente_idx" ON "atendimentos" USING btree ("paciente_sem_identificacao_id");--> statement-breakpoint
CREATE INDEX "pacientes_sem_identificacao_unidade_idx" ON "pacientes_sem_identificacao" USING btree ("unidade_saude_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pacientes_sem_identificacao_municipe_idx" ON "pacientes_sem_identificacao" USING btree ("municipe_id");