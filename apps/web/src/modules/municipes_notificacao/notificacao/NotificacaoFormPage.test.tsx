import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { fakeApi, type Chamada } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { NotificacaoFormPage } from './NotificacaoFormPage';
import { API, API_NOTIFICACAO, detalhesDe, MUNICIPE, NOTIFICACAO, notificacaoDe, opcoesFiltro } from './testUtils';

// jsdom has no document.fonts; the autosize textareas listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const rotas = [
  { path: `${BASE_PATH}/:id/new`, element: <NotificacaoFormPage /> },
  { path: `${BASE_PATH}/:id/notificacao_compulsoria/:notificacaoId/edit`, element: <NotificacaoFormPage /> },
  { path: `${BASE_PATH}/:id/notificacao_compulsoria/:notificacaoId/show`, element: <h1>Notificação salva</h1> },
  { path: `${BASE_PATH}/:id/detalhes`, element: <h1>Notificações do munícipe</h1> },
];
const NOVA = `${BASE_PATH}/${MUNICIPE}/new`;
const EDITAR = `${BASE_PATH}/${MUNICIPE}/notificacao_compulsoria/${NOTIFICACAO}/edit`;
/** A nurse: notifies, does not close cases nor see other units'. */
const ENFERMAGEM = ['municipes_notificacao:index', 'municipes_notificacao:show', 'municipes_notificacao:create'];

const base = {
  [`GET ${API}/${MUNICIPE}`]: { body: detalhesDe() },
  'GET /api/v1/atencao_primaria/opcoes_filtro': opcoesFiltro,
};
const pergunta = (nome: string) => screen.getByRole('radiogroup', { name: nome });
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });
const postDe = (chamadas: Chamada[]) => chamadas.find((c) => c.method === 'POST' && c.path.endsWith('/notificacoes'));

async function escolherDoenca(user: ReturnType<typeof renderRoutes>['user'], busca: string, opcao: RegExp) {
  const doenca = screen.getByRole('combobox', { name: /Doença ou agravo/ });
  await user.clear(doenca);
  await user.type(doenca, busca);
  await user.click(await screen.findByRole('option', { name: opcao }));
}

describe('NotificacaoFormPage', { timeout: 60_000 }, () => {
  it('starts a suspected case of now in the current unit, highlights an immediate disease and sends unanswered questions as unanswered', async () => {
    const { chamadas } = fakeApi(
      {
        ...base,
        [`POST ${API}/${MUNICIPE}/notificacoes`]: { status: 201, body: notificacaoDe() },
      },
      { permissoes: ENFERMAGEM },
    );
    const { user, router } = renderRoutes(rotas, NOVA);
    await screen.findByRole('heading', { name: 'Nova notificação compulsória', level: 1 });
    expect(screen.getByText('Ana Lúcia Prado')).toBeVisible();
    // Now, in dd/MM/yyyy and HH:mm; the status is fixed for who may not close cases; the unit is the current one.
    expect((campo(/Data da notificação/) as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect((campo(/Hora da notificação/) as HTMLInputElement).value).toMatch(/^\d{2}:\d{2}$/);
    expect(campo(/Situação/)).toHaveValue('Suspeito');
    expect(campo(/Unidade de saúde/)).toHaveValue('UBS Centro');

    await escolherDoenca(user, 'Botulismo', /^Botulismo/);
    expect(await screen.findByText('Notificação imediata: notifique em até 24 horas')).toBeVisible();
    expect(screen.getByText('Secretaria Municipal de Saúde')).toBeVisible();
    await escolherDoenca(user, 'A90', /^Dengue - Casos/);
    await waitFor(() => expect(screen.queryByText('Notificação imediata: notifique em até 24 horas')).toBeNull());

    // A comorbidity answered by mistake goes back to unanswered; another is answered "Não".
    await user.click(within(pergunta('Diabetes')).getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Limpar resposta: Diabetes' }));
    expect(within(pergunta('Diabetes')).getByRole('radio', { name: 'Sim' })).not.toBeChecked();
    expect(within(pergunta('Diabetes')).getByRole('radio', { name: 'Não' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Limpar resposta: Diabetes' })).toBeNull();
    await user.click(within(pergunta('Hipertensão arterial')).getByRole('radio', { name: 'Não' }));

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/show$/));
    const corpo = postDe(chamadas)?.body as Record<string, unknown>;
    expect(corpo).toMatchObject({
      doenca_agravo_id: '9a',
      situacao: 'suspeito',
      comorbidade_hipertensao: false,
    });
    expect(corpo).not.toHaveProperty('comorbidade_diabetes');
    expect(corpo).not.toHaveProperty('profissional_id');
  });

  it('applies the shared rules before asking the server: blank disease, symptoms after the notification or before birth, discharge before admission', async () => {
    const { chamadas } = fakeApi(base, { permissoes: ENFERMAGEM });
    const { user } = renderRoutes(rotas, NOVA);
    await screen.findByRole('heading', { name: 'Nova notificação compulsória', level: 1 });
    const data = campo(/Data da notificação/);
    await user.clear(data);
    await user.type(data, '20112026');
    await user.type(campo(/Data dos primeiros sintomas/), '21112026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByRole('combobox', { name: /Doença ou agravo/ })).toHaveAccessibleDescription(
      expect.stringContaining(msg.obrigatorio),
    );
    expect(campo(/Data dos primeiros sintomas/)).toHaveAccessibleDescription(msg.posteriorANotificacao);

    const sintomas = campo(/Data dos primeiros sintomas/);
    await user.clear(sintomas);
    await user.type(sintomas, '01011990');
    await waitFor(() => expect(sintomas).toHaveAccessibleDescription(msg.anteriorAoNascimento('10/05/1990')));

    // Admission and discharge: the days are derived, a discharge before admission refused.
    expect(screen.queryByRole('textbox', { name: /Data da internação/ })).toBeNull();
    await user.click(within(pergunta('Internado')).getByRole('radio', { name: 'Sim' }));
    await user.type(campo(/Data da internação/), '10112026');
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Alta' })).getByRole('radio', { name: 'Sim' }),
    );
    await user.type(campo(/Data da alta/), '14112026');
    await waitFor(() => expect(campo(/Dias de internação/)).toHaveValue('4 dias'));
    const alta = campo(/Data da alta/);
    await user.clear(alta);
    await user.type(alta, '09112026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/Data da alta/)).toHaveAccessibleDescription(msg.altaAntesDaInternacao));

    // "Não" to the admission takes its dates away.
    await user.click(within(pergunta('Internado')).getByRole('radio', { name: 'Não' }));
    expect(screen.queryByRole('textbox', { name: /Data da internação/ })).toBeNull();
    expect(chamadas.some((c) => c.method === 'POST' && c.path.startsWith(API))).toBe(false);
  });

  it('lets surveillance open a case already closed, with its closing date, and shows the server 422 on the field', async () => {
    const { chamadas } = fakeApi({
      ...base,
      [`POST ${API}/${MUNICIPE}/notificacoes`]: {
        status: 422,
        body: {
          code: 'validacao',
          message: 'Não foi possível gravar',
          errors: { data_encerramento: [msg.anteriorANotificacao] },
        },
      },
    });
    const { user } = renderRoutes(rotas, NOVA);
    await screen.findByRole('heading', { name: 'Nova notificação compulsória', level: 1 });
    await escolherDoenca(user, 'A90', /^Dengue - Casos/);
    expect(screen.queryByRole('textbox', { name: /Data de encerramento/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Confirmado' }));
    expect((campo(/Data de encerramento/) as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/Data de encerramento/)).toHaveAccessibleDescription(msg.anteriorANotificacao));
    expect(postDe(chamadas)?.body).toMatchObject({ situacao: 'confirmado', data_encerramento: expect.any(String) });
  });

  it('asks before saving an edit, sends the version it loaded and no status, and says a stale edit was changed by someone else', async () => {
    let tentativas = 0;
    const { chamadas } = fakeApi({
      ...base,
      [`GET ${API_NOTIFICACAO}`]: { body: notificacaoDe() },
      [`PUT ${API_NOTIFICACAO}`]: () =>
        ++tentativas === 1
          ? { status: 409, body: { code: 'edicao_desatualizada', message: msg.edicaoDesatualizada } }
          : { body: notificacaoDe({ lock_version: 4 }) },
    });
    const { user, router } = renderRoutes(rotas, EDITAR);
    await screen.findByRole('heading', { name: 'Editar notificação · Dengue - Casos', level: 1 });
    // Loaded answers: "Sim", "Não" and unanswered, the days derived from the dates.
    expect(within(pergunta('Diabetes')).getByRole('radio', { name: 'Sim' })).toBeChecked();
    expect(within(pergunta('Hepatopatia')).getByRole('radio', { name: 'Não' })).not.toBeChecked();
    expect(campo(/Dias de internação/)).toHaveValue('3 dias');
    expect(campo(/Situação/)).toHaveValue('Suspeito');
    await user.type(campo(/Observações/), 'Exame colhido');

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    const confirmacao = await screen.findByRole('dialog', { name: 'Salvar alterações na notificação?' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Não, continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(chamadas.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, salvar' }));
    expect(await screen.findByText(msg.edicaoDesatualizada)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await user.click(await screen.findByRole('button', { name: 'Sim, salvar' }));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/\/show$/));
    const put = chamadas.filter((c) => c.method === 'PUT').at(-1)?.body as Record<string, unknown>;
    expect(put).toMatchObject({ lock_version: 3, observacoes: 'Exame colhido', comorbidade_diabetes: true });
    expect(put).not.toHaveProperty('situacao');
    expect(put).not.toHaveProperty('comorbidade_hepatopatia');
  });
});
