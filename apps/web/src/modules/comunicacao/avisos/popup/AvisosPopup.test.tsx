import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { msg, type Usuario } from '@saude/shared';
import { INTERVALO_AVISOS_MS, type AvisoNaoVisualizado } from '@saude/shared/schemas/aviso';
import { fakeApi, usuarioTeste, type Rota } from '../../../../test/fakeApi';
import { authKeys, useUsuario } from '../../../../lib/session';
import { renderWithProviders } from '../../../../test/render';
import { AVISOS_API, avisosPopupKeys } from './api';
import { AvisosNaoVisualizados } from './AvisosNaoVisualizados';

const NAO_VISUALIZADOS = `GET ${AVISOS_API}/nao_visualizados`;
const confirmacao = (id: string) => `POST ${AVISOS_API}/${id}/aviso_visualizacoes`;

const aviso = (n: number, o: Partial<AvisoNaoVisualizado> = {}): AvisoNaoVisualizado => ({
  id: `0190a6d2-1c1e-7000-8000-00000000010${n}`,
  titulo: `Aviso ${n}`,
  mensagem: `Mensagem do aviso ${n}`,
  checar_resposta: false,
  responsavel_nome: 'Gestora Ana',
  ...o,
});
const campanha = aviso(1, { titulo: 'Campanha de vacinação', mensagem: 'Começa segunda (memorando 12/2026)' });
const reuniao = aviso(2, { titulo: 'Reunião de equipe', checar_resposta: true, responsavel_nome: 'Coordenador Beto' });
const escala = aviso(3, { titulo: 'Nova escala' });

/** The API answers `lista` at each check (then [] once all are confirmed) and 201 to each confirmation. */
function abrir(
  lista: AvisoNaoVisualizado[],
  { rotas = {}, usuario = usuarioTeste }: { rotas?: Record<string, Rota>; usuario?: Usuario } = {},
) {
  let restantes = [...lista];
  const confirmar: Record<string, Rota> = Object.fromEntries(
    lista.map((a) => [
      confirmacao(a.id),
      () => {
        restantes = restantes.filter((r) => r.id !== a.id);
        return { status: 201, body: {} };
      },
    ]),
  );
  const api = fakeApi({ [NAO_VISUALIZADOS]: () => ({ body: restantes }), ...confirmar, ...rotas }, { usuario });
  const r = renderWithProviders(<AvisosNaoVisualizados usuario={usuario} />);
  const checagens = () => api.chamadas.filter((c) => c.method === 'GET' && c.path.endsWith('/nao_visualizados'));
  const confirmacoes = () => api.chamadas.filter((c) => c.method === 'POST');
  return { ...r, ...api, checagens, confirmacoes };
}

const dialogo = (name: string) => screen.findByRole('dialog', { name });
const botao = (name: string) => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('notice pop-ups (spec §4)', () => {
  it('checks every 15 minutes (spec §9: 900,000 ms)', () => {
    expect(INTERVALO_AVISOS_MS).toBe(900_000);
  });

  it('shows the unread notices one after another in the API order, with "1 de 3" and a progress bar', async () => {
    const { user, confirmacoes } = abrir([campanha, escala, aviso(4)]);
    const d = await dialogo('Campanha de vacinação');
    expect(within(d).getByText('1 de 3')).toBeInTheDocument();
    expect(within(d).getByRole('progressbar', { name: 'Aviso 1 de 3' })).toHaveAttribute('aria-valuenow', '33');
    expect(within(d).getByText('Começa segunda (memorando 12/2026)')).toBeInTheDocument();
    expect(within(d).getByText('Responsável: Gestora Ana')).toBeInTheDocument();
    // Nothing to reply to: no field, and the body is empty.
    expect(within(d).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(botao('Confirmar leitura'));
    const segundo = await dialogo('Nova escala');
    expect(within(segundo).getByText('2 de 3')).toBeInTheDocument();
    expect(confirmacoes()).toMatchObject([{ path: `${AVISOS_API}/${campanha.id}/aviso_visualizacoes`, body: {} }]);
    // The focus stays in the dialog, on the button that moves on.
    expect(botao('Confirmar leitura')).toHaveFocus();
  });

  it('refuses a blank reply with the catalogue message under the field, sending nothing; a typed one is sent', async () => {
    const { user, confirmacoes, checagens } = abrir([reuniao]);
    const d = await dialogo('Reunião de equipe');
    expect(within(d).getByText('1 de 1')).toBeInTheDocument();
    const campo = within(d).getByRole('textbox', { name: 'Resposta' });
    expect(campo).toBeRequired();
    expect(campo).toHaveAttribute('maxLength', '150');
    // The reply field is where the keyboard starts.
    await waitFor(() => expect(campo).toHaveFocus());
    expect(within(d).getByText('0/150')).toBeInTheDocument();

    await user.type(campo, '   ');
    await user.click(botao('Confirmar leitura'));
    expect(await within(d).findByText(msg.avisoRespostaObrigatoria)).toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(confirmacoes()).toEqual([]);

    await user.clear(campo);
    await user.type(campo, ' Estarei presente ');
    expect(within(d).getByText('18/150')).toBeInTheDocument();
    expect(within(d).queryByText(msg.avisoRespostaObrigatoria)).not.toBeInTheDocument();
    await user.click(botao('Confirmar leitura'));

    // The last one confirmed: the dialog closes and the unread list is checked again.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmacoes()).toMatchObject([{ body: { resposta: 'Estarei presente' } }]);
    await waitFor(() => expect(checagens()).toHaveLength(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the pop-up and the typed reply when the confirmation fails, with the 5 s toast of spec §8', async () => {
    const show = vi.spyOn(notifications, 'show');
    const { user, confirmacoes } = abrir([reuniao], {
      rotas: { [confirmacao(reuniao.id)]: { status: 500, body: { message: 'Erro interno' } } },
    });
    const d = await dialogo('Reunião de equipe');
    await user.type(within(d).getByRole('textbox', { name: 'Resposta' }), 'Ciente');
    await user.click(botao('Confirmar leitura'));

    expect(await screen.findByText(msg.avisoRespostaFalhou)).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: msg.avisoRespostaFalhou, autoClose: 5000 }));
    expect(confirmacoes()).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Reunião de equipe' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Resposta' })).toHaveValue('Ciente');
    expect(screen.getByText('1 de 1')).toBeInTheDocument();
  });

  it("shows the server's reply error under the field (422), without the toast", async () => {
    const { user } = abrir([reuniao], {
      rotas: {
        [confirmacao(reuniao.id)]: {
          status: 422,
          body: { message: 'Não foi possível gravar', errors: { resposta: [msg.avisoRespostaObrigatoria] } },
        },
      },
    });
    const d = await dialogo('Reunião de equipe');
    await user.type(within(d).getByRole('textbox', { name: 'Resposta' }), 'x');
    await user.click(botao('Confirmar leitura'));
    expect(await within(d).findByText(msg.avisoRespostaObrigatoria)).toBeInTheDocument();
    expect(screen.queryByText(msg.avisoRespostaFalhou)).not.toBeInTheDocument();
  });

  it('"Ver depois" stops the sequence: the dialog closes, nothing is sent, the rest return at the next check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, confirmacoes, checagens } = abrir([campanha, reuniao, escala]);
    await dialogo('Campanha de vacinação');
    await user.click(botao('Confirmar leitura'));
    await dialogo('Reunião de equipe');
    await user.click(botao('Ver depois'));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(confirmacoes()).toHaveLength(1);
    expect(checagens()).toHaveLength(1);

    // Fifteen minutes later the check runs again and shows what is still unread.
    await act(() => vi.advanceTimersByTimeAsync(INTERVALO_AVISOS_MS));
    const d = await dialogo('Reunião de equipe');
    expect(within(d).getByText('1 de 2')).toBeInTheDocument();
    expect(checagens()).toHaveLength(2);
  });

  it('does not close on Escape nor has a close button', async () => {
    abrir([campanha]);
    const d = await dialogo('Campanha de vacinação');
    fireEvent.keyDown(d, { key: 'Escape' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Campanha de vacinação' })).toBeInTheDocument();
    expect(
      within(d)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Ver depois', 'Confirmar leitura']);
  });

  it.each([
    [
      'without the permission comunicacao/avisos:visualizar',
      { ...usuarioTeste, permissoes: usuarioTeste.permissoes.filter((p) => p !== 'comunicacao/avisos:visualizar') },
    ],
    ['without a current unit', { ...usuarioTeste, unidade_atual: null }],
  ])('does not check %s', (_, usuario) => {
    const { checagens, queryClient } = abrir([campanha], { usuario });
    // An enabled query starts fetching as it mounts; this one stays idle.
    const consultas = queryClient.getQueryCache().findAll({ queryKey: avisosPopupKeys.all });
    expect(consultas.map((q) => q.state.fetchStatus)).toEqual(['idle']);
    expect(checagens()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks again when the current unit changes (the unit is in the query key)', async () => {
    const outra = { id: '0190a6d2-1c1e-7000-8000-0000000000a2', nome: 'UBS Jardim' };
    const api = fakeApi({
      [NAO_VISUALIZADOS]: () => ({ body: checagens().length === 1 ? [] : [reuniao] }),
    });
    const checagens = () => api.chamadas.filter((c) => c.path.endsWith('/nao_visualizados'));
    // As the shell does: the user comes from the session query, which a unit change updates.
    function NoShell() {
      const usuario = useUsuario();
      return usuario ? <AvisosNaoVisualizados usuario={usuario} /> : null;
    }
    const { queryClient } = renderWithProviders(<NoShell />);
    await waitFor(() => expect(checagens()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await act(async () => {
      queryClient.setQueryData(authKeys.me, { ...usuarioTeste, unidade_atual: outra });
    });
    expect(await dialogo('Reunião de equipe')).toBeInTheDocument();
    expect(checagens()).toHaveLength(2);
  });

  it('shows nothing when there is nothing unread', async () => {
    const { checagens } = abrir([]);
    await waitFor(() => expect(checagens()).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
