ALTER TABLE "cadastros_domiciliares" ALTER COLUMN "possui_animais" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cadastros_domiciliares" ALTER COLUMN "possui_animais" DROP NOT NULL;