import { test as base, expect, type Page } from '@playwright/test';

export const SENHA_DEMO = 'saude123';
export const SCREENSHOTS = '.screenshots';

/** Demo users of the seed (password saude123). */
export type DemoLogin = 'admin' | 'recepcao' | 'medico' | 'enfermagem' | 'acs' | 'ace' | 'vigilancia';

type Fixtures = {
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
  await card.click();
}

export const test = base.extend<Fixtures>({
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
