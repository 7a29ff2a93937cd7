import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Page,
} from '@playwright/test';

export const SENHA_DEMO = 'saude123';
export const SCREENSHOTS = '.screenshots';

/** Demo users of the seed (password saude123). */
export type DemoLogin = 'admin' | 'recepcao' | 'medico' | 'enfermagem' | 'acs' | 'ace' | 'vigilancia';

/** The API as a signed-in user, for making a test's records without clicking through screens (issue 13). */
export type Api = APIRequestContext & { login: string };

type Fixtures = {
  /**
   * Signs in through the API (not the screen) and answers a request context carrying the session, with the unit
   * chosen when the user works in several. Use it to make the records a test needs; the context closes after the test.
   */
  apiAs: (login: DemoLogin | string, opts?: { unidade?: string; senha?: string }) => Promise<Api>;
  /** Signs in through the login form, as a person would. Lands wherever the app sends them next. */
  signInAs: (login: DemoLogin, senha?: string) => Promise<void>;
  /** Signs in and, when the user works in several units, picks `unidade` (default: the first card). */
  signInWithUnit: (login: DemoLogin, unidade?: string) => Promise<void>;
};

export async function fillLogin(page: Page, login: string, senha: string) {
  await page.getByRole('textbox', { name: 'Login', exact: true }).fill(login);
  await page.getByRole('textbox', { name: 'Senha', exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

export async function chooseUnit(page: Page, unidade?: string) {
  await expect(page).toHaveURL(/\/selecionar_unidade_saude/);
  const cards = page.getByRole('list', { name: 'Suas lotações' }).getByRole('listitem');
  const card = unidade ? cards.filter({ hasText: unidade }).first() : cards.first();
  await card.getByRole('button').click();
}

export const test = base.extend<Fixtures>({
  apiAs: async ({ baseURL }, use) => {
    const opened: APIRequestContext[] = [];
    await use(async (login, { unidade, senha = SENHA_DEMO } = {}) => {
      const anon = await playwrightRequest.newContext({ baseURL });
      const res = await anon.post('/api/v2/auth/login', { data: { login, senha } });
      expect(res.status(), `login de ${login} pela API`).toBe(200);
      const { token, usuario } = (await res.json()) as { token: string; usuario: { unidade_atual: unknown } };
      await anon.dispose();
      const ctx = await playwrightRequest.newContext({
        baseURL,
        extraHTTPHeaders: { authorization: `Bearer ${token}` },
      });
      opened.push(ctx);
      if (!usuario.unidade_atual || unidade) {
        const lotacoes = (await (await ctx.get('/api/v2/auth/lotacoes')).json()) as Array<{
          unidade_saude_id: string;
          unidade_nome: string;
        }>;
        const pick = unidade ? lotacoes.find((l) => l.unidade_nome === unidade) : lotacoes[0];
        if (!pick) throw new Error(`${login} não tem lotação em ${unidade ?? 'nenhuma unidade'}`);
        const sel = await ctx.put('/api/v2/auth/unidade_atual', { data: { unidade_saude_id: pick.unidade_saude_id } });
        expect(sel.status()).toBe(200);
      }
      return Object.assign(ctx, { login });
    });
    for (const ctx of opened) await ctx.dispose();
  },
  signInAs: async ({ page }, use) => {
    await use(async (login, senha = SENHA_DEMO) => {
      if (!page.url().includes('/login')) await page.goto('/login');
      await fillLogin(page, login, senha);
    });
  },
  signInWithUnit: async ({ page, signInAs }, use) => {
    await use(async (login, unidade) => {
      await signInAs(login);
      await page.waitForURL((url) => url.pathname !== '/login');
      if (new URL(page.url()).pathname === '/selecionar_unidade_saude') await chooseUnit(page, unidade);
      await expect(
        page.getByRole('navigation', { name: 'Menu principal' }).or(page.locator('nav[data-menu-mode="hide"]')),
      ).toBeAttached();
    });
  },
});

export { expect };

export const sideMenu = (page: Page) => page.locator('nav[aria-label="Menu principal"]');

/** The first family of the agent's own micro-area, still in the territory, in the home-visit list. */
export const familiaDaMinhaMicroArea = (page: Page) =>
  page.getByRole('row').filter({ hasText: 'Minha micro-área' }).filter({ hasNotText: 'Mudou-se' }).first();

/**
 * axe-core on the page as served (its CSP included): no serious or critical violation of WCAG 2.1 A/AA (issue 12).
 * Call it on every screen a test opens, once the screen has loaded.
 */
export async function expectAccessible(page: Page, what = page.url()) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const graves = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const resumo = graves.map(
    // The element's HTML too: generated ids (#_r_h5_) alone do not say which field failed.
    (v) =>
      `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join(', ')}`,
  );
  expect(resumo, `violações de acessibilidade em ${what}`).toEqual([]);
}
