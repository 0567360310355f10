-- TOTP secrets, backup codes and the sign-in audit are for the auth layer only.
REVOKE ALL ON "two_factor", "auth_audit" FROM app_user;
--> statement-breakpoint
-- Reference data: read by everyone, written by administrators through the owner role.
REVOKE INSERT, UPDATE, DELETE ON "medical_specialties" FROM app_user;
--> statement-breakpoint
INSERT INTO "medical_specialties" ("id", "name", "is_active", "display_order") VALUES
  ('medecin', 'Médecin', true, 1),
  ('diabetologue', 'Diabétologue', true, 2),
  ('infirmier', 'Infirmier/Infirmière', true, 3)
ON CONFLICT ("id") DO NOTHING;
