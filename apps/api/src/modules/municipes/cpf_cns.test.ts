import { msg, todayIso } from '@saude/shared';
import { MOTIVO_SAIDA_OBITO, type Municipe } from '@saude/shared/schemas/municipe';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { municipes } from '../../db/schema';
import { fixtures } from '../../test/fixtures';
import { useTestApp } from '../../test/helpers';
import { cnsFor, cnsProvisorioFor, cpfFor, municipePayload, nextSeq } from '../../test/municipe-data';

// Issue 39, unit flag `cpf_cns` ("Exigir CPF ou CNS"): while the user's current unit has it, a citizen is created or
// updated only with a CPF or a CNS (the provisional card alone does not do), except a deceased citizen or a baby in
// its first month. 422 on both fields, nothing written.

const url = '/api/v1/municipes';
type Headers = { authorization: string };

describe('unit flag cpf_cns', () => {
  const t = useTestApp();
  const f = fixtures(t);
  let exige: Awaited<ReturnType<typeof f.territorio>>;
  let livre: Awaited<ReturnType<typeof f.territorio>>;

  beforeAll(async () => {
    exige = await f.territorio({ unidade: { cpf_cns: true } });
    livre = await f.territorio();
  });

  /** A citizen with the provisional card only: the general rule takes it, the flag does not. */
  const soProvisorio = (over: Parameters<typeof municipePayload>[0] = {}) =>
    municipePayload({ cpf_numero: '', codigo_cns: '', cartao_provisorio: cnsProvisorioFor(nextSeq()), ...over });
  const post = (headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload: { confirmar_duplicados: true, ...payload } });
  const quantos = async (nome: string) =>
    (await t.db.select({ id: municipes.id }).from(municipes).where(eq(municipes.nome, nome))).length;
  const recusa = {
    cpf_numero: [msg.cpfObrigatorioSemCns],
    codigo_cns: [msg.cnsObrigatorioSemCpf],
  };

  for (const perfil of ['gestor', 'recepcao', 'enfermagem', 'acs'] as const) {
    it(`${perfil}: refuses a new citizen without CPF and CNS where the unit demands them, and takes it elsewhere`, async () => {
      const naExigente = (await f.como(perfil, exige)).headers;
      const semDocs = soProvisorio();
      const res = await post(naExigente, semDocs);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual(recusa);
      expect(await quantos(semDocs.nome)).toBe(0);
      // A CPF or a CNS beside the provisional card does.
      for (const doc of [{ cpf_numero: cpfFor(nextSeq()) }, { codigo_cns: cnsFor(nextSeq()) }]) {
        const ok = await post(naExigente, soProvisorio(doc));
        expect(ok.statusCode, ok.body).toBe(201);
      }
      // The flag off: the provisional card is enough, as before.
      const naLivre = (await f.como(perfil, livre)).headers;
      const semFlag = await post(naLivre, semDocs);
      expect(semFlag.statusCode, semFlag.body).toBe(201);
    });
  }

  for (const perfil of ['medico', 'enfermagem'] as const) {
    it(`${perfil}: refuses to update a citizen without CPF and CNS there and changes nothing; a CNS lets it through`, async () => {
      const criado = await post((await f.como('gestor', livre)).headers, soProvisorio());
      expect(criado.statusCode, criado.body).toBe(201);
      const { id, lock_version, ...rest } = criado.json<Municipe>();
      const headers = (await f.como(perfil, exige)).headers;
      const put = (payload: object) =>
        t.app.inject({ method: 'PUT', url: `${url}/${id}`, headers, payload: { ...rest, lock_version, ...payload } });
      const recusado = await put({ email: 'novo@exemplo.com.br' });
      expect(recusado.statusCode, recusado.body).toBe(422);
      expect(recusado.json().errors).toEqual(recusa);
      const [depois] = await t.db.select().from(municipes).where(eq(municipes.id, id));
      expect(depois).toMatchObject({ lock_version, email: rest.email });
      const aceito = await put({ codigo_cns: cnsFor(nextSeq()) });
      expect(aceito.statusCode, aceito.body).toBe(200);
    });
  }

  it('exempts a deceased citizen and a baby in its first month; a two-month-old needs the documents', async () => {
    const headers = (await f.como('enfermagem', exige)).headers;
    const hoje = todayIso();
    const diasAtras = (n: number) => todayIso(new Date(Date.now() - n * 86_400_000));
    const [dezDias, doisMeses] = [diasAtras(10), diasAtras(65)];
    const falecido = await post(
      headers,
      soProvisorio({ motivo_saida_cadastro_id: MOTIVO_SAIDA_OBITO, data_obito: hoje }),
    );
    expect(falecido.statusCode, falecido.body).toBe(201);
    expect((await post(headers, soProvisorio({ data_nascimento: dezDias }))).statusCode).toBe(201);
    const bebe = await post(headers, soProvisorio({ data_nascimento: doisMeses }));
    expect(bebe.statusCode).toBe(422);
    expect(bebe.json().errors).toEqual(recusa);
  });
});
