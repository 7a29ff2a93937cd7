CREATE TABLE "enderecos_cep" (
	"cep" text PRIMARY KEY NOT NULL,
	"uf" text NOT NULL,
	"municipio_ibge" text,
	"municipio" text NOT NULL,
	"tipo_logradouro" text,
	"logradouro" text,
	"bairro" text,
	"fonte" text DEFAULT 'municipio' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"codigo_ibge" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"uf" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "ufs" (
	"sigla" text PRIMARY KEY NOT NULL,
	"nome" text NOT NULL,
	"codigo_dne" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_uf_ufs_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."ufs"("sigla") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "municipios_uf_nome_idx" ON "municipios" USING btree ("uf","nome" collate "und-x-icu");