import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNIDADE_FLAGS_TEXTOS, type UnidadeParametros } from '@saude/shared/schemas/parametrizacao_sistema';
import { validacaoRecepcaoMsg } from '@saude/shared/schemas/validacao_recepcao';
import { INTERVALOS_PADRAO } from '@saude/shared/schemas/quem_visitar';
import { fakeApi } from '../../test/fakeApi';
import { renderRoutes } from '../../test/render';
import { UnidadesParametrosPage } from './UnidadesParametrosPage';

if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });

const API = '/api/v1/parametros/unidades_saude';
const ID = '0190a6d2-1c1e-7000-8000-0000000000f1';
const unidade: UnidadeParametros = {
  id: ID,
  nome: 'UBS Centro',
  cnes: '1234567',
  ativo: true,
  com_agendamento: false,
  cpf_cns: false,
  exportacao_esus: true,
  gerenciamento_filas: true,
  misto: false,
  pronto_atendimento: false,
  sem_validacao: false,
  validacao_completa_municipe: false,
  validacao_no_agendamento: false,
  tempo_chamadas: 30,
  intervalos_visita: INTERVALOS_PADRAO,
  lock_version: 3,
};

describe('UnidadesParametrosPage', { timeout: 60_000 }, () => {
  it('shows each flag with its explanation, saves a change with the lock_version, and offers reload on 409', async () => {
    let conflito = false;
    const { chamadas } = fakeApi({
      [`GET ${API}`]: () => ({ body: [unidade, { ...unidade, id: ID.replace('f1', 'f2'), nome: 'UPA Norte' }] }),
      [`PUT ${API}/${ID}`]: ({ body }) =>
        conflito
          ? {
              status: 409,
              body: { code: 'edicao_desatualizada', message: 'Este registro foi alterado por outra pessoa.' },
            }
          : { body: { ...unidade, ...(body as object), lock_version: 4 } },
    });
    const { user } = renderRoutes([{ path: '/p', element: <UnidadesParametrosPage /> }], '/p');
    const card = (await screen.findByRole('listitem', { name: 'UBS Centro' })) as HTMLElement;
    expect(within(card).getByText(UNIDADE_FLAGS_TEXTOS.gerenciamento_filas.explicacao)).toBeVisible();
    expect(within(card).getByRole('switch', { name: /Exigir CPF ou CNS/ })).toBeVisible();
    // Issue 39: every flag acts, or says it is kept for the scheduling system.
    expect(within(card).queryAllByText(/Ainda sem efeito/)).toHaveLength(0);
    // Issue 39: cpf_cns and misto act; the two scheduling flags say what they are for, marked apart.
    for (const f of ['cpf_cns', 'misto'] as const)
      expect(within(card).getByText(UNIDADE_FLAGS_TEXTOS[f].explicacao)).toBeVisible();
    expect(within(card).getAllByText('Para o sistema de agendamento')).toHaveLength(2);
    for (const f of ['com_agendamento', 'validacao_no_agendamento'] as const)
      expect(within(card).getByText(UNIDADE_FLAGS_TEXTOS[f].explicacao).textContent).not.toMatch(/Ainda sem efeito/);
    const salvar = within(card).getByRole('button', { name: 'Salvar parâmetros de UBS Centro' });
    expect(salvar).toBeDisabled();

    await user.click(within(card).getByRole('switch', { name: /Pronto atendimento/ }));
    expect(within(card).getByText('Alterações não salvas')).toBeVisible();
    await user.click(salvar);
    await waitFor(() => expect(chamadas.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(chamadas.find((c) => c.method === 'PUT')?.body).toMatchObject({
      pronto_atendimento: true,
      gerenciamento_filas: true,
      tempo_chamadas: 30,
      lock_version: 3,
    });
    expect(await screen.findByText('Parametrização de UBS Centro foi salva com sucesso')).toBeVisible();

    // Search by part of the name, accents ignored.
    await user.type(screen.getByLabelText('Buscar unidade'), 'upa');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'UBS Centro' })).toBeNull());
    await user.clear(screen.getByLabelText('Buscar unidade'));

    conflito = true;
    const card2 = (await screen.findByRole('listitem', { name: 'UBS Centro' })) as HTMLElement;
    await user.click(within(card2).getByRole('switch', { name: /Atendimento misto/ }));
    await user.click(within(card2).getByRole('button', { name: 'Salvar parâmetros de UBS Centro' }));
    expect(await screen.findByRole('button', { name: 'Recarregar' })).toBeVisible();
  });

  it('the reception flags explain themselves, and both on together are refused under the switch (issue 39)', async () => {
    fakeApi({
      [`GET ${API}`]: () => ({ body: [unidade] }),
      [`PUT ${API}/${ID}`]: ({ body }) => {
        const b = body as UnidadeParametros;
        return b.sem_validacao && b.validacao_completa_municipe
          ? {
              status: 422,
              body: {
                code: 'validacao',
                message: 'x',
                errors: { validacao_completa_municipe: [validacaoRecepcaoMsg.conflito] },
              },
            }
          : { body: { ...unidade, ...b, lock_version: 4 } };
      },
    });
    const { user } = renderRoutes([{ path: '/p', element: <UnidadesParametrosPage /> }], '/p');
    const card = (await screen.findByRole('listitem', { name: 'UBS Centro' })) as HTMLElement;
    for (const f of ['sem_validacao', 'validacao_completa_municipe', 'exportacao_esus'] as const)
      expect(within(card).getByText(UNIDADE_FLAGS_TEXTOS[f].explicacao)).toBeVisible();
    expect(within(card).getByText(/Nome da mãe, Telefone, Logradouro/)).toBeVisible();
    await user.click(within(card).getByRole('switch', { name: /^Sem validação de cadastro/ }));
    await user.click(within(card).getByRole('switch', { name: /^Validação completa do munícipe/ }));
    await user.click(within(card).getByRole('button', { name: 'Salvar parâmetros de UBS Centro' }));
    expect(await within(card).findByText(validacaoRecepcaoMsg.conflito)).toBeVisible();
  });
});
