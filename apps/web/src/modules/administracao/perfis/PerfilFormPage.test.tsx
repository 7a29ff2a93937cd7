import { screen, waitFor, within } from '@testing-library/react';
import { adminMsg } from '@saude/shared/administracao_mensagens';
import { describe, expect, it } from 'vitest';
import { msg } from '@saude/shared';
import { gruposPermissoes, type Perfil } from '@saude/shared/schemas/administracao_perfil';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import { BASE_PATH } from './api';
import { PerfilFormPage } from './PerfilFormPage';

const API = '/api/v1/administracao/perfis';
const rotas = [
  { path: `${BASE_PATH}/new`, element: <PerfilFormPage /> },
  { path: `${BASE_PATH}/:id/edit`, element: <PerfilFormPage /> },
  { path: BASE_PATH, element: <h1>Perfis</h1> },
];
const GESTOR = [
  'administracao/perfis:index',
  'administracao/perfis:show',
  'administracao/perfis:create',
  'administracao/perfis:update',
  'administracao/perfis:destroy',
  'auditoria:index',
];
const ID = '0190a6d2-1c1e-7000-8000-0000000000f2';
const salvo: Perfil = {
  id: ID,
  lock_version: 0,
  codigo: 'digitador',
  nome: 'Digitador',
  sistema: false,
  permissoes: [],
  lotacoes_ativas: 0,
};
const area = (nome: string) => screen.getByRole('group', { name: nome });
const primaria = gruposPermissoes.find((g) => g.area === 'atencao_primaria')!;
const todasDaPrimaria = primaria.recursos.flatMap((r) => r.permissoes.map((p) => p.permissao));

describe('PerfilFormPage', { timeout: 60_000 }, () => {
  it('says a blank name on its field, ticks a whole area with "Marcar todas", then saves the code and permissions', async () => {
    const { chamadas } = fakeApi({ [`POST ${API}`]: { status: 201, body: salvo } }, { permissoes: GESTOR });
    const { user } = renderRoutes(rotas, `${BASE_PATH}/new`);
    await screen.findByRole('heading', { name: 'Novo perfil', level: 1 });
    // Every area of the catalogue, in pt-BR.
    for (const g of gruposPermissoes) expect(area(g.nome)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Código/ }), 'Digitador X');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Nome/ })).toHaveAccessibleDescription(
        expect.stringContaining(msg.obrigatorio),
      ),
    );
    expect(screen.getByRole('textbox', { name: /Código/ })).toHaveAccessibleDescription(
      expect.stringContaining(adminMsg.perfilCodigoInvalido),
    );
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: /Nome/ }), 'Digitador');
    const codigo = screen.getByRole('textbox', { name: /Código/ });
    await user.clear(codigo);
    await user.type(codigo, 'digitador');
    const grupo = area('Atenção primária');
    await user.click(within(grupo).getByRole('checkbox', { name: 'Marcar todas' }));
    expect(within(grupo).getByText(`${todasDaPrimaria.length} de ${todasDaPrimaria.length}`)).toBeInTheDocument();
    // One action off: the area's box becomes "some" (indeterminate), not ticked.
    const familias = within(grupo).getByRole('group', { name: 'Famílias' });
    await user.click(within(familias).getByRole('checkbox', { name: 'Excluir' }));
    expect(within(grupo).getByRole('checkbox', { name: 'Marcar todas' })).not.toBeChecked();
    await user.click(
      within(area('Munícipes')).getByRole('group', { name: 'Cadastro do munícipe' }).querySelector('input')!,
    );

    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    const corpo = chamadas.find((c) => c.method === 'POST')!.body as { codigo: string; permissoes: string[] };
    expect(corpo.codigo).toBe('digitador');
    expect([...corpo.permissoes].sort()).toEqual(
      [...todasDaPrimaria.filter((p) => p !== 'atencao_primaria/familias:destroy'), 'municipes:index'].sort(),
    );
  });

  it('shows a built-in profile read-only, with its permissions ticked and no save', async () => {
    const acs: Perfil = {
      ...salvo,
      codigo: 'acs',
      nome: 'Agente comunitário de saúde',
      sistema: true,
      permissoes: ['municipes:index', 'atencao_primaria/familias:index'],
      lotacoes_ativas: 3,
    };
    fakeApi({ [`GET ${API}/${ID}`]: { body: acs } }, { permissoes: GESTOR });
    renderRoutes(rotas, `${BASE_PATH}/${ID}/edit`);
    await screen.findByRole('heading', { name: 'Perfil Agente comunitário de saúde', level: 1 });
    expect(screen.getByText('Perfil do sistema: somente leitura')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remover perfil' })).toBeNull();
    const familias = within(area('Atenção primária')).getByRole('group', { name: 'Famílias' });
    expect(within(familias).getByRole('checkbox', { name: 'Listar' })).toBeChecked();
    expect(within(familias).getByRole('checkbox', { name: 'Listar' })).toBeDisabled();
    expect(within(familias).getByRole('checkbox', { name: 'Excluir' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Histórico de alterações' })).toHaveAttribute(
      'href',
      `/auditoria?record_id=${ID}`,
    );
    expect(screen.getByText(/3 lotações ativas usam este perfil/)).toBeInTheDocument();
  });
});
