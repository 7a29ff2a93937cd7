// Issue 39: a user without a team (the manager) names the professional on the e-SUS forms: an individual registration
// and a home visit saved by the manager, in the name of the unit's ACS picked in "Profissional" (team and CBO shown);
// the visit's shared-visit question starts unanswered. axe on every screen opened.
// Run: npm run build && E2E_PORT=3400 npx playwright test e2e/gestor-profissional.spec.ts --output=/tmp/pw-form
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectLandmarksAndHeadings, familiaDaMinhaMicroArea, test } from './fixtures';
import { novaPessoa, novoCns } from './dados';

const ACS = /^Agente Comunitária de Demonstração — ESF Centro 1 · AGENTE COMUNITÁRIO DE SAÚDE/;
const marca = () =>
  Array.from({ length: 6 }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

test.describe.configure({ timeout: 300_000 });

test('the manager registers a resident in the ACS name, picked in "Profissional"', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const gestor = await apiAs('admin', { unidade: 'UBS Centro' });
  const nome = `Pessoa Gestor ${marca()}`;
  const codigo_cns = novoCns();
  const res = await gestor.post('/api/v1/municipes', {
    data: {
      nome,
      data_nascimento: '1981-03-04',
      sexo_id: 1,
      codigo_cns,
      nacionalidade_id: 1,
      telefones: { celular: '61991234571' },
      confirmar_duplicados: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/atencao_primaria/cadastros_individuais/new');
  await page.getByRole('combobox', { name: 'Munícipe' }).fill(nome);
  await page.getByRole('option', { name: new RegExp(nome) }).click();
  const form = page.locator('form');
  await expect(form.getByRole('combobox', { name: 'Profissional' })).toBeVisible();
  // Saving without the professional nor the identity e-SUS needs: each on its field, before any export.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByRole('radiogroup', { name: /Raça\/cor/ }).locator('..')).toContainText(
    'Não pode ficar em branco',
  );
  await expectAccessible(page, 'cadastro individual do gestor, com erros');
  await form.getByRole('combobox', { name: 'Profissional' }).click();
  await page.getByRole('option', { name: ACS }).first().click();
  await expect(form.getByRole('textbox', { name: 'Equipe' })).toHaveValue('ESF Centro 1');
  await form.getByRole('radio', { name: 'Parda' }).check();
  await form.getByRole('checkbox', { name: 'Mãe desconhecida' }).check();
  await form.getByRole('checkbox', { name: 'Pai desconhecido' }).check();
  await form.getByRole('combobox', { name: 'Município de nascimento' }).fill('Brasília');
  await page.getByRole('option', { name: /^BRASÍLIA - DF/ }).click();
  await form.getByRole('checkbox', { name: 'Fora de área' }).check();
  await expectAccessible(page, 'cadastro individual do gestor');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/detalhes$/, { timeout: 30_000 });
  await expect(page.getByText(/Agente Comunitária de Demonstração/).first()).toBeVisible();
});

test('the manager launches a visit in the ACS name; the shared-visit question starts unanswered', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/atencao_primaria/visitas_domiciliares');
  await familiaDaMinhaMicroArea(page)
    .or(page.getByRole('table', { name: 'Famílias para visita' }).getByRole('row').nth(1))
    .first()
    .click();
  await page.getByRole('link', { name: 'Visitar família' }).click();
  await expect(page.getByRole('heading', { name: 'Visita à família' })).toBeVisible();
  const compartilhada = page.getByRole('radiogroup', { name: 'Visita compartilhada com outros profissionais?' });
  for (const r of await compartilhada.getByRole('radio').all()) await expect(r).not.toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByRole('combobox', { name: 'Profissional' }).locator('xpath=ancestor::*[3]')).toContainText(
    'Não pode ficar em branco',
  );
  await expectAccessible(page, 'visita do gestor, com erros');
  await page.getByRole('combobox', { name: 'Profissional' }).click();
  await page.getByRole('option', { name: ACS }).first().click();
  await page.getByRole('radio', { name: 'Visita realizada' }).check();
  await page.getByRole('checkbox', { name: 'Visita periódica' }).check();
  await expectAccessible(page, 'visita do gestor');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/detalhes$/, { timeout: 30_000 });
  await expect(page.getByText(/Agente Comunitária de Demonstração/).first()).toBeVisible();
});

/** The error under the "Profissional" picker (its wrapper holds the description). */
const erroDoProfissional = (page: Page) =>
  page.getByRole('combobox', { name: 'Profissional' }).locator('xpath=ancestor::*[3]');

async function escolherAcs(page: Page) {
  await page.getByRole('combobox', { name: 'Profissional' }).click();
  await page.getByRole('option', { name: ACS }).first().click();
}

test('the manager registers a household in the ACS name; without the professional the save is refused on that field', async ({
  page,
  signInWithUnit,
}) => {
  const numero = String(100 + Math.floor(Math.random() * 9000));
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/atencao_primaria/cadastros_domiciliares/new');
  await expect(page.getByRole('heading', { name: 'Novo cadastro domiciliar' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('combobox', { name: 'Profissional' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Micro-área', exact: true }).pressSequentially('01');
  await page.getByRole('textbox', { name: 'CEP', exact: true }).pressSequentially('70000-001');
  await expect(page.getByRole('textbox', { name: 'Logradouro', exact: true })).not.toHaveValue('', { timeout: 30_000 });
  await page.getByRole('textbox', { name: 'Número', exact: true }).pressSequentially(numero);
  await page.getByRole('combobox', { name: 'Situação de moradia / posse da terra', exact: true }).click();
  await page.getByRole('option', { name: 'Próprio', exact: true }).click();
  await page.getByRole('radio', { name: 'Urbana', exact: true }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(erroDoProfissional(page)).toContainText('Não pode ficar em branco');
  await expect(page).toHaveURL(/\/new$/);
  await expectAccessible(page, 'domicílio do gestor, com erros');
  await expectLandmarksAndHeadings(page, 'domicílio do gestor, com erros');
  await escolherAcs(page);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL(/\/detalhes$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: new RegExp(`, ${numero} - `) })).toBeVisible();
  await expect(page.getByText(/Agente Comunitária de Demonstração/).first()).toBeVisible();
  await expectAccessible(page, 'domicílio do gestor, gravado');
});

test('the manager records a family in the ACS name; without the professional the save is refused on that field', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const gestor = await apiAs('admin', { unidade: 'UBS Centro' });
  const chefe = await novaPessoa(gestor, `Chefe Gestor ${marca()}`);
  await signInWithUnit('admin', 'UBS Centro');
  await page.goto('/atencao_primaria/familias/new');
  await expect(page.getByRole('combobox', { name: 'Profissional' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('combobox', { name: 'Responsável familiar' }).fill(chefe.nome);
  await page.getByRole('option', { name: new RegExp(chefe.nome) }).click();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(erroDoProfissional(page)).toContainText('Não pode ficar em branco');
  await expect(page).toHaveURL(/\/new$/);
  await expectAccessible(page, 'família do gestor, com erros');
  await expectLandmarksAndHeadings(page, 'família do gestor, com erros');
  await escolherAcs(page);
  await expect(page.getByRole('combobox', { name: 'Equipe' })).toHaveValue('ESF Centro 1');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Família foi salva com sucesso')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/familias\/[0-9a-f-]+\/edit$/);
  await expect(page.getByRole('textbox', { name: 'Profissional' })).toHaveValue(/^Agente Comunitária de Demonstração/);
  await expectAccessible(page, 'família do gestor, gravada');
});
