CREATE TABLE "municipe_biometrias" (
	"municipe_id" uuid NOT NULL,
	"dedo" integer NOT NULL,
	"template_base64" text NOT NULL,
	"qualidade" integer NOT NULL,
	"capturada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"capturada_por" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "municipe_biometrias_municipe_id_dedo_pk" PRIMARY KEY("municipe_id","dedo"),
	CONSTRAINT "municipe_biometrias_dedo_check" CHECK ("municipe_biometrias"."dedo" BETWEEN 1 AND 10)
);
--> statement-breakpoint
ALTER TABLE "municipe_biometrias" ADD CONSTRAINT "municipe_biometrias_municipe_id_municipes_id_fk" FOREIGN KEY ("municipe_id") REFERENCES "public"."municipes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipe_biometrias" ADD CONSTRAINT "municipe_biometrias_capturada_por_profissionais_id_fk" FOREIGN KEY ("capturada_por") REFERENCES "public"."profissionais"("id") ON DELETE no action ON UPDATE no action;