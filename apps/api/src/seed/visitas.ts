import { imovelSemMorador, MOTIVOS_IMOVEL_SEM_MORADOR, turnoDaHora } from '@saude/shared/schemas/visita_domiciliar';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  cadastrosDomiciliares,
  familiaMembros,
  familias,
  lotacoes,
  municipeProntuarios,
  municipes,
  profissionais,
  visitasDomiciliares,
} from '../db/schema';
import { newId } from '../lib/ids';
import { prng, type Rng } from './municipes';

// Demo home visits (issue 8): the last four months of the demo agents' work, so "last visit" looks recent. The ACS
// visits the families of ESF Centro 1 and ESF Jardim das Palmeiras, the ACE those of ESF Centro 2 (vector control).
// The choices are deterministic (seeded PRNG over the families in name order); the dates count back from today.
// Families that moved away get visits only before they moved. Needs the families seed; without families it does nothing.

const DIA = 86_400_000;
const DIAS = 120;
const OFFSET_SAO_PAULO_H = 3; // UTC-3, no daylight saving time since 2019
const DESFECHO = { realizada: 1, recusada: 2, ausente: 3 } as const;
const JUSTIFICATIVAS = ['Visita lançada na família errada.', 'Visita registrada em duplicidade.'];

type Visita = typeof visitasDomiciliares.$inferInsert;
type Membro = { municipe_id: string; sexo_id: number; data_nascimento: string; ativo: boolean };

const chance = (rng: Rng, p: number) => rng() < p;
const entre = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

/** Reasons and measurements of a visit to a member, by age and sex (plausible, not clinical). */
function visitaMembro(
  rng: Rng,
  m: Membro,
  data: Date,
): Pick<Visita, 'motivo_visita_ids' | 'peso' | 'altura' | 'pressao_sistolica' | 'pressao_diastolica'> {
  const idade = (data.getTime() - Date.parse(`${m.data_nascimento}T12:00:00Z`)) / (365.25 * DIA);
  const motivos = [29];
  const out: ReturnType<typeof visitaMembro> = { motivo_visita_ids: motivos };
  if (idade < 1) {
    motivos.push(7, 4);
    out.peso = Math.round((3 + idade * 6 + rng()) * 1000) / 1000;
    out.altura = Math.round((50 + idade * 24) * 10) / 10;
  } else if (idade < 10) {
    motivos.push(8);
    if (chance(rng, 0.4)) motivos.push(4);
    out.peso = Math.round((9 + idade * 2.6 + rng() * 3) * 1000) / 1000;
    out.altura = Math.round((75 + idade * 6 + rng() * 5) * 10) / 10;
  } else if (m.sexo_id === 1 && idade >= 16 && idade <= 42 && chance(rng, 0.15)) {
    motivos.push(5);
    if (chance(rng, 0.5)) motivos.push(2);
  } else if (idade >= 60) {
    motivos.push(38);
    if (chance(rng, 0.5)) motivos.push(11);
    if (chance(rng, 0.25)) motivos.push(12);
  } else {
    if (chance(rng, 0.2)) motivos.push(11);
    if (chance(rng, 0.1)) motivos.push(12);
    if (chance(rng, 0.15)) motivos.push(2);
    if (chance(rng, 0.15)) motivos.push(31);
  }
  if (motivos.includes(11)) {
    out.pressao_sistolica = entre(rng, 115, 165);
    out.pressao_diastolica = entre(rng, 70, Math.min(100, out.pressao_sistolica - 20));
  }
  return out;
}

/** Reasons of a visit to the family as a whole. */
function motivosFamilia(rng: Rng, vetorial: boolean): number[] {
  if (vetorial) {
    const m = [34];
    if (chance(rng, 0.5)) m.push(36);
    if (chance(rng, 0.15)) m.push(35, 37);
    if (chance(rng, 0.2)) m.push(31);
    return m;
  }
  const m = [29];
  if (chance(rng, 0.15)) m.push(1);
  if (chance(rng, 0.25)) m.push(31);
  if (chance(rng, 0.08)) m.push(27);
  return m;
}

export async function seedVisitas(db: Db, now: Date = new Date()): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(visitasDomiciliares);
  if (n > 0) return;
  const agentes = await db
    .select({
      profissional_id: lotacoes.profissional_id,
      unidade: lotacoes.unidade_saude_id,
      equipe: lotacoes.equipe_id,
      cbo: lotacoes.ocupacao_codigo,
    })
    .from(lotacoes)
    .innerJoin(profissionais, eq(profissionais.id, lotacoes.profissional_id))
    .where(and(inArray(profissionais.login, ['acs', 'ace']), eq(lotacoes.ativo, true)));
  const fams = await db
    .select({
      id: familias.id,
      unidade: familias.unidade_saude_id,
      equipe: familias.equipe_id,
      domicilio_id: familias.domicilio_id,
      mudou: familias.mudou,
      mudou_em: familias.mudou_em,
      // A family not yet linked to a home lives in its head's micro-area (LEDI FVD: micro-area or out of area).
      micro_area: sql<string | null>`coalesce(${cadastrosDomiciliares.st_micro_area}, ${municipes.micro_area})`,
      fora_area: sql<boolean>`coalesce(${cadastrosDomiciliares.fora_area}, ${municipes.fora_area})`,
      tipo_imovel_id: cadastrosDomiciliares.tipo_imovel_id,
    })
    .from(familias)
    .innerJoin(municipes, eq(municipes.id, familias.responsavel_id))
    .leftJoin(cadastrosDomiciliares, eq(cadastrosDomiciliares.id, familias.domicilio_id))
    .orderBy(asc(municipes.nome), asc(municipes.data_nascimento), asc(familias.id));
  if (fams.length === 0 || agentes.length === 0) return;

  const membros = new Map<string, Membro[]>();
  for (const m of await db
    .select({
      familia_id: familiaMembros.familia_id,
      municipe_id: familiaMembros.municipe_id,
      sexo_id: municipes.sexo_id,
      data_nascimento: municipes.data_nascimento,
      ativo: familiaMembros.ativo,
    })
    .from(familiaMembros)
    .innerJoin(municipes, eq(municipes.id, familiaMembros.municipe_id))
    .where(isNull(municipes.data_obito))
    .orderBy(asc(municipes.nome), asc(municipes.data_nascimento))) {
    membros.set(m.familia_id, [...(membros.get(m.familia_id) ?? []), m]);
  }
  const prontuarios = new Map<string, string>();
  for (const p of await db
    .select({
      municipe_id: municipeProntuarios.municipe_id,
      unidade: municipeProntuarios.unidade_saude_id,
      numero: municipeProntuarios.numero,
    })
    .from(municipeProntuarios)
    .where(isNull(municipeProntuarios.inativado_em))) {
    prontuarios.set(`${p.municipe_id}:${p.unidade}`, p.numero);
  }

  const rng = prng(20261120);
  const hoje = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const values: Visita[] = [];
  for (const f of fams) {
    const agente = agentes.find((a) => a.unidade === f.unidade && a.equipe !== null && a.equipe === f.equipe);
    if (!agente) continue;
    const vetorial = agente.cbo === '515140';
    const tipo = f.tipo_imovel_id ?? 1;
    const semMorador = imovelSemMorador(tipo);
    const quantas = vetorial ? entre(rng, 1, 2) : entre(rng, 1, 4);
    for (let i = 0; i < quantas; i++) {
      const hora = entre(rng, 8, 16);
      const data = new Date(
        hoje - entre(rng, 1, DIAS) * DIA + (hora + OFFSET_SAO_PAULO_H) * 3600_000 + entre(rng, 0, 59) * 60_000,
      );
      // A family that moved away receives no visit after it moved (spec §4).
      if (f.mudou && (!f.mudou_em || data >= f.mudou_em)) continue;
      // Before the family moved, its (now inactive) members lived there.
      const lista = (membros.get(f.id) ?? []).filter((m) => m.ativo || f.mudou);
      const membro =
        !semMorador && lista.length > 0 && chance(rng, vetorial ? 0.1 : 0.6)
          ? lista[Math.floor(rng() * lista.length)]!
          : null;
      const r = rng();
      const desfecho = r < 0.82 ? DESFECHO.realizada : r < 0.93 ? DESFECHO.ausente : DESFECHO.recusada;
      let dados: Partial<Visita> = { motivo_visita_ids: [] };
      if (desfecho === DESFECHO.realizada) {
        dados = membro ? visitaMembro(rng, membro, data) : { motivo_visita_ids: motivosFamilia(rng, vetorial) };
        // Commerce, vacant lots, schools…: only the reasons e-SUS allows there.
        if (semMorador)
          dados.motivo_visita_ids = (dados.motivo_visita_ids ?? []).filter((m) =>
            MOTIVOS_IMOVEL_SEM_MORADOR.includes(m),
          );
        if (semMorador && dados.motivo_visita_ids!.length === 0) dados.motivo_visita_ids = [vetorial ? 34 : 1];
      }
      values.push({
        id: newId(),
        familia_id: f.id,
        domicilio_id: f.domicilio_id,
        municipe_id: membro?.municipe_id ?? null,
        unidade_saude_id: f.unidade,
        profissional_id: agente.profissional_id,
        equipe_id: agente.equipe,
        ocupacao_id: agente.cbo,
        data_visita: data,
        turno_atendimentos: turnoDaHora(hora),
        micro_area: f.fora_area ? null : (f.micro_area ?? null),
        fora_area: f.fora_area ?? false,
        tipo_imovel_id: tipo,
        numero_prontuario: membro ? (prontuarios.get(`${membro.municipe_id}:${f.unidade}`) ?? null) : null,
        visita_compartilhada: chance(rng, 0.05),
        desfecho_id: desfecho,
        ...dados,
        created_at: data,
        updated_at: data,
      });
    }
  }
  // Two visits withdrawn by their agent, with the justification (the row stays).
  const realizadas = values.filter((v) => v.desfecho_id === DESFECHO.realizada);
  for (const [i, v] of [realizadas[3], realizadas[Math.floor(realizadas.length / 2)]].entries()) {
    if (!v) continue;
    const em = new Date((v.data_visita as Date).getTime() + 2 * 3600_000);
    Object.assign(v, {
      cancelada_em: em,
      cancelada_por: v.profissional_id,
      justificativa_cancelamento: JUSTIFICATIVAS[i]!,
      updated_at: em,
      lock_version: 1,
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < values.length; i += 500) await tx.insert(visitasDomiciliares).values(values.slice(i, i + 500));
  });
}
