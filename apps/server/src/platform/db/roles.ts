import { pgRole } from 'drizzle-orm/pg-core';

/**
 * The non-login role every request that touches personal or health data switches to
 * (`set_config('role', 'app_user', true)`, i.e. `set local role app_user`). Row-level security
 * never applies to a superuser or a table owner, so without this switch the policies would be
 * decoration. Created by migration 0000.
 */
export const appUser = pgRole('app_user').existing();

/** SQL expression for the acting user's id, '' when the request has none. */
export const CURRENT_USER_ID = `nullif(current_setting('app.user_id', true), '')`;
