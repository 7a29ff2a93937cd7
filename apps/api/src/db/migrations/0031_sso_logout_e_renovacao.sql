CREATE TABLE "sso_logout_jtis" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_sub" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_sid" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_id_token_cifrado" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_refresh_token_cifrado" text;--> statement-breakpoint
ALTER TABLE "sessoes" ADD COLUMN "sso_renovar_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessoes_sso_sid_idx" ON "sessoes" USING btree ("sso_sid");--> statement-breakpoint
CREATE INDEX "sessoes_sso_sub_idx" ON "sessoes" USING btree ("sso_sub");--> statement-breakpoint
-- contrair: 5c92752 (issue 43). The ID token no longer stays in clear on the session row: this release stops reading and
-- writing "sso_id_token" (it keeps an encrypted copy in "sso_id_token_cifrado") and clears what the earlier ones left.
-- A session signed in before the update signs out here without the hint (the provider may ask "sair?"). The column is
-- dropped by the next release, when no process of 5c92752 may still be inserting it.
UPDATE "sessoes" SET "sso_id_token" = NULL WHERE "sso_id_token" IS NOT NULL;
