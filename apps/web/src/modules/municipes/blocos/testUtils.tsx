// Test helpers of the block tabs: the edit page's Outlet context around a tab, and a fake API.
import { notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import {
  condicaoSaudeFieldsSchema,
  sociodemograficaFieldsSchema,
  type CondicaoSaude,
  type Municipe,
  type PermissaoCadastro,
  type Sociodemografica,
} from '@saude/shared/schemas/municipe';
import { createTestQueryClient, Providers } from '../../../lib/test-utils';
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

type Resposta = { status?: number; body?: unknown };
type Handler = (init: { method: string; body: unknown }) => Resposta;

/** Stubs fetch: `rotas['GET /api/...']` answers; every call is recorded with its parsed body. */
export function fakeApi(rotas: Record<string, Handler | Resposta>) {
  const chamadas: Array<{ method: string; url: string; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    chamadas.push({ method, url, body });
    const rota = rotas[`${method} ${url}`];
    const r: Resposta =
      typeof rota === 'function'
        ? rota({ method, body })
        : (rota ?? { status: 404, body: { message: 'não encontrado' } });
    return new Response(JSON.stringify(r.body ?? {}), {
      status: r.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { chamadas, fetchMock };
}

/** Renders a tab as the edit page would: under /municipes/:id/edit, with {municipe, permissoes} in the Outlet context. */
export function renderTab(
  tab: ReactElement,
  { municipe = municipeDe(), permissoes = TODAS }: Partial<MunicipeTabContext> = {},
) {
  notifications.clean();
  const context: MunicipeTabContext = { municipe, permissoes };
  const router = createMemoryRouter(
    [{ path: '/municipes/:id/edit', element: <Outlet context={context} />, children: [{ path: 'aba', element: tab }] }],
    { initialEntries: [`/municipes/${municipe.id}/edit/aba`] },
  );
  const user = userEvent.setup();
  const queryClient = createTestQueryClient();
  const result = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, queryClient };
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
