import { Writable } from 'node:stream';
import { formatCns, formatCpf } from '@saude/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { municipePayload } from '../test/municipe-data';
import { useTestApp, useUserHeaders } from '../test/lifecycle';

// Health data is personal data (LGPD, issue 14): the log never holds a citizen's name or documents, whether they came
// in a URL's query, in a body, or back from the database inside an error.

describe('the log holds no personal data', () => {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString();
      done();
    },
  });
  const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  const headers = useUserHeaders(t, 'gestor');

  it('logs requests by path only, and a database failure without the values of the row', async () => {
    const pessoa = municipePayload({ nome: 'Quitéria Zanetti Valadares' });
    const cpf = pessoa.cpf_numero!;
    const cns = pessoa.codigo_cns!;
    // A database that refuses this citizen's row: the error echoes the values (drizzle's "params: …", PostgreSQL's
    // "Failing row contains (…)").
    await t.db.execute(sql.raw(`alter table municipes add constraint teste_falha check (nome <> '${pessoa.nome}')`));
    log = '';

    for (const q of [cpf, formatCpf(cpf), cns, pessoa.nome]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/municipes', query: { q }, headers });
      expect(res.statusCode).toBe(200);
    }
    const refused = await t.app.inject({ method: 'POST', url: '/api/v1/municipes', headers, payload: pessoa });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ code: 'erro_interno' });
    expect(refused.body).not.toContain(pessoa.nome);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/municipes',
      headers,
      payload: { ...pessoa, cpf_numero: `${cpf.slice(0, 10)}0`, data_nascimento: 'ontem' },
    });
    expect(invalid.statusCode).toBe(422);

    // No value of the citizen, nor a query string… of the citizen, nor a query string.
    for (const secret of [cpf, formatCpf(cpf), cns, formatCns(cns), pessoa.nome, 'Quitéria', 'Zanetti', '?q=']) {
      expect(log, secret).not.toContain(secret);
    }
    expect(log).not.toContain(encodeURIComponent(pessoa.nome));
    // …although the log was written, and says what failed.
    expect(log).toContain('"url":"/api/v1/municipes"');
    expect(log).toContain('unhandled');
    expect(log).toContain('23514');
    expect(log).toContain('teste_falha');
  });
});
