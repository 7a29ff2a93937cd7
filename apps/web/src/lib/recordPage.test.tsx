import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeApi } from '../test/fakeApi';
import { renderRoutes } from '../test/render';
import { RecordFormFrame, recordFormPage, useRecordFormPage, type RecordFormProps } from './recordPage';
import { resource } from './resource';

// Issue 40: a record form page is its resource, its codec and its sections; the kit does the rest.
type Grupo = { id: string; lock_version: number; nome: string; ativo: boolean };
const PATH = '/administracao/grupos';
const API = `/api/v1${PATH}`;
const grupos = resource<Grupo, Grupo, object, { nome: string }>(PATH);
const codec = {
  schema: () => z.object({ nome: z.string().min(1, 'Não pode ficar em branco') }),
  empty: () => ({ nome: '' }),
  toForm: (g: Grupo) => ({ nome: g.nome }),
  labels: { nome: 'Nome' },
};

function GrupoForm({ atual, recarregar }: RecordFormProps<Grupo>) {
  const page = useRecordFormPage({
    dados: grupos,
    atual,
    recarregar,
    titulo: atual ? `Editar grupo ${atual.nome}` : 'Novo grupo',
    codec,
    model: 'Grupo',
    genero: 'm',
    desativar: { nome: (g) => g.nome, explicacao: 'O grupo some das listas.' },
  });
  return (
    <RecordFormFrame
      page={page}
      acoes={<span>Ação da página</span>}
      nota={<p>Nota antes do formulário</p>}
      sections={[['Grupo', [{ kind: 'text', name: 'nome' }]]]}
      depois={<p>Depois do formulário</p>}
    />
  );
}
const GrupoFormPage = recordFormPage({ dados: grupos, label: 'Carregando grupo' }, GrupoForm);

const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const grupo: Grupo = { id: ID, lock_version: 4, nome: 'Vacinação', ativo: true };
const rotas = [
  { path: `${PATH}/new`, element: <GrupoFormPage /> },
  { path: `${PATH}/:id/edit`, element: <GrupoFormPage /> },
  { path: PATH, element: <h1>Grupos</h1> },
];
const TODAS = ['create', 'update', 'destroy'].map((a) => `administracao/grupos:${a}`);

describe('useRecordFormPage + RecordFormFrame', { timeout: 30_000 }, () => {
  it('draws the h1, the page actions, the note, the labelled section and what follows; an edit sends its version', async () => {
    const { chamadas } = fakeApi(
      { [`GET ${API}/${ID}`]: { body: grupo }, [`PUT ${API}/${ID}`]: { body: { ...grupo, lock_version: 5 } } },
      { permissoes: TODAS },
    );
    const { user } = renderRoutes(rotas, `${PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar grupo Vacinação', level: 1 });
    expect(screen.getByText('Ação da página')).toBeInTheDocument();
    expect(screen.getByText('Nota antes do formulário')).toBeInTheDocument();
    expect(screen.getByText('Depois do formulário')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Editar grupo Vacinação' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desativar grupo' })).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Nome' }));
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Vacinas');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'PUT')).toBe(true));
    expect(chamadas.find((c) => c.method === 'PUT')!.body).toEqual({ nome: 'Vacinas', lock_version: 4 });
  });

  it('locks the form of a user who may only read, with Voltar and no red action', async () => {
    fakeApi({ [`GET ${API}/${ID}`]: { body: grupo } }, { permissoes: [] });
    renderRoutes(rotas, `${PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Editar grupo Vacinação', level: 1 });
    expect(screen.getByRole('textbox', { name: 'Nome' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Desativar grupo' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', PATH);
  });

  it('a new record is created at the resource and offers no red action', async () => {
    const { chamadas } = fakeApi({ [`POST ${API}`]: { status: 201, body: grupo } }, { permissoes: TODAS });
    const { user } = renderRoutes(rotas, `${PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo grupo', level: 1 });
    expect(screen.queryByRole('button', { name: 'Desativar grupo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não pode ficar em branco')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nome' }), 'Vacinação');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(chamadas.find((c) => c.method === 'POST')!.body).toEqual({ nome: 'Vacinação' });
  });
});
