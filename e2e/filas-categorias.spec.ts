// Ticket categories (issue 17) as a manager: the list in calling order, a new category (with the ticket preview and
// its contrast), the refusal of letters already in use on the field, the detail page and an edit. Every screen opened
// passes axe; list, form and detail are photographed at 1400 px and on a tablet (800×1280) in .screenshots/.
// Run: npm run build && E2E_PORT=4601 npx playwright test e2e/filas-categorias.spec.ts
import { mkdirSync } from 'node:fs';
import { unico } from './dados';
import { expect, expectAccessible, SCREENSHOTS, test, fotografar } from './fixtures';

const LISTA = '/filas/categorias';
const UPA = 'UPA 24h Municipal';

test.describe.configure({ timeout: 180_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

/** Three letters no demo category uses (S, P, G, N are one letter). */
const siglaUnica = () => unico().slice(0, 3).toUpperCase();

for (const [largura, altura] of [
  [1400, 900],
  [800, 1280],
] as const) {
  test(`a manager creates, refuses a duplicate and edits a category (${largura}×${altura})`, async ({
    page,
    apiAs,
    signInWithUnit,
  }) => {
    await page.setViewportSize({ width: largura, height: altura });
    const marca = unico();
    const nome = `Categoria ${marca}`;
    const sigla = siglaUnica();
    // A category that already holds some letters, made through the API.
    const api = await apiAs('admin', { unidade: UPA });
    const outra = siglaUnica();
    const res = await api.post('/api/v1/filas/categorias', {
      data: { nome: `Outra ${marca}`, sigla: outra, prioridade: 5, cor: '#2B8A3E' },
    });
    expect(res.status(), await res.text()).toBe(201);
    await signInWithUnit('admin', UPA);

    await test.step('the list shows the categories in calling order with their ticket', async () => {
      await page.goto(LISTA);
      await expect(page.getByRole('heading', { name: 'Categorias', level: 1 })).toBeVisible();
      const tabela = page.getByRole('table', { name: 'Categorias' });
      await expect(tabela.getByRole('row').filter({ hasText: 'Preferencial 80+' })).toContainText('S001');
      // Priority 1 first.
      await expect(tabela.getByRole('row').nth(1)).toContainText('Preferencial 80+');
      await expectAccessible(page, 'lista de categorias');
      await fotografar(page, `filas-categorias-lista-${largura}`);
    });

    await test.step('a new category: the preview follows the letters and the colour', async () => {
      await page.getByRole('link', { name: 'Nova categoria' }).first().click();
      await expect(page.getByRole('heading', { name: 'Nova categoria', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Nome' }).fill(nome);
      await page.getByRole('textbox', { name: 'Sigla' }).fill(outra.toLowerCase());
      await page.getByRole('textbox', { name: 'Prioridade' }).fill('4');
      const cor = page.getByRole('textbox', { name: 'Cor' });
      await cor.fill('#FAB005');
      await cor.press('Tab');
      const previa = page.getByRole('group', { name: 'Como a senha aparece no painel' });
      await expect(previa).toContainText(`${outra}001`);
      await expect(previa).toContainText('Texto preto');
      await expectAccessible(page, 'nova categoria');
      await fotografar(page, `filas-categorias-form-${largura}`);
    });

    await test.step('letters already in use are refused on the field', async () => {
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('já está em uso').first()).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Sigla' })).toHaveAttribute('aria-invalid', 'true');
      await expectAccessible(page, 'nova categoria com erro');
    });

    await test.step('with letters of its own it saves and opens its detail', async () => {
      await page.getByRole('textbox', { name: 'Sigla' }).fill(sigla);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('heading', { name: nome, level: 1 })).toBeVisible();
      await expect(page).toHaveURL(/\/filas\/categorias\/[0-9a-f-]{36}$/);
      await expect(page.getByText(`${sigla}001`)).toBeVisible();
      await expect(page.getByText('Nenhuma fila recebe esta categoria.')).toBeVisible();
      await expectAccessible(page, 'detalhe da categoria');
      await fotografar(page, `filas-categorias-detalhe-${largura}`);
    });

    await test.step('an edit changes the priority and the colour', async () => {
      await page.getByRole('link', { name: 'Editar categoria' }).click();
      await expect(page.getByRole('heading', { name: `Editar categoria ${nome}`, level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Prioridade' }).fill('2');
      const cor = page.getByRole('textbox', { name: 'Cor' });
      await cor.fill('#862E9C');
      await cor.press('Tab');
      await expect(page.getByRole('group', { name: 'Como a senha aparece no painel' })).toContainText('Texto branco');
      await expectAccessible(page, 'editar categoria');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('heading', { name: nome, level: 1 })).toBeVisible();
      await expect(page.locator('#conteudo').getByText('2', { exact: true })).toBeVisible();
      await expect(page.getByText('#862E9C')).toBeVisible();
    });

    await test.step('the list finds it by name', async () => {
      await page.goto(`${LISTA}?nome=${encodeURIComponent(marca)}`);
      const tabela = page.getByRole('table', { name: 'Categorias' });
      await expect(tabela.getByRole('row')).toHaveCount(3);
      await expect(tabela.getByRole('row').nth(1)).toContainText(nome);
    });
  });
}
