import { vi } from 'vitest';
import type { AdminAccount, AdminProfessional, AdminSpecialty } from '@glucosuivi/domain/admin/admin.schemas';

/** One request the page sent: method, path, query and JSON body. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = (request: SentRequest) => Response;

/**
 * Stubs `fetch` with answers by "METHOD /path" (the session is a signed-in administrator unless
 * answered otherwise) and records every request, for the admin sections' tests.
 */
export function stubAdminApi(answers: Record<string, Answer>): SentRequest[] {
  const sent: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const request: SentRequest = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      sent.push(request);
      const answer = answers[`${request.method} ${request.path}`];
      if (answer) return answer(request);
      if (request.path === '/api/auth/get-session') return Response.json({ user: ADMIN_USER, session: { id: 's1', expiresAt: '2026-12-01T00:00:00.000Z' } });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  return sent;
}

export const ADMIN_USER = {
  id: 'admin-1',
  email: 'admin@glucosuivi.fr',
  name: 'Admin',
  firstName: 'Admin',
  lastName: 'GlucoSuivi',
  userType: 'admin',
  role: 'admin',
  twoFactorEnabled: true,
  language: 'fr',
  speciality: null,
};

export const twoFactorRequired = () =>
  Response.json({ error: { code: 'two_factor_required', message: 'Second factor required' } }, { status: 403 });

export function account(overrides: Partial<AdminAccount> & Pick<AdminAccount, 'id' | 'name' | 'email'>): AdminAccount {
  return {
    type: 'patient',
    createdAt: '2026-10-01T08:00:00.000Z',
    lastSignInAt: null,
    status: 'active',
    lockedAt: null,
    lockReason: null,
    eraseAfter: null,
    emailVerified: false,
    secondFactor: false,
    verification: null,
    ...overrides,
  };
}

export function professional(overrides: Partial<AdminProfessional> & Pick<AdminProfessional, 'id' | 'name'>): AdminProfessional {
  return {
    email: `${overrides.id}@example.test`,
    medicalLicense: '10000000009',
    licenseValid: true,
    speciality: 'infirmier',
    specialityName: 'Infirmier/Infirmière',
    registeredAt: '2026-10-02T08:00:00.000Z',
    status: 'pending',
    verifiedAt: null,
    rejectedAt: null,
    rejectionReason: null,
    accountStatus: 'active',
    ...overrides,
  };
}

export function specialty(overrides: Partial<AdminSpecialty> & Pick<AdminSpecialty, 'id' | 'name'>): AdminSpecialty {
  return { nameEn: null, nameEs: null, isActive: true, displayOrder: 1, professionals: 0, ...overrides };
}
