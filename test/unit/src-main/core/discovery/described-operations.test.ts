import { describe, expect, it } from 'vitest';
import { discoverSwagger2 } from './discover-swagger2';

/** The Swagger 2.0 fixture with `basePath`, read as discover reads it; its suggestion must save. */
function discoverWith(basePath: string) {
  return discoverSwagger2({ basePath });
}

describe("a Swagger 2.0 description's basePath", () => {
  it('is read as a path from the origin even without its leading slash', () => {
    const { api, suggested } = discoverWith('api');
    expect(api.prefix).toBe('/api');
    expect(suggested.endpoints.getProcess).toEqual({ method: 'GET', path: '/api/v1/Processes/{processId}' });
  });

  it('puts no query into the endpoints, and says it left the query out', () => {
    const { api, suggested } = discoverWith('/x?t=');
    expect(api.prefix).toBe('/x');
    expect(suggested.endpoints.getProcess).toEqual({ method: 'GET', path: '/x/v1/Processes/{processId}' });
    expect(api.notes.join(' ')).toContain('?t=');
  });
});
