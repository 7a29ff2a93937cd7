import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SolicitacaoEvento } from '@saude/shared/schemas/ouvidoria';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { BASE_PATH } from './api';
import { SolicitacaoShowPage } from './SolicitacaoShowPage';
import { API_SOLICITACOES, SOLICITACAO, solicitacaoDe } from './testUtils';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const API = `${API_SOLICITACOES}/${SOLICITACAO}`;
const VER = `${BASE_PATH}/${SOLICITACAO}`;
const rotas = [{ path: `${BASE_PATH}/:id`, element: <SolicitacaoShowPage /> }];
const evento = (
  n: number,
  o: Pick<SolicitacaoEvento, 'situacao_anterior' | 'situacao'> & Partial<SolicitacaoEvento>,
): SolicitacaoEvento => ({
  id: `0190a6d2-1c1e-7000-8000-0000000000f${n}`,
  observacao: null,
  profissional_nome: 'Gestora Geral',
  created_at: '2026-11-21T13:00:00.000Z',
  ...o,
});

describe('SolicitacaoShowPage', { timeout: 60_000 }, () => {
  it('shows the answered request, who answered, the history in order and "Tratar solicitação" to who may update', async () => {
    fakeApi({
      [`GET ${API}`]: {
        body: solicitacaoDe({
          situacao: 'respondida',
          dias_restantes: null,
          prorrogada: true,
          resposta: 'Reforçamos a equipe.',
          respondida_em: '2026-11-22T14:30:00.000Z',
          respondida_por_nome: 'Gestora Geral',
          eventos: [
            evento(1, { situacao_anterior: null, situacao: 'aberta', profissional_nome: 'Rita Recepção' }),
            evento(2, { situacao_anterior: 'aberta', situacao: 'aberta', observacao: 'Prazo prorrogado por 10 dias' }),
            evento(3, { situacao_anterior: 'aberta', situacao: 'respondida' }),
          ],
        }),
      },
    });
    renderRoutes(rotas, VER);
    expect(await screen.findByRole('heading', { name: 'Solicitação 2026000123', level: 1 })).toBeVisible();
    expect(screen.getByText('Respondida')).toBeVisible();
    expect(screen.getByText('João da Silva')).toBeVisible();
    expect(screen.getByText('(11) 99999-0000')).toBeVisible();
    expect(screen.getByText('Presencial')).toBeVisible();
    // Answered: the deadline without words, and that it was extended.
    expect(screen.getByText('10/12/2026').parentElement).toHaveTextContent(/^10\/12\/2026 \(prorrogado\)$/);
    expect(screen.getByText('Reforçamos a equipe.')).toBeVisible();
    expect(screen.getByText('22/11/2026 11:30 por Gestora Geral')).toBeVisible();
    const historico = screen.getByRole('region', { name: 'Histórico' });
    const titulos = within(historico)
      .getAllByText(/^(Registrada|Anotação|Aberta → Respondida)$/)
      .map((e) => e.textContent);
    expect(titulos).toEqual(['Registrada', 'Anotação', 'Aberta → Respondida']);
    expect(within(historico).getByText('21/11/2026 10:00 · Rita Recepção')).toBeVisible();
    expect(within(historico).getByText('Prazo prorrogado por 10 dias')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tratar solicitação' })).toHaveAttribute('href', `${VER}/edit`);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('just created: tells the protocol to give the requester; anonymous; no "Tratar" without ouvidoria:update', async () => {
    fakeApi(
      { [`GET ${API}`]: { body: solicitacaoDe({ anonimo: true, nome_solicitante: null, contato_solicitante: null }) } },
      { permissoes: ['ouvidoria:index', 'ouvidoria:show', 'ouvidoria:create'] },
    );
    renderRoutes(rotas, `${VER}?criada=1`);
    // The loading skeleton is a status too: the notice is the one that says the request was registered.
    const aviso = await screen.findByRole('status', { name: /Solicitação registrada/ });
    expect(aviso).toHaveTextContent('Informe ao solicitante o número do protocolo: 2026000123');
    expect(screen.getByText('Anônimo')).toBeVisible();
    expect(screen.getByText('10/12/2026 · vence em 3 dias')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Tratar solicitação' })).toBeNull();
  });
});
