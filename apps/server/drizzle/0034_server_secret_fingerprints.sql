CREATE TABLE "server_secret_fingerprints" (
	"name" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "server_secret_fingerprints" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). Only the server's owner connection
-- reads and writes the fingerprints at start; the request role has nothing to do with them.
REVOKE ALL ON "server_secret_fingerprints" FROM app_user;
