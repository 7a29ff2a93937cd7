// Queue parametrization (issue 17) as a manager at the UPA: the unit's queues with their locations, category chips
// and waiting count; a new queue with two locations and a category; the refusal of a category another queue took
// meanwhile (spec §5), on the field; the time between calls (its range refused, then saved, and read by the spec §7
// call); a removal after confirming. Every screen opened passes axe; photographed at 1400 px and 800×1280.
// Run: npm run build && E2E_PORT=4601 npx playwright test e2e/filas-parametrizacoes.spec.ts
import { mkdirSync } from 'node:fs';
import { unico } from './dados';
import { type Api, expect, expectAccessible, SCREENSHOTS, test, fotografar } from './fixtures';

const PAGINA = '/filas/parametrizacoes';
const API = `/api/v1${PAGINA}`;
const UPA = 'UPA 24h Municipal';

test.describe.configure({ timeout: 180_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

async function novaCategoria(api: Api, nome: string, cor: string) {
  const sigla = unico().slice(0, 3).toUpperCase();
  const res = await api.post('/api/v1/filas/categorias', { data: { nome, sigla, prioridade: 3, cor } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

for (const [largura, altura] of [
  [1400, 900],
  [800, 1280],
] as const) {
  test(`a manager parametrizes the unit's queues (${largura}×${altura})`, async ({ page, apiAs, signInWithUnit }) => {
    await page.setViewportSize({ width: largura, height: altura });
    const marca = unico();
    const api = await apiAs('admin', { unidade: UPA });
    const livre = `Livre ${marca}`;
    const disputada = `Disputada ${marca}`;
    await novaCategoria(api, livre, '#0B7285');
    const disputadaId = await novaCategoria(api, disputada, '#C92A2A');
    const fila = `Triagem ${marca}`;
    await signInWithUnit('admin', UPA);

    await test.step("the page shows the unit's queues with locations, categories and waiting count", async () => {
      await page.goto(PAGINA);
      await expect(page.getByRole('heading', { name: 'Parametrização de filas', level: 1 })).toBeVisible();
      const recepcao = page.getByRole('article', { name: 'Recepção', exact: true });
      await expect(recepcao).toContainText('Guichê 1');
      await expect(recepcao).toContainText('N · Normal');
      await expect(recepcao).toContainText('aguardando');
      await expect(page.getByRole('article', { name: 'Classificação de risco' })).toContainText(
        'Nenhuma: recebe só senhas encaminhadas',
      );
      await expectAccessible(page, 'parametrização de filas');
      await fotografar(page, `filas-parametrizacoes-${largura}`);
    });

    await test.step('a new queue: two locations, a category; another queue’s category shows as unavailable', async () => {
      await page.getByRole('link', { name: 'Nova fila' }).click();
      await expect(page.getByRole('heading', { name: 'Nova fila', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: 'Nome da fila' }).fill(fila);
      await page.getByRole('textbox', { name: 'Nome do local 1' }).fill('Sala A');
      await page.getByRole('button', { name: 'Adicionar local' }).click();
      await page.getByRole('textbox', { name: 'Nome do local 2' }).fill('Sala B');
      await page.getByRole('combobox', { name: 'Categorias' }).click();
      await expect(page.getByRole('option', { name: /Normal \(N\) — já está na fila Recepção/ })).toBeVisible();
      await page.getByRole('option', { name: new RegExp(`^${livre}`) }).click();
      await page.getByRole('option', { name: new RegExp(`^${disputada}`) }).click();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('group', { name: 'Categorias escolhidas' })).toContainText(livre);
      await expectAccessible(page, 'nova fila');
      await fotografar(page, `filas-parametrizacoes-form-${largura}`);
    });

    await test.step('a category another queue took meanwhile is refused on the field', async () => {
      // Someone else saves a queue with that category while this form is open.
      const res = await api.post(API, {
        data: { nome: `Outra ${marca}`, locais: [{ nome: 'Sala X' }], categoria_ids: [disputadaId] },
      });
      expect(res.status(), await res.text()).toBe(201);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByText('Esta categoria já está vinculada a outra fila.').first()).toBeVisible();
      await expectAccessible(page, 'nova fila com erro');
    });

    await test.step('without it the queue saves and shows in the list', async () => {
      await page.getByRole('combobox', { name: 'Categorias' }).focus();
      // The last chosen is the disputed one: Backspace takes it off.
      await page.keyboard.press('Backspace');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('listbox', { name: 'Categorias' })).toBeHidden();
      await expect(page.getByRole('group', { name: 'Categorias escolhidas' })).not.toContainText(disputada);
      await page.getByRole('button', { name: 'Salvar' }).click();
      const card = page.getByRole('article', { name: fila });
      await expect(card).toContainText('Sala A, Sala B');
      await expect(card).toContainText(livre);
      await expect(card).toContainText('0 aguardando');
    });

    await test.step('the edit form opens with the queue as saved', async () => {
      await page.getByRole('link', { name: `Editar fila ${fila}` }).click();
      await expect(page.getByRole('heading', { name: `Editar fila ${fila}`, level: 1 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Nome do local 2' })).toHaveValue('Sala B');
      await page.getByRole('button', { name: 'Remover local 2' }).click();
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('article', { name: fila })).toContainText('Sala A');
      await expect(page.getByRole('article', { name: fila })).not.toContainText('Sala B');
    });

    await test.step('the time between calls: out of range refused, then saved and read by the spec §7 call', async () => {
      const tempo = page.getByRole('textbox', { name: 'Segundos' });
      await tempo.fill('700');
      await page.getByRole('button', { name: 'Salvar tempo' }).click();
      await expect(page.getByText('deve estar entre 5 e 600').first()).toBeVisible();
      await expectAccessible(page, 'tempo entre chamadas com erro');
      await tempo.fill('45');
      await page.getByRole('button', { name: 'Salvar tempo' }).click();
      await expect(page.getByText('Parametrização do tempo entre chamadas foi salva com sucesso')).toBeVisible();
      const lido = await api.get('/api/ferramentas/parametrizacao/tempo_chamadas');
      expect(await lido.json()).toEqual({ tempo_unidade_atual: 45 });
      // Back to the demo's 30 s for the other suites.
      const u = (await (await api.get(`${API}/unidade`)).json()) as { lock_version: number };
      expect(
        (await api.put(`${API}/unidade`, { data: { tempo_chamadas: 30, lock_version: u.lock_version } })).status(),
      ).toBe(200);
    });

    await test.step('a removal asks first', async () => {
      await page.getByRole('button', { name: `Remover fila ${fila}` }).click();
      const dialogo = page.getByRole('dialog');
      await expect(dialogo).toContainText('Esta ação não pode ser desfeita.');
      await expectAccessible(page, 'confirmação de remoção');
      await dialogo.getByRole('button', { name: 'Sim, remover' }).click();
      await expect(page.getByRole('article', { name: fila })).toHaveCount(0);
      // The other queue leaves too, so the next run starts from the demo.
      const outras = (await (await api.get(`${API}?nome=${marca}`)).json()) as Array<{ id: string }>;
      for (const o of outras) expect((await api.delete(`${API}/${o.id}`)).status()).toBe(204);
    });
  });
}
