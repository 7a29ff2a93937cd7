import { todayIso } from '@saude/shared/validation/dates';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import {
  municipes,
  ouvidoriaNotificacaoLeituras,
  ouvidoriaNotificacoes,
  prioridadesSolicitacao,
  profissionais,
  solicitacaoEventos,
  solicitacoesOuvidoria,
  tiposSolicitacao,
  unidadesSaude,
} from '../db/schema';
import { newId } from '../lib/ids';

// The ombudsman's code tables (BASE seed: production needs them) and the demo's requests (issue 20).

/** Types: name, Tabler icon, deadline days (Lei 13.460/2017: 30). */
export const tiposSolicitacaoBase = [
  { codigo: 'reclamacao', nome: 'Reclamação', icone: 'IconAlertTriangle', prazo_dias: 30 },
  { codigo: 'denuncia', nome: 'Denúncia', icone: 'IconSpeakerphone', prazo_dias: 30 },
  { codigo: 'solicitacao', nome: 'Solicitação', icone: 'IconClipboardList', prazo_dias: 30 },
  { codigo: 'sugestao', nome: 'Sugestão', icone: 'IconBulb', prazo_dias: 30 },
  { codigo: 'elogio', nome: 'Elogio', icone: 'IconThumbUp', prazo_dias: 30 },
  { codigo: 'informacao', nome: 'Informação', icone: 'IconInfoCircle', prazo_dias: 30 },
];

/** Priorities, the most urgent first; colours dark enough for white text (contrast ≥ 4.5:1). */
export const prioridadesSolicitacaoBase = [
  { codigo: 'urgente', nome: 'Urgente', cor: '#C92A2A' },
  { codigo: 'alta', nome: 'Alta', cor: '#B33C0A' },
  { codigo: 'media', nome: 'Média', cor: '#1864AB' },
  { codigo: 'baixa', nome: 'Baixa', cor: '#237A35' },
];

export async function seedOuvidoriaCodigos(tx: DbOrTx): Promise<void> {
  for (const [ordem, tipo] of tiposSolicitacaoBase.entries()) {
    await tx
      .insert(tiposSolicitacao)
      .values({ id: newId(), ...tipo, ordem })
      .onConflictDoUpdate({
        target: tiposSolicitacao.codigo,
        set: { nome: tipo.nome, icone: tipo.icone, ordem, updated_at: sql`now()` },
      });
  }
  for (const [i, pr] of prioridadesSolicitacaoBase.entries()) {
    await tx
      .insert(prioridadesSolicitacao)
      .values({ id: newId(), ...pr, ordem: i + 1 })
      .onConflictDoUpdate({
        target: prioridadesSolicitacao.codigo,
        set: { nome: pr.nome, cor: pr.cor, ordem: i + 1, updated_at: sql`now()` },
      });
  }
}

const diasAntes = (n: number) => {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/**
 * Eight demo requests in every state, two still unread by the demo admin (the bell starts at 2); the others read by
 * every demo professional, so other users' bells start small too.
 */
export async function seedOuvidoriaDemo(db: Db): Promise<void> {
  const tipos = new Map((await db.select().from(tiposSolicitacao)).map((r) => [r.codigo, r]));
  const prios = new Map((await db.select().from(prioridadesSolicitacao)).map((r) => [r.codigo, r.id]));
  const [admin] = await db.select().from(profissionais).where(eq(profissionais.login, 'admin'));
  const todos = await db.select({ id: profissionais.id, login: profissionais.login }).from(profissionais);
  const [unidade] = await db.select().from(unidadesSaude).limit(1);
  const [municipe] = await db.select({ id: municipes.id }).from(municipes).limit(1);
  if (!admin || tipos.size === 0) return;
  const ano = todayIso().slice(0, 4);
  type Demo = {
    tipo: string;
    prioridade: string;
    canal: 'presencial' | 'telefone' | 'email' | 'site' | 'carta' | 'whatsapp';
    assunto: string;
    texto: string;
    dias: number;
    situacao: 'aberta' | 'em_analise' | 'respondida' | 'encerrada';
    quem: 'municipe' | 'nome' | 'anonimo';
    lida: boolean;
    resposta?: string;
  };
  const lista: Demo[] = [
    {
      tipo: 'reclamacao',
      prioridade: 'alta',
      canal: 'telefone',
      assunto: 'Demora no atendimento da recepção',
      texto: 'Esperei mais de duas horas para ser atendido na recepção da unidade.',
      dias: 40,
      situacao: 'em_analise',
      quem: 'nome',
      lida: true,
    },
    {
      tipo: 'elogio',
      prioridade: 'baixa',
      canal: 'site',
      assunto: 'Atendimento da equipe de enfermagem',
      texto: 'Agradeço o cuidado da equipe de enfermagem durante a vacinação.',
      dias: 35,
      situacao: 'encerrada',
      quem: 'municipe',
      lida: true,
      resposta: 'Agradecemos o retorno; o elogio foi repassado à equipe.',
    },
    {
      tipo: 'sugestao',
      prioridade: 'media',
      canal: 'email',
      assunto: 'Horário estendido às quintas-feiras',
      texto: 'Sugiro que a unidade funcione até as 20h às quintas-feiras.',
      dias: 20,
      situacao: 'respondida',
      quem: 'anonimo',
      lida: true,
      resposta: 'A sugestão será avaliada no planejamento do próximo semestre.',
    },
    {
      tipo: 'denuncia',
      prioridade: 'urgente',
      canal: 'presencial',
      assunto: 'Medicamento vencido na farmácia',
      texto: 'Recebi na farmácia da unidade um medicamento com validade vencida.',
      dias: 12,
      situacao: 'em_analise',
      quem: 'anonimo',
      lida: true,
    },
    {
      tipo: 'solicitacao',
      prioridade: 'media',
      canal: 'whatsapp',
      assunto: 'Segunda via do cartão SUS',
      texto: 'Gostaria de saber como obter a segunda via do cartão SUS.',
      dias: 8,
      situacao: 'aberta',
      quem: 'municipe',
      lida: true,
    },
    {
      tipo: 'informacao',
      prioridade: 'baixa',
      canal: 'carta',
      assunto: 'Calendário de vacinação',
      texto: 'Solicito o calendário de vacinação contra a gripe deste ano.',
      dias: 5,
      situacao: 'encerrada',
      quem: 'nome',
      lida: true,
    },
    {
      tipo: 'reclamacao',
      prioridade: 'urgente',
      canal: 'telefone',
      assunto: 'Falta de médico no plantão',
      texto: 'Não havia médico no plantão de domingo na unidade.',
      dias: 1,
      situacao: 'aberta',
      quem: 'nome',
      lida: false,
    },
    {
      tipo: 'solicitacao',
      prioridade: 'alta',
      canal: 'site',
      assunto: 'Agendamento de consulta especializada',
      texto: 'Aguardo há meses o agendamento com cardiologista.',
      dias: 0,
      situacao: 'aberta',
      quem: 'municipe',
      lida: false,
    },
  ];
  await db.transaction(async (tx) => {
    for (const [i, d] of lista.entries()) {
      const tipo = tipos.get(d.tipo)!;
      const criada = new Date(`${diasAntes(d.dias)}T10:${String(10 + i).padStart(2, '0')}:00-03:00`);
      const prazoD = new Date(`${diasAntes(d.dias)}T12:00:00Z`);
      prazoD.setUTCDate(prazoD.getUTCDate() + tipo.prazo_dias);
      const id = newId();
      const respondida = d.situacao === 'respondida' || (d.situacao === 'encerrada' && d.resposta);
      const quando = new Date(criada.getTime() + 86_400_000);
      await tx.insert(solicitacoesOuvidoria).values({
        id,
        protocolo: `${ano}${String(i + 1).padStart(6, '0')}`,
        anonimo: d.quem === 'anonimo',
        municipe_id: d.quem === 'municipe' ? (municipe?.id ?? null) : null,
        nome_solicitante: d.quem === 'nome' || (d.quem === 'municipe' && !municipe) ? 'Maria das Dores Silva' : null,
        contato_solicitante: d.quem === 'nome' ? '(11) 98888-7777' : null,
        canal: d.canal,
        tipo_solicitacao_id: tipo.id,
        prioridade_id: prios.get(d.prioridade)!,
        assunto: d.assunto,
        texto: d.texto,
        unidade_saude_id: unidade?.id ?? null,
        situacao: d.situacao,
        prazo: prazoD.toISOString().slice(0, 10),
        resposta: respondida ? d.resposta! : null,
        respondida_em: respondida ? quando : null,
        respondida_por: respondida ? admin.id : null,
        created_by: admin.id,
        updated_by: admin.id,
        created_at: criada,
        updated_at: criada,
      });
      const passos = ['aberta', 'em_analise', 'respondida', 'encerrada'] as const;
      const ate = passos.indexOf(d.situacao);
      let anterior: (typeof passos)[number] | null = null;
      for (const [k, s] of passos.entries()) {
        if (k > ate || (s === 'respondida' && !respondida)) continue;
        await tx.insert(solicitacaoEventos).values({
          id: newId(),
          solicitacao_id: id,
          situacao_anterior: anterior,
          situacao: s,
          observacao: s === 'encerrada' && !respondida ? 'Informação enviada por carta; encerrada.' : null,
          profissional_id: admin.id,
          created_at: new Date(criada.getTime() + k * 3_600_000),
        });
        anterior = s;
      }
      const nid = newId();
      await tx
        .insert(ouvidoriaNotificacoes)
        .values({ id: nid, solicitacao_id: id, motivo: 'nova', created_at: criada });
      if (d.lida)
        await tx
          .insert(ouvidoriaNotificacaoLeituras)
          .values(todos.map((pr) => ({ notificacao_id: nid, profissional_id: pr.id, lida_em: quando })));
    }
  });
}
