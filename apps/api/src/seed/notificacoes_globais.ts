import { notificacaoGlobalLeituras, notificacoesGlobais, perfis, profissionais } from '../db/schema';
import type { Db } from '../db/client';
import { newId } from '../lib/ids';

// Demo global notifications (issue 20): a PEMC one for everyone that nobody has read (the globe shows 1), a notice of
// the new version every demo user has read, and one for doctors and nurses they have read too. A small unread count
// keeps the globe meaningful without badging every screen with many.

const horasAntes = (h: number) => new Date(Date.now() - h * 3_600_000);

export async function seedNotificacoesGlobais(db: Db): Promise<void> {
  const pessoas = await db.select({ id: profissionais.id, login: profissionais.login }).from(profissionais);
  const admin = pessoas.find((p) => p.login === 'admin');
  if (!admin) return;
  const perfil = new Map((await db.select().from(perfis)).map((p) => [p.codigo, p.id]));
  const clinicos = ['medico', 'enfermagem'].map((c) => perfil.get(c)).filter((id): id is string => !!id);

  const lista = [
    {
      tipo: 'pemc' as const,
      titulo: 'Inscrições abertas',
      subtitulo: 'Programa de Educação Municipal Continuada — turma de dezembro.',
      cor: '1C7ED6',
      redirecionar_path_url: null,
      perfil_ids: [],
      horas: 2,
      lidaPorTodos: false,
    },
    {
      tipo: 'aviso' as const,
      titulo: 'Nova versão do sistema',
      subtitulo: 'Notificações globais e ouvidoria no menu superior.',
      cor: '2B8A3E',
      redirecionar_path_url: '/',
      perfil_ids: [],
      horas: 26,
      lidaPorTodos: true,
    },
    {
      tipo: 'aviso' as const,
      titulo: 'Protocolo de hipertensão atualizado',
      subtitulo: 'Para médicos e enfermagem: veja os cadastros de munícipes.',
      cor: 'E8590C',
      redirecionar_path_url: '/municipes',
      perfil_ids: clinicos,
      horas: 50,
      lidaPorTodos: true,
    },
  ];
  for (const item of lista) {
    const id = newId();
    const quando = horasAntes(item.horas);
    await db.insert(notificacoesGlobais).values({
      id,
      tipo: item.tipo,
      titulo: item.titulo,
      subtitulo: item.subtitulo,
      cor: item.cor,
      redirecionar_path_url: item.redirecionar_path_url,
      perfil_ids: item.perfil_ids,
      created_by: admin.id,
      created_at: quando,
      updated_at: quando,
    });
    if (item.lidaPorTodos) {
      await db
        .insert(notificacaoGlobalLeituras)
        .values(
          pessoas.map((p) => ({ notificacao_id: id, profissional_id: p.id, lida_em: horasAntes(item.horas - 1) })),
        );
    }
  }
}
