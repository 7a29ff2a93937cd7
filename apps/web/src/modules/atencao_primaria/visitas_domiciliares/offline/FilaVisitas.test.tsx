// Issue 25: the records made on the device, in the family's history, with their state and the server's reason.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { HistoricoVisitas } from '../HistoricoVisitas';
import type { ItemFila } from './db';

const MUDOU = 'Não é possível realizar o lançamento para famílias com status "Mudou-se"';

const item = (chave: string, o: Partial<ItemFila>): ItemFila => ({
  chave,
  tipo: 'visita',
  visita_id: chave,
  usuario_id: 'acs',
  familia_id: 'f1',
  descricao: 'Família de Maria da Silva',
  corpo: { id: chave, familia_id: 'f1', data_visita: '2026-11-25T10:30:00-03:00', desfecho_id: 1 },
  estado: 'aguardando',
  motivo: null,
  tentativas: 0,
  criado_em: 1,
  enviado_em: null,
  ...o,
});

function mostrar(locais: ItemFila[]) {
  renderWithProviders(
    <HistoricoVisitas
      visitas={[]}
      total={0}
      page={1}
      perPage={10}
      onPageChange={() => {}}
      podeCancelar={() => false}
      onCancelar={() => {}}
      locais={locais}
    />,
  );
  return within(screen.getByRole('list', { name: 'Histórico de visitas' })).getAllByRole('listitem');
}

describe('records of the device in the history (issue 25)', () => {
  it('shows a queued visit at once as "Aguardando envio", with its date and outcome, and no dismiss', () => {
    const [card] = mostrar([item('a', {})]);
    expect(card).toHaveTextContent('25/11/2026 às 10:30');
    expect(card).toHaveTextContent('Família de Maria da Silva · Visita realizada');
    expect(card).toHaveTextContent('Aguardando envio');
    expect(within(card!).queryByRole('button', { name: 'Dispensar' })).not.toBeInTheDocument();
  });

  it("shows a refused one with the server's reason, kept until dismissed", () => {
    const [card] = mostrar([item('b', { estado: 'recusado', motivo: MUDOU })]);
    expect(card).toHaveTextContent('Recusado');
    expect(card).toHaveTextContent(`Motivo: ${MUDOU}`);
    expect(within(card!).getByRole('button', { name: 'Dispensar' })).toBeInTheDocument();
  });

  it('says a queued cancellation is one, and that the history is not empty while the device has records', () => {
    const [card] = mostrar([item('cancelar:c', { tipo: 'cancelamento', corpo: { justificativa: 'Lançada errado' } })]);
    expect(card).toHaveTextContent('Cancelamento de visita · Família de Maria da Silva');
    expect(screen.queryByText('Nenhuma visita registrada para esta família.')).not.toBeInTheDocument();
  });
});
