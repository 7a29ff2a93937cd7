// Test helpers of the block tabs: the edit page's Outlet context around a tab, and blocks as the API answers them.
import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Outlet } from 'react-router';
import {
  condicaoSaudeFieldsSchema,
  sociodemograficaFieldsSchema,
  type CondicaoSaude,
  type Municipe,
  type PermissaoCadastro,
  type Sociodemografica,
} from '@saude/shared/schemas/municipe';
import { fakeApi } from '../../../test/fakeApi';
import { renderRoutes } from '../../../test/render';
import type { MunicipeTabContext } from '../context';

export const MUNICIPE_ID = '0190a6d2-1c1e-7000-8000-000000000001';

/** 'yyyy-MM-dd' of someone `anos` years old today (born a month earlier than the anniversary). */
export function nascidoHa(anos: number): string {
  const d = new Date();
  d.setFullYear(d.getFullYear() - anos);
  d.setMonth(d.getMonth() - 1);
  return d.toISOString().slice(0, 10);
}

export function municipeDe(overrides: Partial<Municipe> = {}): Municipe {
  return {
    id: MUNICIPE_ID,
    nome: 'Maria da Conceição Souza',
    nome_social: null,
    data_nascimento: nascidoHa(34),
    data_obito: null,
    sexo_id: 1,
    lock_version: 3,
    ...overrides,
  } as Municipe;
}

export const TODAS: PermissaoCadastro = {
  sociodemograficas: ['create', 'update', 'show'],
  condicoes_saude: ['create', 'update', 'show'],
};

/** Renders a tab as the edit page would: under /municipes/:id/edit, with {municipe, permissoes} in the Outlet context. */
export function renderTab(
  tab: ReactElement,
  { municipe = municipeDe(), permissoes = TODAS }: Partial<MunicipeTabContext> = {},
) {
  const context: MunicipeTabContext = { municipe, permissoes };
  return renderRoutes(
    [{ path: '/municipes/:id/edit', element: <Outlet context={context} />, children: [{ path: 'aba', element: tab }] }],
    `/municipes/${municipe.id}/edit/aba`,
  );
}

/** A block as the API answers it: every question present (false, [] or null), as blocoOut() builds it. */
function blocoVazio<T>(
  fields: { shape: object; parse: (v: unknown) => Record<string, unknown> },
  overrides: Partial<T>,
): T {
  const padrao = fields.parse({});
  const valores = Object.fromEntries(Object.keys(fields.shape).map((k) => [k, padrao[k] ?? null]));
  return { municipe_id: MUNICIPE_ID, lock_version: null, updated_at: null, ...valores, ...overrides } as T;
}
export const socioDe = (o: Partial<Sociodemografica> = {}) =>
  blocoVazio<Sociodemografica>(sociodemograficaFieldsSchema, o);
export const saudeDe = (o: Partial<CondicaoSaude> = {}) => blocoVazio<CondicaoSaude>(condicaoSaudeFieldsSchema, o);

/** A yes/no question of a block, and answering it as a user would. */
export const pergunta = (nome: string) => screen.getByRole('radiogroup', { name: nome });
export const responder = async (user: ReturnType<typeof renderTab>['user'], nome: string, resposta: 'Sim' | 'Não') =>
  user.click(within(pergunta(nome)).getByRole('radio', { name: resposta }));

/** The block's GET answers `atual`; its PUT answers what was sent, built by `de`, at version `versao`. */
export const blocoApi = <T,>(url: string, de: (o: Partial<T>) => T, atual: T, versao: number) =>
  fakeApi({
    [`GET ${url}`]: { body: atual },
    [`PUT ${url}`]: ({ body }) => ({ body: de({ ...(body as Partial<T>), lock_version: versao } as Partial<T>) }),
  });
