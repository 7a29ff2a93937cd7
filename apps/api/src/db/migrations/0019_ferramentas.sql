CREATE TABLE "lembretes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"profissional_id" uuid NOT NULL,
	"descricao" text NOT NULL,
	"data" date,
	"concluido_em" timestamp with time zone,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "temas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"objetivo" text NOT NULL,
	"descricao" text,
	"cor_primaria" text NOT NULL,
	"cor_secundaria" text NOT NULL,
	"imagem_base64" text,
	"icon" text,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date NOT NULL,
	"recorrente" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "temas_cores_check" CHECK ("temas"."cor_primaria" ~ '^#[0-9A-F]{6}$' and "temas"."cor_secundaria" ~ '^#[0-9A-F]{6}$'),
	CONSTRAINT "temas_vigencia_check" CHECK ("temas"."vigencia_fim" > "temas"."vigencia_inicio")
);
--> statement-breakpoint
CREATE TABLE "termo_uso_aceites" (
	"termo_uso_id" uuid NOT NULL,
	"profissional_id" uuid NOT NULL,
	"unidade_saude_id" uuid,
	"aceito_em" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	CONSTRAINT "termo_uso_aceites_profissional_id_termo_uso_id_pk" PRIMARY KEY("profissional_id","termo_uso_id")
);
--> statement-breakpoint
CREATE TABLE "termos_uso" (
	"id" uuid PRIMARY KEY NOT NULL,
	"versao" integer NOT NULL,
	"titulo" text NOT NULL,
	"texto" text NOT NULL,
	"publicado_em" timestamp with time zone,
	"publicado_por" uuid,
	"lock_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "termos_uso_versao_unique" UNIQUE("versao")
);
--> statement-breakpoint
ALTER TABLE "lembretes" ADD CONSTRAINT "lembretes_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_uso_aceites" ADD CONSTRAINT "termo_uso_aceites_termo_uso_id_termos_uso_id_fk" FOREIGN KEY ("termo_uso_id") REFERENCES "public"."termos_uso"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_uso_aceites" ADD CONSTRAINT "termo_uso_aceites_profissional_id_profissionais_id_fk" FOREIGN KEY ("profissional_id") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termo_uso_aceites" ADD CONSTRAINT "termo_uso_aceites_unidade_saude_id_unidades_saude_id_fk" FOREIGN KEY ("unidade_saude_id") REFERENCES "public"."unidades_saude"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "termos_uso" ADD CONSTRAINT "termos_uso_publicado_por_profissionais_id_fk" FOREIGN KEY ("publicado_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lembretes_profissional_idx" ON "lembretes" USING btree ("profissional_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "temas_vigencia_idx" ON "temas" USING btree ("vigencia_inicio","vigencia_fim");--> statement-breakpoint
CREATE INDEX "termo_uso_aceites_termo_idx" ON "termo_uso_aceites" USING btree ("termo_uso_id","aceito_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "termos_uso_publicado_idx" ON "termos_uso" USING btree ("publicado_em" DESC NULLS LAST);