ALTER TABLE "visitas_domiciliares" ALTER COLUMN "visita_compartilhada" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "visitas_domiciliares" ALTER COLUMN "visita_compartilhada" DROP NOT NULL;