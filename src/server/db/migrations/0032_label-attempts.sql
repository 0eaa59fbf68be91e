DROP INDEX "shipping_labels_pending_idx";--> statement-breakpoint
ALTER TABLE "shipping_labels" ADD COLUMN "attempted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A label pending before this column existed was last attempted when it was recorded.
UPDATE "shipping_labels" SET "attempted_at" = "created_at";--> statement-breakpoint
CREATE INDEX "shipping_labels_pending_idx" ON "shipping_labels" USING btree ("store_id","attempted_at") WHERE "shipping_labels"."status" = 'pending';