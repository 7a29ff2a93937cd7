import { msg } from '@saude/shared';
import type { Lembrete } from '@saude/shared/schemas/lembrete';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtures, type Headers, UNKNOWN_ID } from '../../test/fixtures';
import { auditRows, useTestApp } from '../../test/helpers';

const url = '/api/v1/lembretes';

describe(url, () => {
  const t = useTestApp();
  const f = fixtures(t);
  let ana: Headers, bia: Headers, semPermissao: Headers;

  beforeAll(async () => {
    const unidade = await f.unidade();
    ana = (await f.usuario({ unidade, perfil: 'acs' })).headers;
    bia = (await f.usuario({ unidade, perfil: 'medico' })).headers;
    semPermissao = (await f.usuario({ unidade, permissoes: [] })).headers;
  });

  const criar = (payload: Record<string, unknown>, headers: Headers = ana) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const listar = async (headers: Headers) => (await t.app.inject({ method: 'GET', url, headers })).json<Lembrete[]>();
  const put = (id: string, payload: Record<string, unknown>, headers: Headers = ana) =>
    t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload });

  it('creates, ticks done and undone, and deletes the user own reminder (audited, without the text)', async () => {
    const res = await criar({ descricao: '  Ligar para a farmácia ', data: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(201);
    const l = res.json<Lembrete>();
    expect(l).toMatchObject({ descricao: 'Ligar para a farmácia', data: '2026-12-01', concluido_em: null });
    expect((await listar(ana)).map((x) => x.id)).toContain(l.id);

    const feito = await put(l.id, { concluido: true, lock_version: l.lock_version });
    expect(feito.statusCode, feito.body).toBe(200);
    const f1 = feito.json<Lembrete>();
    expect(f1.concluido_em).not.toBeNull();
    const desfeito = (
      await put(l.id, { concluido: false, data: null, lock_version: f1.lock_version })
    ).json<Lembrete>();
    expect(desfeito).toMatchObject({ concluido_em: null, data: null });
    expect((await put(l.id, { concluido: true, lock_version: f1.lock_version })).statusCode).toBe(409);

    const audit = await auditRows(t, { resource: 'lembretes', record_id: l.id });
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'update']);
    expect(JSON.stringify(audit)).not.toContain('farmácia');

    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${l.id}`, headers: ana })).statusCode).toBe(204);
    expect((await listar(ana)).map((x) => x.id)).not.toContain(l.id);
  });

  it("answers 404 to another user's reminder on update and delete, and never lists it", async () => {
    const l = (await criar({ descricao: 'Só da Ana' })).json<Lembrete>();
    expect((await listar(bia)).map((x) => x.id)).not.toContain(l.id);
    expect((await put(l.id, { concluido: true, lock_version: l.lock_version }, bia)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${l.id}`, headers: bia })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${UNKNOWN_ID}`, headers: ana })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/abc`, headers: ana })).statusCode).toBe(404);
    // Still there, untouched.
    expect((await listar(ana)).find((x) => x.id === l.id)?.concluido_em).toBeNull();
  });

  it('refuses a blank, a missing, a too long and a NUL description, and a bad date (422)', async () => {
    expect((await criar({ descricao: '   ' })).json()).toMatchObject({ errors: { descricao: [msg.obrigatorio] } });
    expect((await criar({})).json()).toMatchObject({ errors: { descricao: [msg.obrigatorio] } });
    expect((await criar({ descricao: 'a'.repeat(201) })).json()).toMatchObject({
      errors: { descricao: [msg.max(200)] },
    });
    expect((await criar({ descricao: 'a'.repeat(200) })).statusCode).toBe(201);
    expect((await criar({ descricao: 'a\u0000b' })).statusCode).toBe(422);
    expect((await criar({ descricao: 'x', data: '31/02/2026' })).json()).toMatchObject({
      errors: { data: [msg.dateFormat] },
    });
  });

  it('refuses a user without the lembretes permissions (403) and an anonymous one (401)', async () => {
    expect((await t.app.inject({ method: 'GET', url, headers: semPermissao })).statusCode).toBe(403);
    expect((await criar({ descricao: 'x' }, semPermissao)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
