// Global notifications and the globe (issue 20, spec §1, §2, §4): `admin` first sees a blank title and an outside
// path refused on their fields, then sends one to everyone with a path (/municipes) through the form; `acs` signs in
// and the globe's count is one more, opens it from the dropdown, lands on the path and the count drops back; the list
// shows the timestamp 'dd/MM/yyyy-HH:mm:ss'. axe on the form, the dropdown and the list; screenshots at 1400 px and
// 800×1280. The notification is deleted at the end (finally): an unread one would badge the globe in every later spec.
// Run: npm run build && E2E_PORT=3212 npx playwright test e2e/notificacoes_globais.spec.ts
import { unico } from './dados';
import { expect, expectAccessible, fotografar, test } from './fixtures';

const API = '/api/v1/notificacoes_globais';

test('admin sends a global notification; acs sees the globe count rise, opens it and lands on its path', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const admin = await apiAs('admin');
  const acsApi = await apiAs('acs');
  const naoLidas = async () =>
    Number((await acsApi.get(`${API}?lida=false&per_page=1`)).headers()['x-total-count'] ?? '0');
  const antes = await naoLidas();
  const titulo = `Nova versão ${unico()}`;
  let criada: string | null = null;
  try {
    await test.step('admin fills the form (colour preview, path) and saves', async () => {
      await signInWithUnit('admin');
      await page.goto('/notificacoes_globais');
      await page.getByRole('link', { name: 'Nova notificação' }).click();
      await expect(page.getByRole('heading', { name: 'Nova notificação global', level: 1 })).toBeVisible();
      // Errors first: a blank title and a path outside the product are refused on their fields; nothing is sent.
      const caminho = page.getByRole('textbox', { name: /Caminho ao abrir/ });
      await caminho.fill('https://exemplo.com/municipes');
      let posts = 0;
      const contar = (r: { url(): string; method(): string }) => {
        if (r.url().endsWith(API) && r.method() === 'POST') posts += 1;
      };
      page.on('request', contar);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('textbox', { name: /^Título/ })).toHaveAccessibleDescription(
        /Não pode ficar em branco/,
      );
      await expect(caminho).toHaveAccessibleDescription(/não é válido/);
      await expectAccessible(page, 'formulário de notificação global com erros');
      page.off('request', contar);
      expect(posts).toBe(0);
      await page.getByRole('textbox', { name: /^Título/ }).fill(titulo);
      await page.getByRole('textbox', { name: /^Subtítulo/ }).fill('Notificações globais no menu superior');
      await caminho.fill('/municipes');
      await page.getByRole('textbox', { name: /^Cor/ }).fill('1864AB');
      await expect(page.getByText(/Contraste do texto sobre a cor: .+:1 \(bom, AA\)/)).toBeVisible();
      await expectAccessible(page, 'formulário de notificação global');
      await fotografar(page, 'notificacoes_globais-form-1400');
      const resposta = page.waitForResponse((r) => r.url().endsWith(API) && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Salvar' }).click();
      const r = await resposta;
      expect(r.status()).toBe(201);
      criada = ((await r.json()) as { id: string }).id;
      await expect(page).toHaveURL(/\/notificacoes_globais$/);
    });

    await test.step('acs: the globe says one more unread, the dropdown opens it and goes to /municipes', async () => {
      await signInWithUnit('acs');
      const globo = page.getByRole('button', { name: /^Notificações globais, / });
      await expect(globo).toHaveAccessibleName(
        `Notificações globais, ${antes + 1} não lida${antes + 1 === 1 ? '' : 's'}`,
      );
      await globo.click();
      const item = page.getByRole('menuitem', { name: new RegExp(`Aviso: ${titulo}`) });
      await expect(item).toBeVisible();
      await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4}-\d{2}:\d{2}:\d{2}/);
      await expectAccessible(page, 'menu do globo');
      await page.screenshot({ path: '.screenshots/notificacoes_globais-globo-1400.png' });
      await item.click();
      await expect(page).toHaveURL(/\/municipes$/);
      const depois =
        antes === 0
          ? 'Notificações globais, nenhuma não lida'
          : `Notificações globais, ${antes} não lida${antes === 1 ? '' : 's'}`;
      await expect(globo).toHaveAccessibleName(depois);
    });

    await test.step('acs: the list shows it read, with its timestamp, at 1400 and on a tablet', async () => {
      await page.goto('/notificacoes_globais');
      const linha = page.getByRole('listitem').filter({ hasText: titulo });
      await expect(linha).toContainText(/\d{2}\/\d{2}\/\d{4}-\d{2}:\d{2}:\d{2}/);
      await expect(linha.getByText('Não lida')).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Nova notificação' })).toHaveCount(0);
      await expectAccessible(page, 'lista de notificações globais');
      await fotografar(page, 'notificacoes_globais-lista-1400');
      await page.setViewportSize({ width: 800, height: 1280 });
      await expect(linha).toBeVisible();
      await fotografar(page, 'notificacoes_globais-lista-800x1280');
      await page.getByRole('button', { name: /^Notificações globais, / }).click();
      await expect(page.getByRole('menuitem', { name: 'Ver todas' })).toBeVisible();
      await page.screenshot({ path: '.screenshots/notificacoes_globais-globo-800x1280.png' });
      await page.keyboard.press('Escape');
    });
  } finally {
    if (criada) expect((await admin.delete(`${API}/${criada}`)).status()).toBe(204);
  }
});
