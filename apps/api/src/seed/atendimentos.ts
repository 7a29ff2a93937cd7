import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { atendimentos, lotacoes, municipes, profissionais } from '../db/schema';
import { newId } from '../lib/ids';

// Demo urgent care (issue 16): today's arrivals at the UPA as the reception registered them (some waiting, some
// called, one cancelled) and two visits entered late from paper. Deterministic: citizens in name order, arrivals
// counting back from the seed's moment within today (São Paulo). Needs the citizens and the `recepcao` account.

const MIN = 60_000;
const HOJE = 12;

type Chegada = Partial<typeof atendimentos.$inferInsert>;

/** What each of today's arrivals looks like, oldest first (by ambulance with a companion, by own means…). */
const roteiro: Chegada[] = [
  {
    tipo_chegada_id: 2,
    placa_veiculo: 'QXA4B21',
    possui_acompanhante: true,
    acompanhante_nome: 'Rosa Pereira Lima',
    parentesco_id: 138,
    telefone: '61991234876',
    acolhimento: true,
  },
  { tipo_chegada_id: 1, sindrome_gripal: true, especialidade: '225125' },
  {
    tipo_chegada_id: 1,
    especialidade: '225124',
    possui_acompanhante: true,
    acompanhante_nome: 'Ana Souza Ramos',
    parentesco_id: 139,
  },
  { tipo_chegada_id: 4, placa_veiculo: 'JKL2C45', violencia: true },
  { tipo_chegada_id: 1, acidente_trabalho: true, especialidade: '225270' },
  { tipo_chegada_id: 5, placa_veiculo: 'BMB1A07', possui_acompanhante: false },
  { tipo_chegada_id: 1, sindrome_gripal: true },
  { tipo_chegada_id: 3, placa_veiculo: 'PQR7D88' },
  { tipo_chegada_id: 1, convenio: 'Sem convênio' },
  { tipo_chegada_id: 1, sindrome_gripal: false, acolhimento: true },
  { tipo_chegada_id: 2, placa_veiculo: 'QXA4B21' },
  { tipo_chegada_id: 1 },
];

export async function seedAtendimentos(db: Db, agora: Date = new Date()): Promise<void> {
  const [rec] = await db
    .select({ id: profissionais.id, unidade: lotacoes.unidade_saude_id, cbo: lotacoes.ocupacao_codigo })
    .from(profissionais)
    .innerJoin(lotacoes, eq(lotacoes.profissional_id, profissionais.id))
    .where(eq(profissionais.login, 'recepcao'));
  if (!rec) return;
  const pessoas = await db
    .select({ id: municipes.id })
    .from(municipes)
    .where(and(isNull(municipes.data_obito), isNull(municipes.motivo_saida_cadastro_id)))
    .orderBy(asc(municipes.nome), asc(municipes.id))
    .limit(HOJE + 2);
  if (pessoas.length < HOJE + 2) return;

  // Today's arrivals, spread over what has passed of the day in São Paulo (UTC-3), at most 25 minutes apart.
  const meiaNoite = Date.parse(`${new Date(agora.getTime() - 3 * 60 * MIN).toISOString().slice(0, 10)}T03:00:00Z`);
  const passo = Math.max(1, Math.min(25 * MIN, Math.floor((agora.getTime() - meiaNoite) / (HOJE + 1))));
  const linha = (i: number, c: Chegada, chegada: Date): typeof atendimentos.$inferInsert => ({
    id: newId(),
    unidade_saude_id: rec.unidade,
    profissional_id: rec.id,
    ocupacao_id: rec.cbo,
    municipe_id: pessoas[i]!.id,
    data_chegada: chegada,
    data_ficha: new Date(chegada.getTime() + 3 * MIN),
    created_at: chegada,
    created_by: rec.id,
    updated_by: rec.id,
    ...c,
  });
  const rows = roteiro.map((c, i) => {
    const chegada = new Date(agora.getTime() - (HOJE - i) * passo);
    const r = linha(i, c, chegada);
    r.senha = `${c.tipo_chegada_id === 1 ? 'N' : 'P'}${String(i + 1).padStart(3, '0')}`;
    // The oldest ones were called; one left before being called.
    if (i < 4)
      Object.assign(r, {
        situacao: 'chamado',
        chamado_em: new Date(chegada.getTime() + 10 * MIN),
        chamado_por: rec.id,
      });
    if (i === 6)
      Object.assign(r, {
        situacao: 'cancelado',
        cancelado_em: new Date(chegada.getTime() + 15 * MIN),
        cancelado_por: rec.id,
        justificativa_cancelamento: 'Paciente desistiu do atendimento e deixou a unidade.',
      });
    return r;
  });
  // Two visits written on paper while the system was down, entered the next day.
  const dias = (n: number, h: number) => new Date(meiaNoite - n * 24 * 60 * MIN + h * 60 * MIN);
  rows.push(
    {
      ...linha(HOJE, { tipo_chegada_id: 1, sindrome_gripal: true }, dias(2, 3)),
      retroativo: true,
      justificativa_retroativo: 'Sistema indisponível durante a madrugada; atendimento registrado em ficha de papel.',
      created_at: dias(1, 9),
    },
    {
      ...linha(HOJE + 1, { tipo_chegada_id: 2, placa_veiculo: 'QXA4B21' }, dias(2, 4)),
      retroativo: true,
      justificativa_retroativo: 'Queda de energia na unidade; ficha preenchida à mão e digitada depois.',
      created_at: dias(1, 9),
    },
  );
  await db.insert(atendimentos).values(rows);
}
