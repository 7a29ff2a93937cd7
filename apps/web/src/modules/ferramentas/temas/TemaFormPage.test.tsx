import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { imagemMsg } from '@saude/shared/imagem';
import type { Tema } from '@saude/shared/schemas/tema';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { TemaFormPage } from './TemaFormPage';

// jsdom has no document.fonts; the autosize textareas listen to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const API = '/api/v1/ferramentas/temas';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <TemaFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <TemaFormPage /> },
  { path: BASE_PATH, element: <h1>Temas</h1> },
];
const GESTOR = ['ferramentas/temas:index', 'ferramentas/temas:show', 'ferramentas/temas:create'];
const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const salvo: Tema = {
  id: ID,
  lock_version: 0,
  created_at: '2026-11-25T10:00:00.000Z',
  updated_at: '2026-11-25T10:00:00.000Z',
  objetivo: 'Novembro Azul',
  descricao: null,
  cor_primaria: '#1A237E',
  cor_secundaria: '#FFFFFF',
  imagem_base64: null,
  icon: 'moustache',
  vigencia_inicio: '2026-11-01',
  vigencia_fim: '2026-11-30',
  recorrente: false,
  ativo: true,
};
const campo = (nome: RegExp) => screen.getByRole('textbox', { name: nome });

describe('TemaFormPage', { timeout: 60_000 }, () => {
  it('shows the errors (blank, end before start, a text file as image), warns of low contrast, then saves', async () => {
    const { chamadas } = fakeApi({ [`POST ${API}`]: { status: 201, body: salvo } }, { permissoes: GESTOR });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo tema', level: 1 });

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(campo(/Título/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio)));
    expect(campo(/Início da vigência/)).toHaveAccessibleDescription(expect.stringContaining(msg.obrigatorio));
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.type(campo(/Título/), 'Novembro Azul');
    await user.type(campo(/Início da vigência/), '10112026');
    await user.type(campo(/Fim da vigência/), '01112026');
    await waitFor(() =>
      expect(campo(/Fim da vigência/)).toHaveAccessibleDescription(expect.stringContaining(msg.vigenciaFimMaior)),
    );

    // The default dark blue reads well: no warning. A mid grey gives #707070 text at 1.3:1: a warning, not an error.
    expect(screen.queryByTestId('aviso-contraste')).toBeNull();
    const primaria = campo(/Cor primária/);
    await user.clear(primaria);
    await user.type(primaria, '#808080');
    expect(await screen.findByTestId('aviso-contraste')).toHaveTextContent('cinza (#707070)');
    expect(screen.getByTestId('previa-barra')).toHaveStyle({ color: '#707070' });

    // A text file renamed .png is refused in the browser, by its bytes.
    const arquivo = new File(['apenas um texto'], 'logo.png', { type: 'image/png' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [arquivo] } });
    expect(await screen.findByTestId('erro-imagem')).toHaveTextContent(imagemMsg.tipo);

    const fim = campo(/Fim da vigência/);
    await user.clear(fim);
    await user.type(fim, '30112026');
    await user.clear(primaria);
    await user.type(primaria, '#1a237e');
    await waitFor(() => expect(screen.queryByTestId('aviso-contraste')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Bigode' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({
      objetivo: 'Novembro Azul',
      cor_primaria: '#1A237E',
      vigencia_inicio: '2026-11-10',
      vigencia_fim: '2026-11-30',
      icon: 'moustache',
      recorrente: false,
      ativo: true,
    });
  });

  it("shows the API's overlap refusal on the start of the period", async () => {
    const recusa = msg.temaSobreposto('Outubro Rosa', '01/10 a 31/10, todo ano');
    fakeApi(
      {
        [`POST ${API}`]: {
          status: 422,
          body: { message: 'Não foi possível gravar', errors: { vigencia_inicio: [recusa] } },
        },
      },
      { permissoes: GESTOR },
    );
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo tema', level: 1 });
    await user.type(campo(/Título/), 'Outra campanha');
    await user.type(campo(/Início da vigência/), '10102026');
    await user.type(campo(/Fim da vigência/), '20102026');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(campo(/Início da vigência/)).toHaveAccessibleDescription(expect.stringContaining(recusa)),
    );
  });
});
