import { pseudonimo } from '@saude/shared/schemas/paciente_sem_identificacao';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { lotacoes, pacientesSemIdentificacao, profissionais, unidadesSaude } from '../db/schema';
import { newId } from '../lib/ids';

// Demo patient without identification (issue 16): a man brought in by the SAMU to the UPA last night, unconscious,
// registered by the reception by what could be seen. Not identified yet: the demo's reception can identify him.
// Needs the demo units and accounts; without the UPA or the `recepcao` login it does nothing.

const CNES_UPA = '9900055';

export async function seedPacientesSemIdentificacao(db: Db): Promise<void> {
  const [upa] = await db.select({ id: unidadesSaude.id }).from(unidadesSaude).where(eq(unidadesSaude.cnes, CNES_UPA));
  if (!upa) return;
  const [recepcao] = await db
    .select({ id: profissionais.id, cbo: lotacoes.ocupacao_codigo })
    .from(profissionais)
    .innerJoin(lotacoes, eq(lotacoes.profissional_id, profissionais.id))
    .where(and(eq(profissionais.login, 'recepcao'), eq(lotacoes.unidade_saude_id, upa.id)));
  if (!recepcao) return;
  const ontem = new Date(Date.now() - 14 * 3_600_000);
  await db.insert(pacientesSemIdentificacao).values({
    id: newId(),
    unidade_saude_id: upa.id,
    profissional_id: recepcao.id,
    ocupacao_id: recepcao.cbo,
    nome: pseudonimo(1),
    idade_estimada: 45,
    sexo_id: 0,
    raca_cor_id: 3,
    cor_cabelo_id: 5,
    cor_olhos_id: 1,
    altura_aproximada: 172,
    peso_aproximado: '78.0',
    outras_caracteristicas: 'Cicatriz no queixo; tatuagem de âncora no antebraço esquerdo. Trazido pelo SAMU.',
    nome_mae_sem_informacao: true,
    created_by: recepcao.id,
    updated_by: recepcao.id,
    created_at: ontem,
    updated_at: ontem,
  });
}
