CREATE TABLE "municipes_palavras" (
	"palavra" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "municipes_palavras_trgm_idx" ON "municipes_palavras" USING gin ("palavra" gin_trgm_ops);