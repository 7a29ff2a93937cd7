import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { NotificacoesMunicipePage } from '../detalhes/NotificacoesMunicipePage';
import { BASE_PATH } from './api';
import { NotificacaoShowPage } from './NotificacaoShowPage';
import { SITUACAO_ALTERADA } from './SituacaoDialog';
import {
  API,
  API_NOTIFICACAO,
  detalhesDe,
  MUNICIPE,
  NOTIFICACAO,
  notificacaoDe,
  opcoesFiltro,
  PROFISSIONAL,
} from './testUtils';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rotas = [
  { path: `${BASE_PATH}/:id/detalhes`, element: <NotificacoesMunicipePage /> },
  { path: `${BASE_PATH}/:id/notificacao_compulsoria/:notificacaoId/show`, element: <NotificacaoShowPage /> },
  { path: `${BASE_PATH}/:id/new`, element: <h1>Nova notificação</h1> },
];
const SHOW = `${BASE_PATH}/${MUNICIPE}/notificacao_compulsoria/${NOTIFICACAO}/show`;
const resumo = {
  id: NOTIFICACAO,
  lock_version: 3,
  doenca_agravo_id: '9a',
  doenca_nome: 'Dengue - Casos',
  doenca_imediata: false,
  situacao: 'confirmado' as const,
  data_notificacao: '2026-11-20',
  hora_notificacao: '09:30',
  data_primeiros_sintomas: null,
  data_encerramento: '2026-11-23',
  unidade_saude_id: '0190a6d2-1c1e-7000-8000-0000000000a1',
  unidade_saude_nome: 'UBS Centro',
  profissional_id: PROFISSIONAL,
  profissional_nome: 'Enfermeira Teste',
};

describe('NotificacoesMunicipePage', { timeout: 60_000 }, () => {
  it("shows the citizen's header with the death marked and their notifications, each opening its show page", async () => {
    fakeApi(
      {
        [`GET ${API}/${MUNICIPE}`]: {
          body: detalhesDe({ obito: true, data_obito: '2026-11-24', idade: '36 anos' }, [resumo]),
        },
        [`GET ${API_NOTIFICACAO}`]: { body: notificacaoDe() },
        'GET /api/v1/atencao_primaria/opcoes_filtro': opcoesFiltro,
      },
      { permissoes: ['municipes_notificacao:show'] },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/detalhes`);
    expect(await screen.findByRole('heading', { name: 'Ana Lúcia Prado', level: 1 })).toBeVisible();
    expect(screen.getByText('Óbito')).toBeVisible();
    expect(screen.getByText(/CNS 170 3325 9504 0000/)).toBeVisible();
    expect(screen.getByText('Rua das Flores, 10 - Centro')).toBeVisible();
    // Without the create permission there is no "Nova notificação".
    expect(screen.queryByRole('link', { name: 'Nova notificação' })).toBeNull();
    const linha = screen.getByRole('row', { name: /Dengue - Casos/ });
    expect(within(linha).getByText('Confirmado')).toBeVisible();
    expect(within(linha).getByText('Encerrada em 23/11/2026')).toBeVisible();
    await user.click(within(linha).getByRole('link', { name: 'Dengue - Casos' }));
    expect(await screen.findByRole('heading', { name: 'Dengue - Casos', level: 1 })).toBeVisible();
  });

  it('says there is none yet and offers to register one to who may', async () => {
    fakeApi({ [`GET ${API}/${MUNICIPE}`]: { body: detalhesDe() } });
    renderRoutes(rotas, `${BASE_PATH}/${MUNICIPE}/detalhes`);
    expect(await screen.findByText(/Nenhuma notificação registrada para este munícipe/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nova notificação' })).toHaveAttribute(
      'href',
      `${BASE_PATH}/${MUNICIPE}/new`,
    );
  });
});

describe('NotificacaoShowPage', { timeout: 60_000 }, () => {
  it('reads as text, unanswered questions as "Não informado", with the status history', async () => {
    fakeApi(
      {
        [`GET ${API}/${MUNICIPE}`]: { body: detalhesDe() },
        [`GET ${API_NOTIFICACAO}`]: { body: notificacaoDe() },
        'GET /api/v1/atencao_primaria/opcoes_filtro': opcoesFiltro,
      },
      { permissoes: ['municipes_notificacao:show'] },
    );
    renderRoutes(rotas, SHOW);
    expect(await screen.findByRole('heading', { name: 'Dengue - Casos', level: 1 })).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
    const comorbidades = screen.getByRole('region', { name: 'Doenças pré-existentes' });
    expect(within(comorbidades).getByText('Diabetes').nextSibling).toHaveTextContent('Sim');
    expect(within(comorbidades).getByText('Hipertensão arterial').nextSibling).toHaveTextContent('Não');
    expect(within(comorbidades).getByText('Hepatopatia').nextSibling).toHaveTextContent('Não informado');
    expect(screen.getByText('Dias de internação').nextSibling).toHaveTextContent('3 dias');
    expect(screen.getByText('Notificada como suspeito')).toBeVisible();
    // Readers: no edit and no status change; the SINAN form is for everyone who sees it.
    expect(screen.queryByRole('button', { name: 'Alterar situação' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Imprimir ficha (SINAN)' })).toBeVisible();
  });

  it('confirms a case with its closing date after a confirmation dialog, and refuses a closing date before the notification', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}/${MUNICIPE}`]: { body: detalhesDe() },
      [`GET ${API_NOTIFICACAO}`]: { body: notificacaoDe() },
      'GET /api/v1/atencao_primaria/opcoes_filtro': opcoesFiltro,
      [`POST ${API_NOTIFICACAO}/situacao`]: {
        body: notificacaoDe({ situacao: 'confirmado', data_encerramento: '2026-11-23', lock_version: 4 }),
      },
    });
    const { user } = renderRoutes(rotas, SHOW);
    await user.click(await screen.findByRole('button', { name: 'Alterar situação' }));
    const dialogo = within(await screen.findByRole('dialog', { name: 'Alterar situação' }));
    expect(dialogo.queryByRole('radio', { name: 'Reabrir como suspeito' })).toBeNull();
    await user.click(dialogo.getByRole('radio', { name: 'Confirmado' }));
    const data = () => dialogo.getByRole('textbox', { name: /Data de encerramento/ });
    await user.clear(data());
    await user.type(data(), '19112026');
    await user.click(dialogo.getByRole('button', { name: 'Confirmar alteração' }));
    await waitFor(() => expect(data()).toHaveAccessibleDescription(msg.anteriorANotificacao));
    expect(chamadas.some((c) => c.path.endsWith('/situacao'))).toBe(false);

    await user.clear(data());
    await user.type(data(), '23112026');
    await user.click(dialogo.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByText(SITUACAO_ALTERADA)).toBeVisible();
    expect(chamadas.find((c) => c.path.endsWith('/situacao'))?.body).toEqual({
      situacao: 'confirmado',
      data_encerramento: '2026-11-23',
      lock_version: 3,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByText('Confirmado').length).toBeGreaterThan(0);
  });

  it('fetches the SINAN form with the session token and opens it in a new tab', async () => {
    const { fetchMock } = fakeApi({
      [`GET ${API}/${MUNICIPE}`]: { body: detalhesDe() },
      [`GET ${API_NOTIFICACAO}`]: { body: notificacaoDe() },
      'GET /api/v1/atencao_primaria/opcoes_filtro': opcoesFiltro,
    });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/ficha.pdf')
        ? new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } })
        : original(input, init),
    );
    const aba = { closed: false, close() {}, location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(aba as unknown as Window);
    const createObjectURL = vi.fn(() => 'blob:ficha');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    localStorage.setItem('saude.token', 'token-de-teste');
    const { user } = renderRoutes(rotas, SHOW);
    await user.click(await screen.findByRole('button', { name: 'Imprimir ficha (SINAN)' }));
    await waitFor(() => expect(aba.location.href).toBe('blob:ficha'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    const ficha = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/ficha.pdf'));
    expect(new Headers(ficha?.[1]?.headers).get('Authorization')).toBe('Bearer token-de-teste');
    open.mockRestore();
    localStorage.removeItem('saude.token');
  });
});
