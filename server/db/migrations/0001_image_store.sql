CREATE TABLE "images" (
	"id" text NOT NULL,
	"size" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_id_size_pk" PRIMARY KEY("id","size"),
	CONSTRAINT "images_size_check" CHECK ("images"."size" in ('thumb', 'card', 'full')),
	CONSTRAINT "images_dimensions_check" CHECK ("images"."width" > 0 and "images"."height" > 0)
);
