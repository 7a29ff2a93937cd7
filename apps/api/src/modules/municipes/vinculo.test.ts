import { msg } from '@saude/shared';
import type { Municipe } from '@saude/shared/schemas/municipe';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Equipe, fixtures, type Headers, type Unidade } from '../../test/fixtures';
import { useTestApp } from '../../test/helpers';

// Issue 39: moving a citizen to another team or reference unit hands their health data to that team, so only the
// citizen's carers (cuidado.ts) or the manager may change those two fields, and a carer only to where they work.
const url = '/api/v1/municipes';

describe('PUT /api/v1/municipes/{id}: who may change equipe_id and unidade_saude_referencia_id', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let centro: Unidade;
  let centro1: Equipe;
  let centro2: Equipe;
  let vila: Unidade;
  let vilaEquipe: Equipe;
  let upa: Unidade;

  beforeAll(async () => {
    ({ unidade: centro, equipe: centro1 } = await f.territorio({ unidade: { nome: 'UBS Centro' } }));
    centro2 = await f.equipe(centro, { micro_areas: ['04', '05'] });
    ({ unidade: vila, equipe: vilaEquipe } = await f.territorio({ unidade: { nome: 'UBS Vila Esperança' } }));
    upa = await f.unidade({ nome: 'UPA 24h', tipo: 'UPA' });
  });

  /** A citizen of the team (and its unit) given, or of no team in the unit. */
  const cidadao = (unidade: Unidade | null, equipe: Equipe | null = null) =>
    f.municipe({ unidade_saude_referencia_id: unidade?.id ?? null, equipe_id: equipe?.id ?? null });

  const read = async (id: string) => {
    const gestor = await f.usuario({ perfil: 'gestor', unidade: centro });
    return (await t.app.inject({ method: 'GET', url: `${url}/${id}`, headers: gestor.headers })).json<Municipe>();
  };

  /** PUT of the stored citizen with `over` changed, as `headers`. */
  const move = async (
    headers: Headers,
    id: string,
    over: { equipe_id?: string | null; unidade_saude_referencia_id?: string | null; nome_social?: string },
  ) => {
    const { id: _id, lock_version, ...rest } = await read(id);
    return t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: { ...rest, ...over, lock_version } });
  };

  /** Refused on `fields` with `message`, and the citizen is exactly as before. */
  const expectRefused = async (
    res: Awaited<ReturnType<typeof move>>,
    id: string,
    before: Municipe,
    errors: Record<string, string[]>,
  ) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual(errors);
    const after = await read(id);
    expect(after).toMatchObject({
      equipe_id: before.equipe_id,
      unidade_saude_referencia_id: before.unidade_saude_referencia_id,
      nome_social: before.nome_social,
      lock_version: before.lock_version,
    });
  };

  it('refuses the ACS of another unit moving a citizen into their own team: no change, health data still hidden', async () => {
    const acs = await f.usuario({ perfil: 'acs', unidade: centro, equipe: centro1 });
    const m = await cidadao(vila, vilaEquipe);
    const health = () => t.app.inject({ method: 'GET', url: `${url}/${m.id}/condicao_saude`, headers: acs.headers });
    expect((await health()).statusCode).toBe(404);
    const before = await read(m.id);
    const res = await move(acs.headers, m.id, { equipe_id: centro1.id, unidade_saude_referencia_id: centro.id });
    await expectRefused(res, m.id, before, {
      equipe_id: [msg.transferenciaSemCuidado],
      unidade_saude_referencia_id: [msg.transferenciaSemCuidado],
    });
    expect((await health()).statusCode).toBe(404);
  });

  it('lets the ACS bring a citizen of their unit into their own team, and no further', async () => {
    const acs = await f.usuario({ perfil: 'acs', unidade: centro, equipe: centro1 });
    const m = await cidadao(centro);
    const ok = await move(acs.headers, m.id, { equipe_id: centro1.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ equipe_id: centro1.id, unidade_saude_referencia_id: centro.id });
    // Into a colleague team of the same unit, or to another unit: refused on the field.
    const before = await read(m.id);
    await expectRefused(await move(acs.headers, m.id, { equipe_id: centro2.id }), m.id, before, {
      equipe_id: [msg.equipeForaDaLotacao],
    });
    await expectRefused(
      await move(acs.headers, m.id, { equipe_id: vilaEquipe.id, unidade_saude_referencia_id: vila.id }),
      m.id,
      before,
      { equipe_id: [msg.equipeForaDaLotacao], unidade_saude_referencia_id: [msg.unidadeForaDoEscopo] },
    );
  });

  it("refuses reception at the UPA moving a citizen into a team, yet saves reception's other corrections", async () => {
    const recepcao = await f.usuario({ perfil: 'recepcao', unidade: upa });
    const m = await cidadao(vila, vilaEquipe);
    const before = await read(m.id);
    const res = await move(recepcao.headers, m.id, { equipe_id: centro1.id, unidade_saude_referencia_id: centro.id });
    await expectRefused(res, m.id, before, {
      equipe_id: [msg.transferenciaSemCuidado],
      unidade_saude_referencia_id: [msg.transferenciaSemCuidado],
    });
    // Clearing them is a change too: the citizen would leave their carers.
    await expectRefused(await move(recepcao.headers, m.id, { equipe_id: null }), m.id, before, {
      equipe_id: [msg.transferenciaSemCuidado],
    });
    const ok = await move(recepcao.headers, m.id, { nome_social: 'Nome Social Corrigido' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      nome_social: 'Nome Social Corrigido',
      equipe_id: vilaEquipe.id,
      unidade_saude_referencia_id: vila.id,
    });
  });

  it("lets the team's doctor move a citizen of the unit into the doctor's team, never to another unit's", async () => {
    const medico = await f.como('medico', { unidade: centro, equipe: centro1 });
    const m = await cidadao(centro, centro2);
    const ok = await move(medico.headers, m.id, { equipe_id: centro1.id });
    expect(ok.statusCode, ok.body).toBe(200);
    const before = await read(m.id);
    await expectRefused(
      await move(medico.headers, m.id, { equipe_id: vilaEquipe.id, unidade_saude_referencia_id: vila.id }),
      m.id,
      before,
      { equipe_id: [msg.equipeForaDaLotacao], unidade_saude_referencia_id: [msg.unidadeForaDoEscopo] },
    );
    // A citizen of another unit is not in the doctor's care.
    const outro = await cidadao(vila, vilaEquipe);
    const antes = await read(outro.id);
    await expectRefused(
      await move(medico.headers, outro.id, { equipe_id: centro1.id, unidade_saude_referencia_id: centro.id }),
      outro.id,
      antes,
      { equipe_id: [msg.transferenciaSemCuidado], unidade_saude_referencia_id: [msg.transferenciaSemCuidado] },
    );
  });

  it("lets a nurse coordinating the unit (no team) place a citizen of the unit in any of the unit's teams", async () => {
    const enf = await f.usuario({ perfil: 'enfermagem', unidade: centro, equipe: null });
    const m = await cidadao(centro, centro1);
    const ok = await move(enf.headers, m.id, { equipe_id: centro2.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().equipe_id).toBe(centro2.id);
    const before = await read(m.id);
    await expectRefused(
      await move(enf.headers, m.id, { equipe_id: vilaEquipe.id, unidade_saude_referencia_id: vila.id }),
      m.id,
      before,
      { equipe_id: [msg.equipeForaDaLotacao], unidade_saude_referencia_id: [msg.unidadeForaDoEscopo] },
    );
  });

  it('lets the manager move any citizen anywhere in the municipality (the team still of the unit)', async () => {
    const gestor = await f.usuario({ perfil: 'gestor', unidade: upa });
    const m = await cidadao(vila, vilaEquipe);
    const ok = await move(gestor.headers, m.id, { equipe_id: centro1.id, unidade_saude_referencia_id: centro.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ equipe_id: centro1.id, unidade_saude_referencia_id: centro.id });
    const mismatched = await move(gestor.headers, m.id, { equipe_id: vilaEquipe.id });
    expect(mismatched.statusCode).toBe(422);
    expect(mismatched.json().errors).toEqual({ equipe_id: [msg.naoEValido] });
  });
});
