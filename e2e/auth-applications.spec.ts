// Authorized applications (issue 39) as the manager: the menu entry, the list with its explanation, a new application
// whose address is first refused (no scheme, then http away from localhost) on its field, saved, found by the
// popup's lookup, renamed, then deactivated after the confirmation — and from then on the lookup refuses its address
// with 401, like an unknown one. Axe on list, form (with errors), dialog; screenshots at 1400, 800×1280 and phone.
// Run: npm run build && E2E_PORT=3961 npx playwright test e2e/auth-applications.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { msg } from '@saude/shared/messages';
import { unico } from './dados';
import { expect, expectAccessible, fotografar, SCREENSHOTS, test, type Api } from './fixtures';

const LISTA = '/ferramentas/auth_applications';
const API = '/api/v1/ferramentas/auth_applications';
test.describe.configure({ timeout: 240_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

/** Pictures at 1400 px, on a tablet and on a phone. */
async function nasTresLarguras(page: Page, nome: string) {
  await fotografar(page, `${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-800`);
  await page.setViewportSize({ width: 390, height: 844 });
  await fotografar(page, `${nome}-390`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** The popup's lookup as a reception desk asks it. */
const consultar = (api: Api, uri: string) => api.get(`${API}?uri=${encodeURIComponent(uri)}`);

test('the manager registers, corrects and deactivates an authorized application; the lookup follows', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const recepcao = await apiAs('recepcao');
  const marca = unico();
  const nome = `Painel ${marca}`;
  const uri = `https://senhas-${marca.toLowerCase().replace(/[^a-z0-9]/g, '')}.exemplo.gov.br/retorno`;
  await signInWithUnit('admin');

  await test.step('the list, opened from the home (Ferramentas), says what an authorized application is', async () => {
    await page.getByRole('list', { name: 'Áreas' }).getByRole('link', { name: 'Aplicações autorizadas' }).click();
    await expect(page).toHaveURL(new RegExp(`${LISTA}$`));
    await expect(page.getByRole('heading', { name: 'Aplicações autorizadas', level: 1 })).toBeVisible();
    await expect(page.getByText(/pode receber o acesso do SenhaSimples/)).toBeVisible();
    // The desk screen registered at start.
    await expect(page.getByRole('row').filter({ hasText: 'SenhaSimples' }).first()).toContainText('/filas/chamadas');
    await expectAccessible(page, 'lista de aplicações autorizadas');
    await nasTresLarguras(page, 'auth-applications-lista');
  });

  await test.step('a new one: a bad address is refused on its field, then saved', async () => {
    await page.getByRole('link', { name: 'Nova aplicação' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nova aplicação autorizada', level: 1 })).toBeVisible();
    const endereco = page.getByRole('textbox', { name: /^Endereço de retorno/ });
    await page.getByRole('textbox', { name: /^Nome da aplicação/ }).fill(nome);
    await endereco.fill(uri.replace('https://', ''));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(endereco).toHaveAccessibleDescription(new RegExp(escapar(msg.authAppUriInvalida)));
    await endereco.fill(uri.replace('https://', 'http://'));
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(endereco).toHaveAccessibleDescription(new RegExp(escapar(msg.authAppUriHttps)));
    await expectAccessible(page, 'formulário com erro');
    await nasTresLarguras(page, 'auth-applications-erro');
    // Before saving, the popup does not know the address.
    expect((await consultar(recepcao, uri)).status()).toBe(401);
    await endereco.fill(uri);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Aplicação foi salva com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/ferramentas\/auth_applications\/[0-9a-f-]{36}\/edit$/);
    const achada = await consultar(recepcao, uri);
    expect(achada.status()).toBe(200);
    expect(await achada.json()).toMatchObject({ nome, uri });
  });

  await test.step('renamed', async () => {
    await expect(page.getByRole('heading', { name: `Editar aplicação ${nome}`, level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /^Nome da aplicação/ }).fill(`${nome} UPA`);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: `Editar aplicação ${nome} UPA`, level: 1 })).toBeVisible();
    await expectAccessible(page, 'formulário de edição');
    await nasTresLarguras(page, 'auth-applications-edicao');
  });

  await test.step('deactivated after the confirmation: the lookup refuses it like an unknown address', async () => {
    await page.getByRole('button', { name: 'Desativar aplicação' }).click();
    const dialogo = page.getByRole('dialog', { name: `Desativar a aplicação ${nome} UPA?` });
    await expect(dialogo).toBeVisible();
    await expectAccessible(page, 'confirmação da desativação');
    await fotografar(page, 'auth-applications-confirmacao-1400');
    // "Não" keeps it active.
    await dialogo.getByRole('button', { name: 'Não, manter' }).click();
    await expect(dialogo).toBeHidden();
    expect((await consultar(recepcao, uri)).status()).toBe(200);
    await page.getByRole('button', { name: 'Desativar aplicação' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sim, desativar' }).click();
    await expect(page.getByText('Aplicação desativada.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${LISTA}$`));
    await page
      .getByRole('searchbox', { name: 'Buscar aplicação' })
      .or(page.getByLabel('Buscar aplicação'))
      .first()
      .fill(marca);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('row').filter({ hasText: `${nome} UPA` })).toContainText('Inativa');
    await expectAccessible(page, 'lista com a inativa');
    const recusada = await consultar(recepcao, uri);
    const desconhecida = await consultar(recepcao, `https://desconhecida-${marca.toLowerCase()}.exemplo.gov.br/`);
    expect([recusada.status(), desconhecida.status()]).toEqual([401, 401]);
    expect((await recusada.json()).message).toBe(msg.senhaSimplesNaoAutorizado);
    expect((await desconhecida.json()).message).toBe(msg.senhaSimplesNaoAutorizado);
  });
});

test('other profiles are refused the screen and the list', async ({ page, apiAs, signInWithUnit }) => {
  const recepcao = await apiAs('recepcao');
  expect((await recepcao.get(API)).status()).toBe(403);
  await signInWithUnit('recepcao');
  const areas = page.getByRole('list', { name: 'Áreas' });
  await expect(areas.getByRole('link').first()).toBeVisible();
  await expect(areas.getByRole('link', { name: 'Aplicações autorizadas' })).toHaveCount(0);
  await page.goto(LISTA);
  await expect(page.getByText(/não está autorizado/i).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aplicações autorizadas', level: 1 })).toHaveCount(0);
});

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
