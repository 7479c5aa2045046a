CREATE TABLE "scheduled_runs" (
	"job" text NOT NULL,
	"period" text NOT NULL,
	"claimed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_runs_job_period_pk" PRIMARY KEY("job","period")
);
