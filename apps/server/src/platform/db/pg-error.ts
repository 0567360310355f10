/** The PostgreSQL error behind a failed query (drizzle wraps it in `cause`), if any. */
export function pgError(error: unknown): { code: string; message: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, message: String(candidate.message ?? '') };
    }
    current = candidate.cause;
  }
  return undefined;
}

/**
 * node-postgres gave up waiting for a free connection of the pool (`connectionTimeoutMillis`);
 * drizzle may wrap it in `cause`. Its only mark is its message.
 */
export function isPoolWaitTimeout(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error && current.message === 'timeout exceeded when trying to connect') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  insufficientPrivilege: '42501',
} as const;
