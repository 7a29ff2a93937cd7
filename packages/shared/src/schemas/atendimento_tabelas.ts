// The care visit's small product tables (issue 16), apart from the schemas: the reception list takes them without
// the validation library (issue 15). Re-exported by atendimento.ts. Design: docs/decisions.md, "Urgent-care reception".
import { rotulados } from '../rotulos';

/**
 * How the patient arrived. Not an e-SUS table (the PEC has none for the reception): product data, kept small and
 * stable — codes are stored, never renumber. `veiculo`: a service vehicle brought them, whose plate the reception
 * may write down (`placa_veiculo`).
 */
export const tiposChegada = [
  { codigo: 1, descricao: 'Meios próprios', veiculo: false },
  { codigo: 2, descricao: 'Ambulância do SAMU', veiculo: true },
  { codigo: 3, descricao: 'Ambulância de outro serviço', veiculo: true },
  { codigo: 4, descricao: 'Polícia', veiculo: true },
  { codigo: 5, descricao: 'Corpo de bombeiros', veiculo: true },
  { codigo: 6, descricao: 'Transporte sanitário do município', veiculo: true },
  { codigo: 7, descricao: 'Outro', veiculo: false },
] as const;
export const chegadaPorVeiculo = (t: unknown) =>
  t !== null && t !== undefined && t !== '' && tiposChegada.some((x) => x.codigo === Number(t) && x.veiculo);

/**
 * The care specialties (CBO 2002) an urgent-care unit sends an arrival to: the lines an UPA keeps, named as the CBO
 * table names them (checked by atendimento.test.ts).
 */
export const especialidadesUrgencia = [
  { codigo: '225125', descricao: 'Médico clínico' },
  { codigo: '225124', descricao: 'Médico pediatra' },
  { codigo: '225270', descricao: 'Médico ortopedista e traumatologista' },
  { codigo: '225225', descricao: 'Médico cirurgião geral' },
  { codigo: '225250', descricao: 'Médico ginecologista e obstetra' },
  { codigo: '223505', descricao: 'Enfermeiro' },
  { codigo: '223208', descricao: 'Cirurgião dentista - clínico geral' },
] as const;
export const isEspecialidade = (c: unknown) => especialidadesUrgencia.some((e) => e.codigo === c);

/** Where a visit stands (the column's enum, in the order of its life). */
export const { valores: situacoesAtendimento, rotulos: SITUACAO_ATENDIMENTO_NOME } = rotulados({
  aguardando: 'Aguardando',
  chamado: 'Chamado',
  em_atendimento: 'Em atendimento',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
});
export type SituacaoAtendimento = (typeof situacoesAtendimento)[number];
/** A visit that may still be called: not cancelled, not concluded, not already in care. */
export const podeSerChamado = (s: SituacaoAtendimento) => s === 'aguardando' || s === 'chamado';
