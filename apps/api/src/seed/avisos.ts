import { todayIso } from '@saude/shared/validation/dates';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { avisos, avisoVisualizacoes, perfis, profissionais, tiposUnidade, unidadesSaude } from '../db/schema';
import { newId } from '../lib/ids';

// Demo staff notices (issue 19): three that ENDED before today, with the confirmations and replies of demo users, and
// one inactive. None is in force for a demo user: an unread notice pops up as a modal at sign-in, over every screen
// (and over every e2e spec that signs in after it).

const diasAntes = (n: number) => {
  const d = new Date(`${todayIso()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A moment of a past day, for the confirmation's timestamp. */
const momento = (dia: string, hora: string) => new Date(`${dia}T${hora}:00-03:00`);

export async function seedAvisos(db: Db): Promise<void> {
  const porLogin = new Map((await db.select().from(profissionais)).map((p) => [p.login, p.id]));
  const porUnidade = new Map((await db.select().from(unidadesSaude)).map((u) => [u.nome, u.id]));
  const perfil = new Map((await db.select().from(perfis)).map((p) => [p.codigo, p.id]));
  const [ubs] = await db.select().from(tiposUnidade).where(eq(tiposUnidade.codigo, 'UBS'));
  const admin = porLogin.get('admin');
  if (!admin || !ubs) return;
  const pid = (login: string) => porLogin.get(login)!;
  const uid = (nome: string) => porUnidade.get(nome)!;

  type Confirmacao = { login: string; unidade: string; dia: number; hora: string; resposta?: string };
  const lista: Array<{
    titulo: string;
    mensagem: string;
    inicio: number;
    fim: number;
    horario?: string;
    alvos: Partial<Record<'tipo_unidade_ids' | 'unidade_ids' | 'perfil_ids' | 'profissional_ids', string[]>>;
    checar_resposta?: boolean;
    situacao?: 'ativo' | 'inativo';
    vistos: Confirmacao[];
  }> = [
    {
      titulo: 'Campanha de vacinação contra influenza',
      mensagem: 'Campanha nas UBS de 2ª a 6ª. Memorando 12/2026.',
      inicio: 45,
      fim: 15,
      horario: '07:00',
      alvos: { tipo_unidade_ids: [ubs.id] },
      checar_resposta: true,
      vistos: [
        {
          login: 'medico',
          unidade: 'UBS Centro',
          dia: 45,
          hora: '07:40',
          resposta: 'Ciente. Agenda da equipe ajustada.',
        },
        { login: 'enfermagem', unidade: 'UBS Centro', dia: 44, hora: '08:05', resposta: 'Sala de vacina preparada.' },
        {
          login: 'acs',
          unidade: 'UBS Jardim das Palmeiras',
          dia: 43,
          hora: '09:15',
          resposta: 'Vou avisar as famílias da microárea.',
        },
      ],
    },
    {
      titulo: 'Atualização do protocolo de hipertensão',
      mensagem: 'Novo protocolo de HAS na intranet. Nota técnica 3.',
      inicio: 30,
      fim: 10,
      alvos: { perfil_ids: [perfil.get('medico')!, perfil.get('enfermagem')!] },
      vistos: [
        { login: 'medico', unidade: 'UBS Centro', dia: 30, hora: '10:20' },
        { login: 'enfermagem', unidade: 'UBS Centro', dia: 29, hora: '13:45' },
      ],
    },
    {
      titulo: 'Simulado de evacuação na UPA',
      mensagem: 'Simulado na quinta às 15h. Ofício 7/2026.',
      inicio: 20,
      fim: 6,
      alvos: { unidade_ids: [uid('UPA 24h Municipal')] },
      checar_resposta: true,
      vistos: [{ login: 'recepcao', unidade: 'UPA 24h Municipal', dia: 19, hora: '16:30', resposta: 'Ciente.' }],
    },
    {
      // Inactive: it shows to nobody, so its period may include today.
      titulo: 'Mudança no horário de funcionamento',
      mensagem: 'UBS abrem às 7h a partir do mês que vem.',
      inicio: 2,
      fim: -10,
      alvos: {},
      situacao: 'inativo',
      vistos: [],
    },
  ];

  await db.transaction(async (tx) => {
    for (const a of lista) {
      const id = newId();
      const data_inicial = diasAntes(a.inicio);
      await tx.insert(avisos).values({
        id,
        titulo: a.titulo,
        mensagem: a.mensagem,
        data_inicial,
        data_final: diasAntes(a.fim),
        horario: a.horario ?? null,
        tipo_unidade_ids: a.alvos.tipo_unidade_ids ?? [],
        unidade_ids: a.alvos.unidade_ids ?? [],
        perfil_ids: a.alvos.perfil_ids ?? [],
        profissional_ids: a.alvos.profissional_ids ?? [],
        checar_resposta: a.checar_resposta ?? false,
        responsavel_id: admin,
        situacao: a.situacao ?? 'ativo',
        created_by: admin,
        updated_by: admin,
        created_at: momento(diasAntes(a.inicio + 2), '10:00'),
        updated_at: momento(diasAntes(a.inicio + 2), '10:00'),
      });
      for (const v of a.vistos) {
        if (!porLogin.has(v.login)) continue;
        await tx.insert(avisoVisualizacoes).values({
          id: newId(),
          aviso_id: id,
          profissional_id: pid(v.login),
          unidade_saude_id: uid(v.unidade),
          resposta: v.resposta ?? null,
          created_at: momento(diasAntes(v.dia), v.hora),
        });
      }
    }
  });
}
