-- Credentials and session tokens are read by the auth layer as the owning role only; the
-- request role never needs them, so a bug in a data query cannot leak them.
REVOKE ALL ON "session", "account", "verification" FROM app_user;
