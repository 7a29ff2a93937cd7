import { describe, expect, it } from 'vitest';
import { resultadoDoEnvio } from './fila';

describe('resultadoDoEnvio (issue 25)', () => {
  it('ends a record as sent on 2xx, and a cancellation already made (409) too', () => {
    expect(resultadoDoEnvio(201, 'visita')).toBe('enviado');
    expect(resultadoDoEnvio(200, 'visita')).toBe('enviado');
    expect(resultadoDoEnvio(409, 'cancelamento')).toBe('enviado');
  });

  it('keeps it waiting with no answer, a failing or busy server, and asks for a sign-in on 401', () => {
    for (const s of [0, 408, 429, 500, 502, 503]) expect(resultadoDoEnvio(s, 'visita')).toBe('depois');
    expect(resultadoDoEnvio(401, 'visita')).toBe('sessao');
    expect(resultadoDoEnvio(401, 'cancelamento')).toBe('sessao');
  });

  it("refuses it on the server's answer about the record (moved family 403, 422, 404, a visit's 409)", () => {
    for (const s of [403, 404, 422, 409]) expect(resultadoDoEnvio(s, 'visita')).toBe('recusado');
    expect(resultadoDoEnvio(403, 'cancelamento')).toBe('recusado');
  });
});
