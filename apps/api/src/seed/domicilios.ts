import { cboCadastroDomiciliarCodigos } from '@saude/shared/codes/cbo_cadastro_domiciliar';
import { PARENTESCO_RESPONSAVEL } from '@saude/shared/schemas/familia';
import { idadeEmAnos } from '@saude/shared/schemas/municipe';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { cadastrosDomiciliares, equipes, familiaMembros, familias, lotacoes, municipes } from '../db/schema';
import { newId } from '../lib/ids';
import { makeCnsDefinitivo, prng, type Rng, type Rua } from './municipes';

// Demo households and families (issue 7). For each team with citizens: one home per family on the team's street
// (demo CEPs, numbers 1..n), in the family's micro-area, with living conditions; a few other properties (school,
// commerce, an elderly home with its institution data) and empty homes to link families to. Families are drawn
// from the citizens of the team and micro-area: an adult head, then spouse, children and relatives with plausible
// kinship (1–5 members). Citizens with an exit (death, territory change) are left out. In ESF Centro 1 the first
// family (record number FAMILIA_MUDOU_PRONTUARIO, micro-area 01) moved away, and the last three are not linked to a
// home, to demonstrate linking. Deterministic, like the citizens.

export const FAMILIA_MUDOU_PRONTUARIO = 'F0001';
/** Families of ESF Centro 1 left without a home. */
export const FAMILIAS_SEM_DOMICILIO = 3;
const MIN_FAMILIAS_CENTRO1 = 18;
const MAX_MEMBROS = 5;

const DIA = 86_400_000;
const REFERENCIA = Date.UTC(2025, 0, 1);
const HOJE_REFERENCIA = '2025-01-01';
const CBO_ACS = '515105';
const CBO_ACE = '515140';

type Pessoa = { id: string; idade: number; sexo: number; celular: string | null };
type Membro = { pessoa: Pessoa; parentesco_id: number };

const cboPermitidos: ReadonlySet<string> = new Set(cboCadastroDomiciliarCodigos);
const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;

/** The head, then a spouse, children and relatives of the same micro-area, with the kinship their ages suggest. */
function formarFamilia(rng: Rng, adultos: Pessoa[], menores: Pessoa[], outroAdulto: () => boolean): Membro[] {
  // outroAdulto: may one more adult join as a non-head member (then it counts as taken)?
  const head = adultos.shift()!;
  const tamanho = pick(rng, [1, 1, 2, 2, 3, 3, 4, 5]);
  const membros: Membro[] = [{ pessoa: head, parentesco_id: PARENTESCO_RESPONSAVEL }];
  let conjuge = false;
  const take = (list: Pessoa[], i: number) => list.splice(i, 1)[0]!;
  while (membros.length < tamanho) {
    const c =
      !conjuge && rng() < 0.7
        ? adultos.findIndex((p) => p.sexo !== head.sexo && Math.abs(p.idade - head.idade) <= 15)
        : -1;
    if (c >= 0 && outroAdulto()) {
      membros.push({ pessoa: take(adultos, c), parentesco_id: 137 });
      conjuge = true;
      continue;
    }
    const f = menores.findIndex((p) => head.idade - p.idade >= 16);
    if (f >= 0 && rng() < 0.8) {
      const p = take(menores, f);
      membros.push({ pessoa: p, parentesco_id: head.idade - p.idade >= 40 ? 140 : 138 });
      continue;
    }
    if (adultos.length === 0 || rng() < 0.3 || !outroAdulto()) break;
    const p = take(adultos, 0);
    const diff = p.idade - head.idade;
    const parentesco = diff >= 18 ? 141 : diff <= -16 ? 138 : Math.abs(diff) <= 12 ? 143 : 145;
    membros.push({ pessoa: p, parentesco_id: parentesco });
  }
  return membros;
}

export async function seedDomicilios(db: Db, enderecos: readonly Rua[]): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cadastrosDomiciliares);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    const teams = await tx.select().from(equipes).orderBy(asc(equipes.ine));
    const agentes = await tx
      .select({
        equipe_id: lotacoes.equipe_id,
        unidade_saude_id: lotacoes.unidade_saude_id,
        profissional_id: lotacoes.profissional_id,
        cbo: lotacoes.ocupacao_codigo,
      })
      .from(lotacoes)
      .where(eq(lotacoes.ativo, true))
      .orderBy(asc(lotacoes.created_at));
    const cidadaos = await tx
      .select({
        id: municipes.id,
        equipe_id: municipes.equipe_id,
        micro_area: municipes.micro_area,
        nascimento: municipes.data_nascimento,
        sexo: municipes.sexo_id,
        cep: municipes.residencia_cep,
        celular: municipes.telefone_celular,
      })
      .from(municipes)
      .where(
        and(
          isNotNull(municipes.equipe_id),
          isNotNull(municipes.micro_area),
          isNull(municipes.motivo_saida_cadastro_id),
          isNull(municipes.data_obito),
        ),
      )
      .orderBy(asc(municipes.id));
    const rng = prng(20250707);
    const casas: Array<typeof cadastrosDomiciliares.$inferInsert> = [];
    const fams: Array<typeof familias.$inferInsert> = [];
    const membros: Array<typeof familiaMembros.$inferInsert> = [];
    let prontuario = 0;

    for (const [t, team] of teams.entries()) {
      const daEquipe = cidadaos.filter((c) => c.equipe_id === team.id);
      if (daEquipe.length === 0) continue;
      const agente =
        agentes.find((a) => a.equipe_id === team.id && a.cbo === CBO_ACS) ??
        agentes.find((a) => a.equipe_id === team.id && a.cbo === CBO_ACE) ??
        agentes.find((a) => a.equipe_id === team.id) ??
        // A team without agents in the demo: the unit's manager registered its homes.
        agentes.find((a) => a.unidade_saude_id === team.unidade_saude_id && cboPermitidos.has(a.cbo));
      if (!agente) continue;
      const rua = enderecos.find((e) => e.cep === daEquipe[0]!.cep) ?? enderecos[t % enderecos.length]!;
      const rural = rua.bairro === 'ZONA RURAL';
      const centro1 = team.ine === '9900000011';
      let numero = 0;
      const header = {
        unidade_saude_id: team.unidade_saude_id,
        profissional_id: agente.profissional_id,
        equipe_id: team.id,
        ocupacao_id: agente.cbo,
      };
      const casa = (
        micro_area: string,
        tipo_imovel_id: number,
        extra: Partial<typeof cadastrosDomiciliares.$inferInsert> = {},
      ) => {
        const id = newId();
        numero++;
        casas.push({
          id,
          ...header,
          st_micro_area: micro_area,
          data_cadastro: new Date(REFERENCIA - Math.floor(rng() * 400) * DIA - Math.floor(rng() * 9) * 3600_000),
          cep: rua.cep,
          uf: rua.uf,
          municipio_ibge: rua.municipio_ibge,
          tipo_logradouro: rua.tipo_logradouro,
          logradouro: rua.logradouro,
          numero: String(numero),
          bairro: rua.bairro,
          tipo_imovel_id,
          ...extra,
        });
        return id;
      };
      const condicoes = (moradores: number) => {
        const animais = rng() < 0.45 ? [pick(rng, [128, 129, 129, 130])] : [];
        const energia = rng() < 0.97;
        return {
          situacao_moradia_id: pick(rng, [75, 75, 75, 76, 77, 77, 79]),
          localizacao_id: rural ? 84 : 83,
          tipo_domicilio_id: pick(rng, [85, 85, 85, 86]),
          condicao_posse_terra_id: rural ? pick(rng, [101, 101, 104, 106]) : null,
          numero_moradores: moradores,
          numero_comodos: Math.max(2, moradores + Math.floor(rng() * 3)),
          tipo_acesso_id: rural ? pick(rng, [89, 90, 90]) : 89,
          material_paredes_id: pick(rng, [109, 109, 109, 110, 111]),
          energia_eletrica: energia,
          tipo_origem_energia_eletrica_id: energia ? 230 : null,
          abastecimento_agua_id: rural ? pick(rng, [118, 119, 117]) : 117,
          tratamento_agua_id: pick(rng, [99, 218, 98, 152]),
          escoamento_sanitario_id: rural ? pick(rng, [123, 124]) : pick(rng, [122, 122, 123]),
          destino_lixo_id: rural ? pick(rng, [93, 221]) : 93,
          possui_animais: animais.length > 0,
          animal_ids: animais,
          quantidade_animais: animais.length > 0 ? 1 + Math.floor(rng() * 2) : null,
        };
      };

      const grupos = [...new Set(daEquipe.map((c) => c.micro_area!))].sort();
      const daEquipeFamilias: Array<{ id: string; micro_area: string; membros: Membro[] }> = [];
      // ESF Centro 1 (the demo ACS) keeps at least MIN_FAMILIAS_CENTRO1 families: an adult joins a family as a
      // spouse or relative only while enough adults are left to head the rest.
      let adultosLivres = daEquipe.filter((c) => (idadeEmAnos(c.nascimento, HOJE_REFERENCIA) ?? 0) >= 18).length;
      const outroAdulto = () => {
        if (centro1 && daEquipeFamilias.length + adultosLivres - 1 < MIN_FAMILIAS_CENTRO1) return false;
        adultosLivres--;
        return true;
      };
      for (const micro_area of grupos) {
        const pessoas: Pessoa[] = daEquipe
          .filter((c) => c.micro_area === micro_area)
          .map((c) => ({
            id: c.id,
            idade: idadeEmAnos(c.nascimento, HOJE_REFERENCIA) ?? 0,
            sexo: c.sexo,
            celular: c.celular,
          }));
        const adultos = pessoas.filter((p) => p.idade >= 18);
        const menores = pessoas.filter((p) => p.idade < 18);
        const daMicroArea: typeof daEquipeFamilias = [];
        while (adultos.length > 0) {
          adultosLivres--;
          const familia = { id: newId(), micro_area, membros: [] as Membro[] };
          daEquipeFamilias.push(familia);
          daMicroArea.push(familia);
          familia.membros = formarFamilia(rng, adultos, menores, outroAdulto);
        }
        // No child lives alone: one left over joins the smallest family of its micro-area (no draw, so the PRNG
        // sequence stays), with the kinship the ages suggest.
        for (const p of menores) {
          const familia = daMicroArea
            .filter((f) => f.membros.length < MAX_MEMBROS)
            .sort((a, b) => a.membros.length - b.membros.length)[0];
          if (!familia) continue;
          const diff = familia.membros[0]!.pessoa.idade - p.idade;
          familia.membros.push({
            pessoa: p,
            parentesco_id: diff >= 40 ? 140 : diff >= 16 ? 138 : diff <= 12 ? 143 : 145,
          });
        }
      }
      for (const [i, f] of daEquipeFamilias.entries()) {
        prontuario++;
        const mudou = centro1 && i === 0;
        const semCasa = centro1 && i >= daEquipeFamilias.length - FAMILIAS_SEM_DOMICILIO;
        const head = f.membros[0]!.pessoa;
        const domicilio_id = semCasa
          ? null
          : casa(f.micro_area, 1, {
              ...condicoes(f.membros.length + (rng() < 0.15 ? 1 : 0)),
              telefone_contato: head.celular,
            });
        const desde = new Date(REFERENCIA - Math.floor(rng() * 3650) * DIA).toISOString().slice(0, 7);
        const cadastro = new Date(REFERENCIA - Math.floor(rng() * 300) * DIA);
        fams.push({
          id: f.id,
          unidade_saude_id: header.unidade_saude_id,
          profissional_id: header.profissional_id,
          equipe_id: header.equipe_id,
          numero_prontuario: `F${String(prontuario).padStart(4, '0')}`,
          reside_desde: `${desde}-01`,
          responsavel_id: head.id,
          renda_familiar_id: pick(rng, [1, 2, 3, 3, 4, 7, 8]),
          mudou,
          mudou_em: mudou ? new Date(REFERENCIA - 20 * DIA) : null,
          domicilio_id,
          vinculado_em: domicilio_id ? cadastro : null,
          created_at: cadastro,
        });
        for (const m of f.membros) {
          membros.push({
            id: newId(),
            familia_id: f.id,
            municipe_id: m.pessoa.id,
            parentesco_id: m.parentesco_id,
            ativo: !mudou,
          });
        }
      }
      // Empty homes to link families to, and properties that are not homes.
      const primeira = grupos[0]!;
      for (let k = 0; k < (centro1 ? 2 : 1); k++)
        casa(grupos[k % grupos.length]!, 1, condicoes(1 + Math.floor(rng() * 4)));
      casa(primeira, 2, { ponto_referencia: 'MERCADINHO' });
      if (centro1) {
        casa(primeira, 5, { ponto_referencia: 'ESCOLA MUNICIPAL' });
        casa(grupos[1] ?? primeira, 8, {
          localizacao_id: 83,
          numero_moradores: 18,
          energia_eletrica: true,
          tipo_origem_energia_eletrica_id: 230,
          abastecimento_agua_id: 117,
          tratamento_agua_id: 99,
          escoamento_sanitario_id: 122,
          destino_lixo_id: 93,
          instituicao_nome: 'LAR DE IDOSOS BOM REPOUSO',
          instituicao_responsavel_nome: 'Helena Duarte Vasconcelos',
          instituicao_responsavel_cns: makeCnsDefinitivo(880_000_001),
          instituicao_responsavel_cargo: 'Coordenadora',
          instituicao_responsavel_telefone: '6132415678',
          instituicao_outros_profissionais: true,
        });
      }
    }
    if (casas.length) await tx.insert(cadastrosDomiciliares).values(casas);
    if (fams.length) await tx.insert(familias).values(fams);
    if (membros.length) await tx.insert(familiaMembros).values(membros);
  });
}
