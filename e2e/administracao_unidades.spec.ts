// Units and teams administration (issue 22) as a manager: a new unit refused first for a 6-digit CNES (the error on
// its field, nothing saved), then saved with address and phone; a new team of that unit with micro-areas typed as
// tags; both found in their lists. Axe on each screen; screenshots at 1400×900 and 800×1280. The unit and the team
// have unique names and numbers and stay active: nothing of the demo is changed.
// Run: npm run build && E2E_PORT=3241 npx playwright test e2e/administracao_unidades.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unico } from './dados';
import { expect, expectAccessible, fotografar, SCREENSHOTS, test } from './fixtures';

test.describe.configure({ timeout: 240_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

async function nasDuasLarguras(page: Page, nome: string) {
  await fotografar(page, `${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-800`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

/** Digits from the clock, so a re-run on the same server gets other numbers. */
const digitos = (n: number) => String(Date.now()).slice(-n).padStart(n, '1');

test('a manager creates a unit and a team with micro-areas and finds both in the lists', async ({
  page,
  signInWithUnit,
}) => {
  const marca = unico();
  const unidade = `UBS ${marca}`;
  const equipe = `ESF ${marca}`;
  const cnes = digitos(7);
  const ine = digitos(10);
  await signInWithUnit('admin');

  await test.step('the unit list and a new unit, refused first for a 6-digit CNES', async () => {
    await page.goto('/administracao/unidades_saude');
    await expect(page.getByRole('heading', { name: 'Unidades de saúde', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'UBS Vila Esperança' })).toBeVisible();
    await expectAccessible(page, 'lista de unidades');
    await nasDuasLarguras(page, 'administracao-unidades-lista');

    await page.getByRole('link', { name: 'Nova unidade' }).first().click();
    await expect(page.getByRole('heading', { name: 'Nova unidade de saúde', level: 1 })).toBeVisible();
    const campoCnes = page.getByRole('textbox', { name: /^CNES/ });
    await campoCnes.fill(cnes.slice(0, 6));
    await page.getByRole('textbox', { name: /^Nome/ }).fill(unidade);
    await page.getByRole('combobox', { name: /^Tipo de unidade/ }).click();
    await page.getByRole('option', { name: 'Unidade Básica de Saúde', exact: true }).click();
    await page.getByRole('textbox', { name: /^CEP/ }).fill('70040010');
    await page.getByRole('textbox', { name: /^Logradouro/ }).fill('Quadra 2, Conjunto B');
    await page.getByRole('textbox', { name: /^Bairro/ }).fill('Asa Norte');
    await page.getByRole('textbox', { name: /^Telefone$/ }).fill('6132251234');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(campoCnes).toHaveAccessibleDescription(/deve conter 7 dígitos/);
    await expect(page.getByRole('heading', { name: 'Nova unidade de saúde', level: 1 })).toBeVisible();
    await expectAccessible(page, 'nova unidade com erro no CNES');
    await campoCnes.fill(cnes);
    await nasDuasLarguras(page, 'administracao-unidades-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: `Editar unidade ${unidade}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Telefone$/ })).toHaveValue('(61) 3225-1234');
    await expect(page.getByRole('link', { name: 'Histórico de alterações' })).toHaveAttribute(
      'href',
      /\/auditoria\?record_id=[0-9a-f-]{36}$/,
    );
    await expect(page.getByRole('link', { name: 'Parâmetros da unidade' })).toBeVisible();
  });

  await test.step('a new team of that unit with micro-areas', async () => {
    await page.goto('/administracao/equipes/new');
    await expect(page.getByRole('heading', { name: 'Nova equipe', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: /^INE/ }).fill(ine);
    await page.getByRole('textbox', { name: /^Nome/ }).fill(equipe);
    await page.getByRole('combobox', { name: /^Tipo de equipe/ }).click();
    await page.getByRole('option', { name: /^eSF – Equipe de Saúde da Família/ }).click();
    await page.getByRole('combobox', { name: /^Unidade de saúde/ }).fill(marca);
    await page.getByRole('option', { name: new RegExp(`^${unidade}`) }).click();
    const areas = page.getByRole('combobox', { name: /^Micro-áreas/ });
    await areas.fill('3');
    await areas.press('Enter');
    await areas.fill('01');
    await areas.press('Enter');
    await expectAccessible(page, 'nova equipe');
    await nasDuasLarguras(page, 'administracao-equipes-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByRole('heading', { name: `Editar equipe ${equipe}`, level: 1 })).toBeVisible();
  });

  await test.step('both in their lists', async () => {
    await page.goto(`/administracao/equipes?texto=${marca}`);
    const linha = page.getByRole('row').filter({ hasText: equipe });
    await expect(linha).toContainText(unidade);
    await expect(linha).toContainText('01, 03');
    await expectAccessible(page, 'lista de equipes');
    await nasDuasLarguras(page, 'administracao-equipes-lista');
    await page.goto(`/administracao/unidades_saude?texto=${cnes}`);
    const u = page.getByRole('row').filter({ hasText: unidade });
    await expect(u).toContainText(`CNES ${cnes}`);
    await expect(u).toContainText('Asa Norte');
  });

  await test.step('a demo team opens with its type, so it can be saved as it is', async () => {
    await page.goto('/administracao/equipes?texto=ESF Centro 1');
    await page.getByRole('link', { name: 'ESF Centro 1' }).first().click();
    await expect(page.getByRole('heading', { name: 'Editar equipe ESF Centro 1', level: 1 })).toBeVisible();
    await expect(page.getByRole('combobox', { name: /^Tipo de equipe/ })).toHaveValue(/^eSF/);
  });
});
