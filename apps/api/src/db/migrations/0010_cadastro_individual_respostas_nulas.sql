ALTER TABLE "cadastros_individuais" ALTER COLUMN "alimentos_acabaram_sem_dinheiro" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cadastros_individuais" ALTER COLUMN "alimentos_acabaram_sem_dinheiro" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cadastros_individuais" ALTER COLUMN "comeu_alguns_alimentos_sem_dinheiro" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "cadastros_individuais" ALTER COLUMN "comeu_alguns_alimentos_sem_dinheiro" DROP NOT NULL;