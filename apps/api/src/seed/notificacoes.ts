import { situacaoEncerrada, type SituacaoNotificacao } from '@saude/shared/schemas/notificacao_compulsoria';
import { todayIso } from '@saude/shared/validation/dates';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  cadastrosDomiciliares,
  familiaMembros,
  familias,
  lotacoes,
  municipes,
  notificacaoEventos,
  notificacoesCompulsorias,
  perfis,
} from '../db/schema';
import { newId } from '../lib/ids';
import { prng } from './municipes';

// Demo compulsory notifications (issue 18): the demo homes get coordinates around the map's default centre (config
// MAPS_DEFAULT_LAT/LNG), one cluster per neighbourhood a few km apart, the houses of a street 60 m apart; then a few
// dozen notifications (dengue clustered as an outbreak, tuberculosis, syphilis…) over citizens with a home, notified
// by their family's unit, some confirmed or discarded by surveillance, each with its history. Two citizens without a
// home are notified too, so the map says how many cases it cannot place. Deterministic: homes and citizens in address
// and name order, dates counted back from today. Most citizens stay un-notified (surveillance sees no health block of
// theirs: e2e/municipes-blocos.spec.ts).

/** The defaults of MAPS_DEFAULT_LAT/LNG (apps/api/src/config.ts): the demo municipality's centre. */
export const CENTRO_MAPA = { lat: -15.7801, lng: -47.9292 } as const;

/** Where each neighbourhood's houses start, in km north and east of the centre. */
const BAIRROS: Record<string, { norte: number; leste: number }> = {
  CENTRO: { norte: 0, leste: 0 },
  'JARDIM DAS PALMEIRAS': { norte: 1.8, leste: 1.3 },
  'VILA ESPERANÇA': { norte: -1.6, leste: 2.1 },
  'ZONA RURAL': { norte: -3.4, leste: -3.2 },
};
const OUTRO_BAIRRO = { norte: 1.2, leste: -1.8 };
const KM_POR_GRAU_LAT = 111.32;
const kmPorGrauLng = KM_POR_GRAU_LAT * Math.cos((CENTRO_MAPA.lat * Math.PI) / 180);

/** The i-th house of a neighbourhood: a grid of streets 60 m × 80 m, 10 houses a street. */
export function coordenadaDaCasa(bairro: string | null, i: number): { latitude: number; longitude: number } {
  const b = (bairro && BAIRROS[bairro]) || OUTRO_BAIRRO;
  const norte = b.norte - Math.floor(i / 10) * 0.08;
  const leste = b.leste + (i % 10) * 0.06;
  return {
    latitude: Number((CENTRO_MAPA.lat + norte / KM_POR_GRAU_LAT).toFixed(6)),
    longitude: Number((CENTRO_MAPA.lng + leste / kmPorGrauLng).toFixed(6)),
  };
}

async function coordenadas(tx: DbOrTx) {
  const casas = await tx
    .select({ id: cadastrosDomiciliares.id, bairro: cadastrosDomiciliares.bairro })
    .from(cadastrosDomiciliares)
    .where(isNull(cadastrosDomiciliares.latitude))
    .orderBy(
      asc(cadastrosDomiciliares.bairro),
      asc(cadastrosDomiciliares.logradouro),
      sql`nullif(regexp_replace(${cadastrosDomiciliares.numero}, '\\D', '', 'g'), '')::bigint`,
      asc(cadastrosDomiciliares.id),
    );
  if (casas.length === 0) return;
  const porBairro = new Map<string, number>();
  const valores = casas.map((c) => {
    const i = porBairro.get(c.bairro ?? '') ?? 0;
    porBairro.set(c.bairro ?? '', i + 1);
    const { latitude, longitude } = coordenadaDaCasa(c.bairro, i);
    return sql`(${c.id}::uuid, ${latitude}::numeric, ${longitude}::numeric)`;
  });
  await tx.execute(sql`update ${cadastrosDomiciliares} as d set latitude = v.lat, longitude = v.lng
    from (values ${sql.join(valores, sql`, `)}) as v(id, lat, lng) where d.id = v.id`);
}

/** What the demo notifies, in turn: the national list's code and the share of each (dengue is the outbreak). */
const DOENCAS = ['9a', '9a', '9a', '63', '54a', '9a', '25a', '29', '9a', '31', '42', '2', '9a', '65a', '8', '54c'];
const SOMENTE_MULHERES = new Set(['54c']);

const dia = (hojeMenos: number) => todayIso(new Date(Date.now() - hojeMenos * 86_400_000));

export async function seedNotificacoes(db: Db): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(notificacoesCompulsorias);
  if (n > 0) return;
  await db.transaction(async (tx) => {
    await coordenadas(tx);
    const comCasa = await tx
      .select({
        id: municipes.id,
        nascimento: municipes.data_nascimento,
        sexo: municipes.sexo_id,
        unidade_saude_id: familias.unidade_saude_id,
      })
      .from(municipes)
      .innerJoin(familiaMembros, and(eq(familiaMembros.municipe_id, municipes.id), eq(familiaMembros.ativo, true)))
      .innerJoin(familias, eq(familias.id, familiaMembros.familia_id))
      .where(and(isNull(municipes.data_obito), sql`${familias.domicilio_id} is not null`))
      .orderBy(asc(municipes.nome), asc(municipes.id));
    const semCasa = await tx
      .select({
        id: municipes.id,
        nascimento: municipes.data_nascimento,
        sexo: municipes.sexo_id,
        unidade_saude_id: municipes.unidade_saude_referencia_id,
      })
      .from(municipes)
      .where(
        and(
          isNull(municipes.data_obito),
          sql`not exists (select 1 from ${familiaMembros} where ${familiaMembros.municipe_id} = ${municipes.id}
            and ${familiaMembros.ativo})`,
        ),
      )
      .orderBy(asc(municipes.nome), asc(municipes.id))
      .limit(2);
    const equipe = await tx
      .select({ unidade: lotacoes.unidade_saude_id, profissional: lotacoes.profissional_id, perfil: perfis.codigo })
      .from(lotacoes)
      .innerJoin(perfis, eq(perfis.id, lotacoes.perfil_id))
      .where(eq(lotacoes.ativo, true))
      .orderBy(asc(lotacoes.created_at), asc(lotacoes.id));
    const notificador = (unidade: string | null) => {
      const daUnidade = equipe.filter((l) => l.unidade === unidade);
      return (
        daUnidade.find((l) => l.perfil === 'enfermagem' || l.perfil === 'medico') ??
        daUnidade.find((l) => l.perfil !== 'recepcao') ??
        null
      );
    };
    const vigilancia = equipe.find((l) => l.perfil === 'vigilancia') ?? equipe.find((l) => l.perfil === 'gestor');
    if (!vigilancia) return;

    const rng = prng(20261118);
    // Every other citizen with a home, up to 36: the others stay un-notified.
    const escolhidos = [...comCasa.filter((_, i) => i % 2 === 0).slice(0, 36), ...semCasa];
    const eventos: Array<typeof notificacaoEventos.$inferInsert> = [];
    const linhas: Array<typeof notificacoesCompulsorias.$inferInsert> = [];
    for (const [i, m] of escolhidos.entries()) {
      const quem = notificador(m.unidade_saude_id) ?? vigilancia;
      let doenca = DOENCAS[i % DOENCAS.length]!;
      if (SOMENTE_MULHERES.has(doenca) && m.sexo !== 1) doenca = '54a';
      // Dengue in the last weeks (the outbreak); the rest over three months.
      const diasAtras = doenca === '9a' ? 1 + ((i * 3) % 28) : 2 + ((i * 7) % 90);
      const data_notificacao = dia(diasAtras);
      if (data_notificacao < m.nascimento) continue;
      const sintomas = dia(Math.min(diasAtras + 1 + (i % 5), diasAtras + 30));
      let situacao: SituacaoNotificacao = (['suspeito', 'confirmado', 'suspeito', 'descartado', 'confirmado'] as const)[
        i % 5
      ]!;
      const diasAteEncerrar = 5 + (i % 10);
      if (situacaoEncerrada(situacao) && diasAtras - diasAteEncerrar < 0) situacao = 'suspeito';
      const data_encerramento = situacao === 'suspeito' ? null : dia(diasAtras - diasAteEncerrar);
      const internado = i % 6 === 0 ? true : i % 6 === 1 ? false : null;
      const id = newId();
      const resposta = () => (rng() < 0.5 ? null : rng() < 0.2);
      linhas.push({
        id,
        municipe_id: m.id,
        doenca_agravo_id: doenca,
        unidade_saude_id: quem.unidade,
        profissional_id: quem.profissional,
        situacao,
        data_notificacao,
        hora_notificacao: `${String(8 + (i % 9)).padStart(2, '0')}:${String((i * 7) % 60).padStart(2, '0')}`,
        data_primeiros_sintomas: sintomas >= m.nascimento ? sintomas : null,
        informacoes_complementares:
          doenca === '9a' ? 'Febre, cefaleia e dor retro-orbital. Coletada amostra para sorologia.' : null,
        obito: false,
        internado,
        data_internacao: internado ? data_notificacao : null,
        alta: internado ? diasAtras >= 3 : null,
        data_alta: internado && diasAtras >= 3 ? dia(diasAtras - 2) : null,
        comorbidade_diabetes: resposta(),
        comorbidade_hipertensao: resposta(),
        comorbidade_doenca_renal_cronica: resposta(),
        comorbidade_hepatopatia: null,
        comorbidade_doenca_hematologica: null,
        comorbidade_doenca_autoimune: null,
        comorbidade_doenca_acido_peptica: null,
        comorbidade_imunossupressao: resposta(),
        observacoes: null,
        data_encerramento,
        created_by: quem.profissional,
        updated_by: situacao === 'suspeito' ? quem.profissional : vigilancia.profissional,
        lock_version: situacao === 'suspeito' ? 0 : 1,
      });
      const criadaEm = new Date(`${data_notificacao}T12:00:00Z`);
      eventos.push({
        id: newId(),
        notificacao_id: id,
        situacao_anterior: null,
        situacao: 'suspeito',
        profissional_id: quem.profissional,
        created_at: criadaEm,
      });
      if (data_encerramento)
        eventos.push({
          id: newId(),
          notificacao_id: id,
          situacao_anterior: 'suspeito',
          situacao,
          data_encerramento,
          profissional_id: vigilancia.profissional,
          created_at: new Date(`${data_encerramento}T15:00:00Z`),
        });
    }
    if (linhas.length > 0) await tx.insert(notificacoesCompulsorias).values(linhas);
    if (eventos.length > 0) await tx.insert(notificacaoEventos).values(eventos);
  });
}
