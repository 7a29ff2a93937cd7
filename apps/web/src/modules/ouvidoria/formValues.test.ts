import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared/messages';
import type { Solicitacao } from '@saude/shared/schemas/ouvidoria';
import { prazoTexto } from './formato';
import { novaFormSchema, novaSolicitacao, tratarFormSchema, tratarValores } from './formValues';

const UUID = '0190a6d2-1c1e-7000-8000-000000000001';
const erros = (r: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('the ombudsman forms', () => {
  it('says the deadline in words (colour is never the only cue)', () => {
    expect(prazoTexto(3)).toBe('vence em 3 dias');
    expect(prazoTexto(1)).toBe('vence em 1 dia');
    expect(prazoTexto(0)).toBe('vence hoje');
    expect(prazoTexto(-2)).toBe('vencida há 2 dias');
    expect(prazoTexto(null)).toBeNull();
  });

  it('a new request needs a citizen or a name unless anonymous, and drops the name when anonymous', () => {
    const base = { ...novaSolicitacao(), tipo_solicitacao_id: UUID, prioridade_id: UUID, assunto: 'A', texto: 'B' };
    expect(erros(novaFormSchema.safeParse(base))).toEqual({ nome_solicitante: msg.obrigatorio });
    expect(novaFormSchema.safeParse({ ...base, nome_solicitante: 'Fulana' }).success).toBe(true);
    // The hidden name of an anonymous request is not sent.
    expect(novaFormSchema.safeParse({ ...base, anonimo: true, nome_solicitante: 'Fulana' }).success).toBe(true);
  });

  it('answering needs the answer; closing an open request needs a note', () => {
    const atual = {
      situacao: 'em_analise',
      lock_version: 2,
      prioridade: { id: UUID, nome: 'Alta', cor: '#000000' },
      unidade_saude_id: null,
    } as unknown as Solicitacao;
    const schema = tratarFormSchema(atual);
    const v = tratarValores(atual);
    expect(erros(schema.safeParse({ ...v, situacao: 'respondida' }))).toEqual({ resposta: msg.obrigatorio });
    expect(erros(schema.safeParse({ ...v, situacao: 'encerrada' }))).toEqual({ observacao: msg.obrigatorio });
    expect(schema.safeParse({ ...v, situacao: 'respondida', resposta: 'Feito.' }).success).toBe(true);
  });
});
