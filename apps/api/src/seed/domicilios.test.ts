import {
  cadastroDomiciliarInputSchema,
  type CadastroDomiciliar,
  type CadastroDomiciliarListItem,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { familiaIssues, PARENTESCO_RESPONSAVEL, type Familia } from '@saude/shared/schemas/familia';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toUpdate } from '../modules/atencao_primaria/cadastros_domiciliares/test-data';
import { fixtures } from '../test/fixtures';
import { useTestApp } from '../test/helpers';
import { familias } from '../db/schema';
import { FAMILIA_MUDOU_PRONTUARIO, FAMILIAS_SEM_DOMICILIO, seedDomicilios } from './domicilios';

// The demo's homes and families, seeded over a small territory built with fixtures (not the whole demo): what the
// seed stores must pass the shared rules of the forms, or the demo would show records nobody could save again.
describe('seed/domicilios.ts', () => {
  const t = useTestApp();

  it("registers a team's homes and families that pass the shared rules of the forms", async () => {
    const f = fixtures(t);
    // A territory shaped like the demo's ESF Centro 1 (the INE the seed recognises), with its agent.
    const unidade = await f.unidade();
    const equipe = await f.equipe(unidade, { ine: '9900000011' });
    const agente = await f.profissional([{ perfil: 'acs', unidade, equipe, micro_areas: ['01'] }]);
    const ano = new Date().getFullYear();
    for (let i = 0; i < 40; i++) {
      await f.municipe({
        equipe_id: equipe.id,
        micro_area: ['01', '02'][i % 2]!,
        sexo_id: i % 2,
        data_nascimento: `${i < 30 ? ano - 25 - i : ano - 3 - (i % 10)}-03-0${1 + (i % 9)}`,
        residencia_cep: '70000001',
      });
    }
    // A citizen who died is in no family.
    const falecido = await f.municipe({
      equipe_id: equipe.id,
      micro_area: '01',
      data_obito: '2024-01-01',
      motivo_saida_cadastro_id: 135,
    });
    await seedDomicilios(t.db, [
      {
        cep: '70000001',
        tipo_logradouro: '081',
        logradouro: 'DAS ACÁCIAS',
        bairro: 'CENTRO',
        uf: 'DF',
        municipio_ibge: '5300108',
      },
    ]);

    const { headers } = await f.usuario({ perfil: 'acs', unidade, equipe });
    const ler = async <T>(url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const casas = await ler<CadastroDomiciliarListItem[]>(
      '/api/v1/atencao_primaria/cadastros_domiciliares?per_page=100',
    );
    expect(new Set(casas.map((r) => r.tipo_imovel_id))).toEqual(new Set([1, 2, 5, 8]));
    for (const r of casas) {
      const c = await ler<CadastroDomiciliar>(`/api/v1/atencao_primaria/cadastros_domiciliares/${r.id}`);
      expect(c.profissional_id).toBe(agente.id);
      const parsed = cadastroDomiciliarInputSchema.safeParse(toUpdate(c));
      expect(parsed.success, `${c.logradouro}, ${c.numero}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      if (c.tipo_imovel_id === 8) {
        expect(c).toMatchObject({ instituicao_nome: 'LAR DE IDOSOS BOM REPOUSO', localizacao_id: 83 });
      }
      // Only homes answer the animals question; the others leave it unanswered.
      if (c.tipo_imovel_id !== 1) expect(c.possui_animais).toBeNull();
    }

    const doSeed = await t.db
      .select()
      .from(familias)
      .where(eq(familias.equipe_id, equipe.id))
      .orderBy(asc(familias.numero_prontuario));
    expect(doSeed.length).toBeGreaterThanOrEqual(18);
    expect(doSeed.filter((x) => x.mudou).map((x) => x.numero_prontuario)).toEqual([FAMILIA_MUDOU_PRONTUARIO]);
    expect(doSeed.filter((x) => x.domicilio_id === null)).toHaveLength(FAMILIAS_SEM_DOMICILIO);
    for (const x of doSeed) {
      const d = await ler<Familia>(`/api/v1/atencao_primaria/familias/${x.id}`);
      expect(d.membros.length).toBeGreaterThanOrEqual(1);
      expect(d.membros.length).toBeLessThanOrEqual(5);
      expect(d.membros[0]).toMatchObject({ municipe_id: d.responsavel_id, parentesco_id: PARENTESCO_RESPONSAVEL });
      expect(d.membros[0]!.idade).toBeGreaterThanOrEqual(18);
      expect(d.membros.map((m) => m.municipe_id)).not.toContain(falecido.id);
      expect(familiaIssues({ responsavel_id: d.responsavel_id, membros: d.membros })).toEqual([]);
    }
  });
});
