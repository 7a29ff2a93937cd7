CREATE TABLE "sso_transacoes" (
	"state" text PRIMARY KEY NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"retorno" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "metodo" text DEFAULT 'senha' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_id_token" text;