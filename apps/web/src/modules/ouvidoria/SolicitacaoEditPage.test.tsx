import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi, type Chamada } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { BASE_PATH } from './api';
import { SolicitacaoEditPage } from './SolicitacaoEditPage';
import {
  API_OPCOES,
  API_SOLICITACOES,
  opcoes,
  PRIORIDADE_ALTA,
  PRIORIDADE_BAIXA,
  SOLICITACAO,
  solicitacaoDe,
} from './testUtils';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const API = `${API_SOLICITACOES}/${SOLICITACAO}`;
const EDITAR = `${BASE_PATH}/${SOLICITACAO}/edit`;
const rotas = [
  { path: `${BASE_PATH}/:id/edit`, element: <SolicitacaoEditPage /> },
  { path: `${BASE_PATH}/:id`, element: <h1>Solicitação salva</h1> },
];
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });
const puts = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'PUT');

describe('SolicitacaoEditPage', { timeout: 60_000 }, () => {
  it('asks the answer to mark it answered, shows the 422 on its field, a stale edit with what changed, then saves', async () => {
    // The server's record: someone else lowers the priority (version 3) while this user edits version 2.
    let outraVersao = false;
    let tentativa = 0;
    const { chamadas } = fakeApi({
      [`GET ${API}`]: () => ({
        body: outraVersao
          ? solicitacaoDe({ lock_version: 3, prioridade: { id: PRIORIDADE_BAIXA, nome: 'Baixa', cor: 'gray' } })
          : solicitacaoDe(),
      }),
      [`GET ${API_OPCOES}`]: { body: opcoes },
      [`PUT ${API}`]: ({ body }) => {
        tentativa += 1;
        if (tentativa === 1)
          return {
            status: 422,
            body: { code: 'validacao', message: 'Dados inválidos', errors: { prioridade_id: [msg.naoEValido] } },
          };
        if (tentativa === 2) {
          outraVersao = true;
          return { status: 409, body: { code: 'edicao_desatualizada', message: msg.edicaoDesatualizada } };
        }
        return { body: solicitacaoDe({ ...(body as object), lock_version: 4, situacao: 'respondida' }) };
      },
    });
    const { user, router } = renderRoutes(rotas, EDITAR);
    expect(await screen.findByRole('heading', { name: 'Tratar solicitação 2026000123', level: 1 })).toBeVisible();
    expect(screen.getByText('João da Silva')).toBeVisible();
    expect(screen.getByText('Esperei quatro horas.')).toBeVisible();
    // No answer field until the status asks for one.
    expect(screen.queryByRole('textbox', { name: /Resposta ao solicitante/ })).toBeNull();

    const situacao = screen.getByRole('combobox', { name: /^Situação/ });
    expect(situacao).toHaveValue('Aberta (atual)');
    await user.click(situacao);
    // From "aberta" the next ones only.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Aberta (atual)',
      'Em análise',
      'Respondida',
      'Encerrada',
    ]);
    await user.click(screen.getByRole('option', { name: 'Respondida' }));
    const resposta = await screen.findByRole('textbox', { name: /Resposta ao solicitante/ });

    // "Respondida" without the answer: the shared rule refuses it before any request.
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(resposta).toHaveAccessibleDescription(msg.obrigatorio));
    expect(resposta).toHaveAttribute('aria-invalid', 'true');
    expect(puts(chamadas)).toHaveLength(0);

    // A blank answer is no answer either.
    await user.type(resposta, '   ');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(resposta).toHaveAccessibleDescription(msg.obrigatorio));
    expect(puts(chamadas)).toHaveLength(0);

    await user.clear(resposta);
    await user.type(resposta, 'Reforçamos a equipe da recepção.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The API's 422 lands on its field.
    const prioridade = screen.getByRole('combobox', { name: /^Prioridade/ });
    await waitFor(() => expect(prioridade).toHaveAccessibleDescription(msg.naoEValido));
    expect(puts(chamadas)[0]?.body).toEqual({
      lock_version: 2,
      situacao: 'respondida',
      resposta: 'Reforçamos a equipe da recepção.',
      prioridade_id: PRIORIDADE_ALTA,
      unidade_saude_id: expect.any(String),
    });

    // A stale edit: the message, what the other person changed, and "Recarregar".
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeVisible();
    expect(await screen.findByText('Alterado: Prioridade.')).toBeVisible();
    expect(router.state.location.pathname).toBe(EDITAR);
    await user.click(screen.getByRole('button', { name: 'Recarregar' }));
    // The form starts again from version 3: the other person's priority, the status as it is.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Prioridade/ })).toHaveValue('Baixa'));
    expect(screen.getByRole('combobox', { name: /^Situação/ })).toHaveValue('Aberta (atual)');

    await user.click(screen.getByRole('combobox', { name: /^Situação/ }));
    await user.click(await screen.findByRole('option', { name: 'Respondida' }));
    await user.type(
      await screen.findByRole('textbox', { name: /Resposta ao solicitante/ }),
      'Reforçamos a equipe da recepção.',
    );
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${SOLICITACAO}`));
    expect(puts(chamadas).at(-1)?.body).toMatchObject({
      lock_version: 3,
      situacao: 'respondida',
      prioridade_id: PRIORIDADE_BAIXA,
    });
  });

  it('asks a note to close unanswered, and sends no status when it stays', async () => {
    const { chamadas } = fakeApi({
      [`GET ${API}`]: { body: solicitacaoDe() },
      [`GET ${API_OPCOES}`]: { body: opcoes },
      [`PUT ${API}`]: ({ body }) => ({ body: solicitacaoDe({ ...(body as object), lock_version: 3 }) }),
    });
    const { user, router } = renderRoutes(rotas, EDITAR);
    await screen.findByRole('heading', { name: 'Tratar solicitação 2026000123', level: 1 });
    await user.click(screen.getByRole('combobox', { name: /^Situação/ }));
    await user.click(await screen.findByRole('option', { name: 'Encerrada' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const observacao = campo(/^Observação/);
    await waitFor(() => expect(observacao).toHaveAccessibleDescription(new RegExp(msg.obrigatorio)));
    expect(puts(chamadas)).toHaveLength(0);

    // Back to the current status: only the note goes, with no status change.
    await user.click(screen.getByRole('combobox', { name: /^Situação/ }));
    await user.click(await screen.findByRole('option', { name: 'Aberta (atual)' }));
    await user.type(observacao, 'Contato feito por telefone.');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${BASE_PATH}/${SOLICITACAO}`));
    const put = puts(chamadas)[0]?.body as Record<string, unknown>;
    expect(put).toMatchObject({ lock_version: 2, observacao: 'Contato feito por telefone.' });
    expect(put.situacao ?? null).toBeNull();
  });

  it('shows a closed request locked: no status to choose, no save', async () => {
    fakeApi({
      [`GET ${API}`]: {
        body: solicitacaoDe({ situacao: 'encerrada', dias_restantes: null, resposta: 'Resolvido.' }),
      },
      [`GET ${API_OPCOES}`]: { body: opcoes },
    });
    renderRoutes(rotas, EDITAR);
    expect(await screen.findByText('Solicitação encerrada')).toBeVisible();
    expect(screen.getByText('Resolvido.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: /^Situação/ })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: /^Prioridade/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(within(screen.getByRole('form')).queryByRole('textbox', { name: /Prorrogar/ })).toBeNull();
  });
});
