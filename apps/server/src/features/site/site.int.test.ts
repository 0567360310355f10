import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('GET /api/site', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ legalAddress: '12 rue de la Santé, 75013 Paris' });
  });
  afterAll(async () => t?.close());

  it('gives the configured publisher address to anyone, without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ legalAddress: '12 rue de la Santé, 75013 Paris' });
  });
});
