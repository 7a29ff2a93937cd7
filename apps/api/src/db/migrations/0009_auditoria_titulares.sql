ALTER TABLE "auditoria" ADD COLUMN "municipe_ids" uuid[];--> statement-breakpoint
CREATE INDEX "auditoria_municipe_ids_idx" ON "auditoria" USING gin ("municipe_ids");