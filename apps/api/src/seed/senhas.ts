import { eq } from 'drizzle-orm';
import type { Ctx, SessionUser } from '../access/context';
import { chamar, concluir, emitir } from '../modules/filas';
import type { Db } from '../db/client';
import { categorias, filaLocais, filas, profissionais, unidadesSaude } from '../db/schema';
import { CNES_UPA } from './filas';

// Demo tickets of today at the UPA (issue 17), issued and moved through the service, so they are numbered as the
// door numbers them: some waiting in several categories, one called to Guichê 1, one concluded.

export async function seedSenhas(db: Db): Promise<void> {
  const [upa] = await db.select({ id: unidadesSaude.id }).from(unidadesSaude).where(eq(unidadesSaude.cnes, CNES_UPA));
  const [quem] = await db
    .select({ id: profissionais.id, nome: profissionais.nome })
    .from(profissionais)
    .where(eq(profissionais.login, 'recepcao'));
  if (!upa || !quem) return;
  const usuario = {
    profissionalId: quem.id,
    login: 'recepcao',
    nome: quem.nome,
    unidadeId: upa.id,
    permissions: new Set<string>(),
    lotacoes: [],
  } as unknown as SessionUser;
  const ctx: Ctx = { db, leitura: db, usuario, ip: '127.0.0.1' };
  const sigla = new Map((await db.select().from(categorias)).map((c) => [c.sigla, c.id]));
  const [guiche1] = await db
    .select({ id: filaLocais.id })
    .from(filaLocais)
    .innerJoin(filas, eq(filas.id, filaLocais.fila_id))
    .where(eq(filaLocais.nome, 'Guichê 1'));
  if (!guiche1) return;
  const emitirDe = (s: string) => emitir(ctx, { categoria_id: sigla.get(s)! });
  const atendida = await emitirDe('N');
  const chamada = await chamar(ctx, atendida.id, { local_id: guiche1.id, lock_version: atendida.lock_version });
  await concluir(ctx, atendida.id, { lock_version: chamada.lock_version });
  const guiche = await emitirDe('P');
  await chamar(ctx, guiche.id, { local_id: guiche1.id, lock_version: guiche.lock_version });
  for (const s of ['N', 'N', 'P', 'G', 'S', 'N']) await emitirDe(s);
}
