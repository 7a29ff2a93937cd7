import { mkdirSync } from 'node:fs';
import { SCREENSHOTS, chooseUnit, expect, familiaDaMinhaMicroArea, fillLogin, test, fotografar } from './fixtures';

// Pictures of each shell screen at desk, tablet and phone sizes, for a person to look at (.screenshots/ is gitignored).
const sizes = [
  { name: '1400x900', width: 1400, height: 900 },
  { name: '800x1280', width: 800, height: 1280 },
  { name: '390x844', width: 390, height: 844 },
];

mkdirSync(SCREENSHOTS, { recursive: true });

for (const size of sizes) {
  test(`shell screens at ${size.name} have no horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const shot = (name: string) => fotografar(page, `shell-${name}-${size.name}`);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Brasão/ })).toBeVisible();
    await shot('login');
    await fillLogin(page, 'acs', 'saude123');
    await expect(page.getByRole('list', { name: 'Suas lotações' })).toBeVisible();
    await shot('selecionar-unidade');
    await chooseUnit(page, 'UBS Centro');
    await expect(page.getByTestId('unidade-atual')).toBeVisible();
    await shot('home');
    await page.goto('/conta');
    await expect(page.getByRole('heading', { name: 'Alterar senha' })).toBeVisible();
    await shot('conta');
    await page.goto('/rota-inexistente');
    await expect(page.getByTestId('erro-404')).toBeVisible();
    await shot('404');
    await page.goto('/urgencia_emergencia/atendimentos');
    if (await page.getByTestId('erro-403').isVisible()) await shot('403');
    // Home visits (issue 8), field screens: list, family detail, member visit form (last: the form is left dirty).
    await page.goto('/atencao_primaria/visitas_domiciliares');
    await familiaDaMinhaMicroArea(page).waitFor();
    await shot('visitas-lista');
    await familiaDaMinhaMicroArea(page).click();
    // The history's region, whether it lists visits or says there are none (another spec may have just made the
    // first family of the micro-area, never visited).
    await expect(page.getByRole('region', { name: 'Histórico de visitas' })).toBeVisible();
    await shot('visitas-detalhe');
    await page
      .getByRole('list', { name: 'Membros da família' })
      .getByRole('link', { name: /^Visitar / })
      .first()
      .click();
    await page.getByRole('radio', { name: 'Visita realizada' }).check();
    await shot('visitas-form');
  });
}

// Households and families (issue 7): list, detail, form and family form at desk and tablet sizes.
for (const size of sizes.filter((s) => s.width >= 800)) {
  test(`household screens at ${size.name} have no horizontal scroll`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const shot = (name: string) => fotografar(page, `domicilios-${name}-${size.name}`);
    const main = page.getByRole('main');
    await page.goto('/login');
    await fillLogin(page, 'acs', 'saude123');
    await chooseUnit(page, 'UBS Centro');
    await expect(page.getByTestId('unidade-atual')).toBeVisible();
    await page.goto('/atencao_primaria/cadastros_domiciliares');
    const linha = main.getByRole('table').getByRole('row').nth(1);
    await linha.waitFor();
    await shot('lista');
    await linha.click();
    await expect(main.getByRole('link', { name: 'Editar domicílio' })).toBeVisible();
    await shot('detalhe');
    await main.getByRole('link', { name: 'Editar domicílio' }).click();
    await expect(main.getByRole('tab', { name: 'Identificação', selected: true })).toBeVisible();
    await shot('form');
    await main.getByRole('tab', { name: 'Famílias' }).click();
    await expect(main.getByRole('button', { name: 'Vincular família' })).toBeVisible();
    await shot('familias-aba');
    await page.goto('/atencao_primaria/familias');
    await main.getByRole('table').getByRole('row').nth(1).click();
    await expect(main.getByRole('button', { name: 'Adicionar membro' })).toBeVisible();
    await shot('familia-form');
  });
}
