import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import {
  CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
  type FamiliaDoDomicilio,
} from '@saude/shared/schemas/cadastro_domiciliar';
import { BASE_PATH } from './api';
import { CadastroDomiciliarFormPage, CadastroDomiciliarIdentificacaoTab } from './CadastroDomiciliarFormPage';
import { DESVINCULADA_COM_SUCESSO, FamiliasTab, VINCULADA_COM_SUCESSO } from './FamiliasTab';
import { domicilioDe, DOMICILIO_ID, FAMILIA_ID, fakeApi, familiaListItemDe, JOAO, lista } from './testUtils';
import { renderRoutes } from '../../../test/render';

const rotas = [
  {
    path: `${BASE_PATH}/:id/edit`,
    element: <CadastroDomiciliarFormPage />,
    children: [
      { index: true, element: <CadastroDomiciliarIdentificacaoTab /> },
      { path: 'familias', element: <FamiliasTab /> },
    ],
  },
];
const URL_DOMICILIO = `/api/v1/atencao_primaria/cadastros_domiciliares/${DOMICILIO_ID}`;
const OUTRA = '0190a6d2-1c1e-7000-8000-0000000000f2';

/** A linked family, as the household answers it (the family list's row and when it was linked). */
const vinculada = (o: Partial<FamiliaDoDomicilio> = {}): FamiliaDoDomicilio => ({
  ...familiaListItemDe(),
  vinculado_em: '2025-03-02T10:00:00.000Z',
  ...o,
});

describe('FamiliasTab', () => {
  it("lists the home's families with the head's masked CNS and the 'Mudou-se' badge", async () => {
    fakeApi({
      [`GET ${URL_DOMICILIO}`]: {
        body: domicilioDe({
          familias: [
            vinculada(),
            vinculada({
              id: OUTRA,
              responsavel_id: JOAO,
              responsavel_nome: 'João Pereira',
              responsavel_cns: null,
              mudou: true,
              numero_membros: 1,
            }),
          ],
        }),
      },
    });
    renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit/familias`);
    const tabela = await screen.findByRole('table', { name: 'Famílias do domicílio' });
    expect(screen.getByRole('tab', { name: 'Famílias', selected: true })).toBeInTheDocument();
    const maria = within(tabela).getByRole('row', { name: /Maria da Silva/ });
    expect(maria).toHaveTextContent('700 0000 0000 0005');
    expect(maria).toHaveTextContent('F12');
    expect(within(maria).queryByText('Mudou-se')).not.toBeInTheDocument();
    const joao = within(tabela).getByRole('row', { name: /João Pereira/ });
    expect(within(joao).getByText('Mudou-se')).toBeInTheDocument();
    expect(within(joao).getByRole('link', { name: 'João Pereira' })).toHaveAttribute(
      'href',
      `/atencao_primaria/familias/${OUTRA}/edit`,
    );
  });

  it("links a family not yet linked; when its head heads a family in another home it asks, and 'Sim' links with confirmar", async () => {
    let domicilio = domicilioDe();
    const { chamadas } = fakeApi({
      [`GET ${URL_DOMICILIO}`]: () => ({ body: domicilio }),
      'GET /api/v1/atencao_primaria/familias': lista([familiaListItemDe()]),
      [`POST ${URL_DOMICILIO}/familias`]: ({ body }) => {
        if (!(body as { confirmar?: boolean }).confirmar) {
          return {
            status: 409,
            body: {
              message: msg.responsavelEmOutroDomicilio,
              errors: {},
              confirmacao: CONFIRMACAO_RESPONSAVEL_EM_OUTRO_DOMICILIO,
            },
          };
        }
        domicilio = domicilioDe({ familias: [vinculada()] });
        return { body: domicilio };
      },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit/familias`);
    expect(await screen.findByText('Nenhuma família vinculada a este domicílio.')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Vincular família' }));
    const modal = await screen.findByRole('dialog', { name: 'Vincular família' });
    await user.click(within(modal).getByRole('combobox', { name: 'Família' }));
    await user.click(await screen.findByRole('option', { name: 'Maria da Silva · Prontuário F12 · 3 membros' }));
    // Only families without a home that did not move are offered.
    const busca = chamadas.find((c) => c.path === '/api/v1/atencao_primaria/familias');
    expect(busca?.query.get('vinculada')).toBe('false');
    expect(busca?.query.get('mudou')).toBe('false');
    await user.click(within(modal).getByRole('button', { name: 'Vincular' }));

    const pergunta = await screen.findByRole('dialog', { name: 'Confirmar vínculo' });
    expect(pergunta).toHaveTextContent(msg.responsavelEmOutroDomicilio);
    await user.click(within(pergunta).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(VINCULADA_COM_SUCESSO)).toBeInTheDocument();
    const posts = chamadas
      .filter((c) => c.method === 'POST' && c.path === `${URL_DOMICILIO}/familias`)
      .map((c) => c.body);
    expect(posts).toEqual([
      { familia_id: FAMILIA_ID, confirmar: false },
      { familia_id: FAMILIA_ID, confirmar: true },
    ]);
    expect(await screen.findByRole('row', { name: /Maria da Silva/ })).toBeInTheDocument();
  });

  it('shows the 409 of a family already linked on the picker, and sends nothing without a choice', async () => {
    const { chamadas } = fakeApi({
      [`GET ${URL_DOMICILIO}`]: { body: domicilioDe() },
      'GET /api/v1/atencao_primaria/familias': lista([familiaListItemDe()]),
      [`POST ${URL_DOMICILIO}/familias`]: { status: 409, body: { message: msg.familiaJaVinculada, errors: {} } },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit/familias`);
    await user.click(await screen.findByRole('button', { name: 'Vincular família' }));
    const modal = await screen.findByRole('dialog', { name: 'Vincular família' });
    await user.click(within(modal).getByRole('button', { name: 'Vincular' }));
    expect(within(modal).getByText(msg.obrigatorio)).toBeInTheDocument();
    expect(chamadas.some((c) => c.method === 'POST' && c.path === `${URL_DOMICILIO}/familias`)).toBe(false);
    await user.click(within(modal).getByRole('combobox', { name: 'Família' }));
    await user.click(await screen.findByRole('option', { name: /Maria da Silva/ }));
    await user.click(within(modal).getByRole('button', { name: 'Vincular' }));
    expect(await within(modal).findByText(msg.familiaJaVinculada)).toBeInTheDocument();
  });

  it("unlinks a family after 'Desvincular família?' and keeps it on 'Não, manter'", async () => {
    let domicilio = domicilioDe({ familias: [vinculada()] });
    const { chamadas } = fakeApi({
      [`GET ${URL_DOMICILIO}`]: () => ({ body: domicilio }),
      [`DELETE ${URL_DOMICILIO}/familias/${FAMILIA_ID}`]: () => {
        domicilio = domicilioDe();
        return { body: domicilio };
      },
    });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit/familias`);
    await user.click(await screen.findByRole('button', { name: 'Desvincular a família de Maria da Silva' }));
    await user.click(await screen.findByRole('button', { name: 'Não, manter' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(chamadas.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Desvincular a família de Maria da Silva' }));
    expect(await screen.findByRole('dialog', { name: 'Desvincular família?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sim, desvincular' }));
    expect(await screen.findByText(DESVINCULADA_COM_SUCESSO)).toBeInTheDocument();
    expect(await screen.findByText('Nenhuma família vinculada a este domicílio.')).toBeInTheDocument();
    expect(chamadas.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('explains that only homes take families', async () => {
    fakeApi({ [`GET ${URL_DOMICILIO}`]: { body: domicilioDe({ tipo_imovel_id: 2 }) } });
    renderRoutes(rotas, `${BASE_PATH}/${DOMICILIO_ID}/edit/familias`);
    expect(await screen.findByText(msg.familiasSomenteDomicilio)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vincular família' })).not.toBeInTheDocument();
  });
});
