import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '@mantine/core';
import { renderWithProviders } from '../../test/render';
import { DataList } from './DataList';
import { cadastroListProps } from './ListPage';
import { FilterDate } from './filters';
import { ListLayout } from './ListLayout';
import { SearchBox } from './SearchBox';
import { listParamsSchema, param, parseSearch, useListParams } from './listParams';

type Row = { id: string; nome: string };
const rows = (from: number, n: number): Row[] =>
  Array.from({ length: n }, (_, i) => ({ id: String(from + i), nome: `Família ${from + i}` }));

const filtersSchema = listParamsSchema.extend({ q: param.text(100) });

/** A list page wired like a module would: URL state → query → table. */
function FamiliasPage({ total = 45 }: { total?: number }) {
  const list = useListParams(filtersSchema);
  const { page, per_page } = list.params;
  const from = (page - 1) * per_page + 1;
  const records = total === 0 ? [] : rows(from, Math.min(per_page, total - from + 1));
  return (
    <ListLayout
      title="Famílias"
      action={<Button>Nova família</Button>}
      filters={<SearchBox value={list.params.q} onSearch={(q) => list.setFilters({ q })} />}
    >
      <DataList<Row>
        ariaLabel="Famílias"
        columns={[{ accessor: 'nome', title: 'Nome', sortable: true }]}
        records={records}
        total={total}
        page={page}
        perPage={per_page}
        onPageChange={list.setPage}
        onPerPageChange={list.setPerPage}
        sort={list.params}
        onSortChange={list.setSort}
        emptyText="Nenhuma família encontrada."
        emptyAction={<Button>Cadastrar família</Button>}
        rowHref={(r) => `/familias/${r.id}`}
      />
    </ListLayout>
  );
}

const abrir = { route: '/familias', path: '/familias', routes: [{ path: '/familias/:id', element: <p>Família</p> }] };

describe('DataList', () => {
  it("shows 'Exibindo 11 a 20 de 45 registros' and 'linhas por página' on page 2", () => {
    renderWithProviders(<FamiliasPage />, { route: '/familias?page=2' });
    expect(screen.getByText('Exibindo 11 a 20 de 45 registros')).toBeInTheDocument();
    expect(screen.getByText('linhas por página')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Família 11' })).toBeInTheDocument();
  });

  it('keeps the page in the URL when the user moves to the next page', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias' });
    expect(screen.getByText('Exibindo 1 a 10 de 45 registros')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(router.state.location.search).toBe('?page=2&per_page=10');
    expect(screen.getByText('Exibindo 11 a 20 de 45 registros')).toBeInTheDocument();
  });

  it('offers 10, 20, 50 and 100 rows per page and goes back to page 1 on change', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias?page=3' });
    const select = screen.getByRole('combobox', { name: 'linhas por página' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '20', '50', '100']);
    await user.selectOptions(select, '20');
    expect(router.state.location.search).toBe('?page=1&per_page=20');
    expect(screen.getByText('Exibindo 1 a 20 de 45 registros')).toBeInTheDocument();
  });

  it('puts the sort in the URL as sort and order', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias?page=2' });
    await user.click(screen.getByRole('button', { name: 'Nome' }));
    expect(router.state.location.search).toBe('?page=1&per_page=10&sort=nome&order=asc');
    await user.click(screen.getByRole('button', { name: 'Nome, ordem crescente' }));
    expect(router.state.location.search).toBe('?page=1&per_page=10&sort=nome&order=desc');
    expect(screen.getByRole('button', { name: 'Nome, ordem decrescente' })).toBeInTheDocument();
  });

  it('says what to do when nothing is found', () => {
    renderWithProviders(<FamiliasPage total={0} />);
    expect(screen.getByText('Nenhuma família encontrada.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cadastrar família' })).toBeInTheDocument();
  });

  it('keeps the empty state out of the page (focus and screen readers) while results show', async () => {
    const { user } = renderWithProviders(<FamiliasPage />);
    expect(screen.queryByText('Nenhuma família encontrada.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cadastrar família' })).not.toBeInTheDocument();
    // Tab goes from the page's own buttons to the rows, never to a hidden "Cadastrar família".
    await user.tab();
    await user.tab();
    expect(document.activeElement).not.toHaveTextContent('Cadastrar família');
  });

  it('opens a record when its row is clicked', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, abrir);
    await user.click(screen.getByRole('cell', { name: 'Família 3' }));
    expect(router.state.location.pathname).toBe('/familias/3');
  });

  it('reaches a row with Tab and opens it with Enter', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, abrir);
    const link = screen.getByRole('link', { name: 'Família 1' });
    for (let i = 0; i < 20 && document.activeElement !== link; i++) await user.tab();
    expect(link).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/familias/1');
  });
});

describe('SearchBox', () => {
  it('is focused when the list opens and Enter searches from page 1', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias?page=3' });
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    expect(box).toHaveFocus();
    await user.type(box, 'Silva{Enter}');
    expect(router.state.location.search).toBe('?page=1&per_page=10&q=Silva');
  });

  it('searches by itself after a pause in typing, not for one or two letters (issue 39)', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias' });
    const box = screen.getByRole('searchbox', { name: 'Buscar' });
    await user.type(box, 'Si');
    await new Promise((r) => setTimeout(r, 600));
    expect(router.state.location.search).toBe('');
    await user.type(box, 'lva ');
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&per_page=10&q=Silva'));
    // The trailing space the user typed stays in the box while the search runs.
    expect(box).toHaveValue('Silva ');
    await user.clear(box);
    await waitFor(() => expect(router.state.location.search).toBe('?page=1&per_page=10'));
  });

  it('shows the search in effect after Back', async () => {
    const { user, router } = renderWithProviders(<FamiliasPage />, { route: '/familias?q=Souza' });
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('Souza');
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Lima{Enter}');
    await router.navigate(-1);
    expect(await screen.findByDisplayValue('Souza')).toBeInTheDocument();
  });
});

describe('parseSearch', () => {
  it('falls back to the default for a bad value instead of failing', () => {
    expect(parseSearch(filtersSchema, new URLSearchParams('page=abc&per_page=7&q=ana'))).toEqual({
      page: 1,
      per_page: 10,
      q: 'ana',
    });
    expect(parseSearch(filtersSchema, new URLSearchParams('page=4&per_page=50&sort=nome&order=desc'))).toEqual({
      page: 4,
      per_page: 50,
      sort: 'nome',
      order: 'desc',
    });
  });
});

describe('ListLayout on small screens', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  function comTela(pequena: boolean) {
    window.matchMedia = ((q: string) => {
      const base = original(q);
      return { ...base, matches: q.includes('max-width') ? pequena : base.matches };
    }) as typeof window.matchMedia;
  }
  const Pagina = ({ ativos = 0 }: { ativos?: number }) => (
    <ListLayout
      title="Famílias"
      search={<SearchBox value="" onSearch={() => {}} />}
      activeFilters={ativos}
      filters={
        <label>
          Micro-área <input />
        </label>
      }
    >
      <p>tabela</p>
    </ListLayout>
  );

  it('folds the other filters under "Filtros" and opens them on click', async () => {
    comTela(true);
    const { user } = renderWithProviders(<Pagina />);
    const botao = screen.getByRole('button', { name: 'Filtros' });
    expect(botao).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Buscar')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Micro-área' })).not.toBeInTheDocument();
    await user.click(botao);
    expect(botao).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('textbox', { name: 'Micro-área' })).toBeInTheDocument();
  });

  it('starts open, with the count, when filters are in use; on a large screen shows them all inline', () => {
    comTela(true);
    const { unmount } = renderWithProviders(<Pagina ativos={2} />);
    expect(screen.getByRole('button', { name: /Filtros/ })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('2 em uso')).toHaveTextContent('2');
    unmount();
    comTela(false);
    renderWithProviders(<Pagina ativos={2} />);
    expect(screen.queryByRole('button', { name: /Filtros/ })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Micro-área' })).toBeVisible();
  });
});

describe('FilterDate', () => {
  it('shows the filter in effect while the picker loads, then asks only with a whole date', async () => {
    const asked: Array<string | undefined> = [];
    const { user } = renderWithProviders(
      <FilterDate label="Cadastrado de" value="2024-03-05" onChange={(v) => asked.push(v)} />,
    );
    // Drawn at once (the picker's code comes after the list): the same field, with the date in effect.
    expect(screen.getByLabelText('Cadastrado de')).toHaveValue('05/03/2024');
    const picker = () => screen.getByRole('textbox', { name: 'Cadastrado de' });
    // vi.waitFor gives up after 1 s by default; the lazy picker takes longer on a busy machine.
    await vi.waitFor(() => expect(picker()).not.toHaveAttribute('readonly'), { timeout: 10_000 });
    const field = picker();
    expect(field).toHaveValue('05/03/2024');
    await user.clear(field);
    await user.type(field, '0102202');
    expect(asked).toEqual([undefined]);
    await user.type(field, '5');
    expect(asked).toEqual([undefined, '2025-02-01']);
  });
});

describe('cadastroListProps', () => {
  it('words the new button, the search and the empty list after the record and its gender', () => {
    expect(cadastroListProps('Equipes', ['equipe', 'f'], '/administracao/equipes', 'Nome ou INE')).toEqual({
      title: 'Equipes',
      path: '/administracao/equipes',
      opens: 'edit',
      emptyText: 'Nenhuma equipe encontrada.',
      novo: { label: 'Nova equipe' },
      search: { field: 'texto', label: 'Buscar equipe', placeholder: 'Nome ou INE' },
    });
    const tema = cadastroListProps('Temas', ['tema', 'm'], '/t', 'Título', { field: 'nome', opens: '' });
    expect([tema.emptyText, tema.novo.label, tema.search.field, tema.opens]).toEqual([
      'Nenhum tema encontrado.',
      'Novo tema',
      'nome',
      '',
    ]);
  });
});
