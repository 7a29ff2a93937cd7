import { msg } from '@saude/shared/messages';
import type { Page } from '@playwright/test';
import { startTestProvider, type TestProvider } from '../apps/api/src/test/oidc-provider';
import { expect, expectAccessible, fotografar, test } from './fixtures';

// Issue 23 end to end: the suite's server is configured for this provider (playwright.config.ts); the provider is a
// real OpenID Connect one (oidc-provider) started here, with a sign-in page of "Usuário", "Permitir" and "Negar".
const PORT = Number(process.env.E2E_SSO_PORT);
let provider: TestProvider;

/** Pictures at 1400 px and on a tablet (800×1280). */
async function nasDuasLarguras(page: Page, nome: string) {
  await fotografar(page, `${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-800`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

test.beforeAll(async ({ baseURL }) => {
  provider = await startTestProvider({
    port: PORT,
    redirectUris: [`${baseURL}/saude2_oauth`],
    postLogoutRedirectUris: [`${baseURL}/login`],
    contas: {
      'sub-medico': { preferred_username: 'medico', name: 'Médico' },
      'sub-estranho': { preferred_username: 'nao.cadastrado', name: 'Pessoa sem cadastro' },
    },
  });
});
test.afterAll(async () => {
  await provider?.close();
});

test('a doctor signs in with the municipality identity provider and signs out of both', async ({ page, context }) => {
  test.slow();
  const botao = page.getByRole('link', { name: 'Entrar com Acesso Município' });
  /** At the provider: types the account and answers. A new try starts without the provider's session cookie. */
  const noProvedor = async (usuario: string, decisao: 'Permitir' | 'Negar') => {
    await expect(page.getByRole('heading', { name: 'Provedor de identidade de teste' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Usuário' }).fill(usuario);
    await page.getByRole('button', { name: decisao }).click();
  };

  await test.step('the sign-in page offers the provider beside the password', async () => {
    await page.goto('/login?retorno=%2Fmunicipes');
    await expect(botao).toBeVisible();
    await expectAccessible(page, 'entrada com acesso único');
    await nasDuasLarguras(page, 'sso-entrada');
  });

  await test.step('an account of the provider that is no professional here is refused, with the reason', async () => {
    await botao.click();
    await noProvedor('sub-estranho', 'Permitir');
    await expect(page).toHaveURL(/\/saude2_oauth$/);
    await expect(page.getByRole('alert')).toContainText(msg.ssoSemProfissional);
    await expectAccessible(page, 'volta do provedor recusada');
    await nasDuasLarguras(page, 'sso-recusado');
    await page.getByRole('link', { name: 'Voltar para a entrada' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  await test.step('access denied at the provider says so', async () => {
    await context.clearCookies();
    await page.goto('/login?retorno=%2Fmunicipes');
    await botao.click();
    await noProvedor('sub-medico', 'Negar');
    await expect(page.getByRole('alert')).toContainText(msg.ssoAcessoNegado);
  });

  await test.step('allowed: our session starts and the doctor lands where they were going', async () => {
    await context.clearCookies();
    await page.goto('/login?retorno=%2Fmunicipes');
    await botao.click();
    await noProvedor('sub-medico', 'Permitir');
    await expect(page).toHaveURL(/\/municipes$/);
    await expect(page.getByRole('button', { name: /minha conta$/ })).toBeVisible();
    // The code never stays in the address bar or the history.
    expect(page.url()).not.toContain('code=');
  });

  await test.step('signing out ends the provider session too, and the next sign-in asks again', async () => {
    await page.getByRole('button', { name: /minha conta$/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page.getByRole('heading', { name: 'Sair do provedor de identidade?' })).toBeVisible();
    await page.getByRole('button', { name: 'Sim, sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await botao.click();
    await expect(page.getByRole('heading', { name: 'Provedor de identidade de teste' })).toBeVisible();
  });
});
