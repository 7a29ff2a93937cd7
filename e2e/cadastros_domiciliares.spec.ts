// Households and families (issues 7, 12, 13): each test makes its own citizens, family and home through the API (unique
// names, so a retry never meets the first attempt's rows), then works the screens an ACS and a physician use, with
// axe on every screen opened (list, form with and without errors, detail, the Famílias tab, the family, the read view).
// Run: npm run build && E2E_PORT=3123 npx playwright test e2e/cadastros_domiciliares.spec.ts
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test, type Api } from './fixtures';
import { novaPessoa, type Pessoa, unico } from './dados';

const DOMICILIOS = '/atencao_primaria/cadastros_domiciliares';
const FAMILIAS = '/atencao_primaria/familias';
const BRANCO = 'Não pode ficar em branco';

/** A family of `chefe` with `membro` as spouse, made by the ACS through the API. */
async function novaFamilia(acs: Api, chefe: Pessoa, membro: Pessoa): Promise<{ id: string }> {
  const res = await acs.post(`/api/v1${FAMILIAS}`, {
    data: {
      responsavel_id: chefe.id,
      membros: [
        { municipe_id: chefe.id, parentesco_id: 1 },
        { municipe_id: membro.id, parentesco_id: 137 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/**
 * Waits for the toasts to close (5 s) before axe: Mantine's toast close button has no name and its text too little
 * contrast, a shell-wide finding reported apart (the module's screens are what this spec checks).
 */
async function semAvisos(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 20_000 });
}

async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByRole('combobox', { name: campo, exact: true }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

test('ACS registers a home: refusal first, blanks refused, the unanswered read as "Não informado"', async ({
  page,
  signInWithUnit,
}) => {
  // axe runs on five screens: a loaded two-core machine needs the time.
  test.setTimeout(300_000);
  const numero = String(100 + Math.floor(Math.random() * 9000));
  await signInWithUnit('acs', 'UBS Centro');

  await test.step('the list', async () => {
    await page.goto(DOMICILIOS);
    // The first screen after signing in loads the app: a slow machine gets time.
    await expect(page.getByRole('heading', { name: 'Cadastros domiciliares' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessible(page, 'lista de domicílios');
  });

  await test.step('the form: the refusal comes first and hides what is not asked; a blank required field', async () => {
    await page.getByRole('link', { name: 'Novo cadastro domiciliar' }).click();
    await expect(page.getByRole('heading', { name: 'Novo cadastro domiciliar' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('form').getByRole('heading', { level: 2 }).first()).toHaveText('Termo de recusa');
    await expectAccessible(page, 'novo domicílio');

    await page.getByRole('checkbox', { name: /recusaram o cadastro/ }).check();
    await expect(page.getByRole('textbox', { name: 'CEP', exact: true })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Condições de moradia' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Tipo de imóvel' })).toHaveValue('Domicílio');
    await page.getByRole('checkbox', { name: /recusaram o cadastro/ }).uncheck();

    // Picking the current property type again keeps it (a required select never clears itself).
    await escolher(page, 'Tipo de imóvel', 'Domicílio');
    await expect(page.getByRole('combobox', { name: 'Tipo de imóvel' })).toHaveValue('Domicílio');

    await page.getByRole('button', { name: 'Salvar' }).click();
    const resumo = page.getByRole('alert').filter({ hasText: 'Não foi possível gravar' });
    await expect(resumo).toContainText('CEP não pode ficar em branco');
    await expect(page.getByRole('textbox', { name: 'CEP', exact: true })).toHaveAccessibleDescription(BRANCO);
    await expectAccessible(page, 'novo domicílio com erros');
  });

  await test.step('saves a home without answering the animals question, and reads it as "Não informado"', async () => {
    await page.getByRole('textbox', { name: 'Micro-área', exact: true }).pressSequentially('01');
    const cep = page.getByRole('textbox', { name: 'CEP', exact: true });
    await cep.pressSequentially('70000-001');
    await expect(page.getByRole('textbox', { name: 'Logradouro', exact: true })).not.toHaveValue('', {
      timeout: 30_000,
    });
    await page.getByRole('textbox', { name: 'Número', exact: true }).pressSequentially(numero);
    await escolher(page, 'Situação de moradia / posse da terra', 'Próprio');
    await page.getByRole('radio', { name: 'Urbana', exact: true }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL(/\/detalhes$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: new RegExp(`, ${numero} - `) })).toBeVisible();
    const animais = page.getByRole('region', { name: 'Animais no domicílio' });
    await expect(animais).toContainText('Tem animais no domicílio?Não informado');
    // A legible read view: no input in the answers.
    await expect(page.getByRole('region', { name: 'Condições de moradia' }).locator('input')).toHaveCount(0);
    await semAvisos(page);
    await expectAccessible(page, 'detalhe do domicílio');
  });
});

test('ACS links a family from the Famílias tab; a deceased citizen is marked "Óbito" and not offered; a blank kinship names the member', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  test.setTimeout(300_000);
  const tag = unico();
  const gestora = await apiAs('admin', { unidade: 'UBS Centro' });
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const chefe = await novaPessoa(gestora, `Chefe Domicilio ${tag}`);
  const conjuge = await novaPessoa(gestora, `Conjuge Domicilio ${tag}`);
  const falecido = await novaPessoa(gestora, `Falecido Domicilio ${tag}`, { falecido: true });
  await novaFamilia(acs, chefe, conjuge);
  const casa = await acs.post(`/api/v1${DOMICILIOS}`, {
    data: {
      st_micro_area: '01',
      cep: '70000001',
      uf: 'DF',
      municipio_ibge: '5300108',
      tipo_logradouro: '081',
      // The street the demo gives this CEP: the CEP lookup of other tests must keep finding it.
      logradouro: 'DAS ACÁCIAS',
      numero: '1',
      bairro: 'CENTRO',
      tipo_imovel_id: 1,
      situacao_moradia_id: 75,
      localizacao_id: 83,
      data_cadastro: new Date().toISOString(),
    },
  });
  expect(casa.status(), await casa.text()).toBe(201);
  const { id } = (await casa.json()) as { id: string };
  const detalhe = `${DOMICILIOS}/${id}/detalhes`;
  await signInWithUnit('acs', 'UBS Centro');

  await test.step("links the family from the household's Famílias tab", async () => {
    await page.goto(detalhe);
    await page.getByRole('main').getByRole('link', { name: 'Editar domicílio' }).click({ timeout: 30_000 });
    await page.getByRole('tab', { name: 'Famílias' }).click();
    await expect(page).toHaveURL(/\/edit\/familias$/);
    await expectAccessible(page, 'aba Famílias');
    await page.getByRole('button', { name: 'Vincular família' }).click();
    const modal = page.getByRole('dialog', { name: 'Vincular família' });
    await modal.getByRole('combobox', { name: 'Família' }).pressSequentially(chefe.nome, { delay: 10 });
    await page.getByRole('option', { name: new RegExp(`^${chefe.nome} · .*2 membros$`) }).click();
    await semAvisos(page);
    await expectAccessible(page, 'vincular família');
    await modal.getByRole('button', { name: 'Vincular' }).click();
    await expect(page.getByText('Família vinculada ao domicílio.')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Famílias do domicílio' })).toContainText(chefe.nome);
  });

  await test.step('the family: a deceased citizen is shown "Óbito" and not offered; a blank kinship names the member', async () => {
    await page.goto(detalhe);
    await page.getByRole('table', { name: 'Famílias do domicílio' }).getByRole('link', { name: chefe.nome }).click();
    await expect(page.getByRole('heading', { name: `Família de ${chefe.nome}` })).toBeVisible();
    await semAvisos(page);
    await expectAccessible(page, 'família');
    await page.getByRole('button', { name: 'Adicionar membro' }).click();
    await page.getByRole('combobox', { name: 'Membro 2', exact: true }).pressSequentially(falecido.nome, { delay: 10 });
    const opcao = page.getByRole('option', { name: new RegExp(`^${falecido.nome} · .* · Óbito$`) });
    await expect(opcao).toBeVisible();
    await expect(opcao).toHaveAttribute('data-combobox-disabled', 'true');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const resumo = page.getByRole('alert').filter({ hasText: 'Não foi possível gravar' });
    await expect(resumo).toContainText('Parentesco do membro 2 não pode ficar em branco');
    await expect(resumo.getByText(/Parentesco/)).toHaveCount(1);
    await expectAccessible(page, 'família com erros');
  });
});

test('a physician reads a family as a legible view, not a greyed-out form', async ({ page, apiAs, signInWithUnit }) => {
  test.setTimeout(90_000);
  const tag = unico();
  const gestora = await apiAs('admin', { unidade: 'UBS Centro' });
  const acs = await apiAs('acs', { unidade: 'UBS Centro' });
  const chefe = await novaPessoa(gestora, `Chefe Leitura ${tag}`);
  const conjuge = await novaPessoa(gestora, `Conjuge Leitura ${tag}`);
  const familia = await novaFamilia(acs, chefe, conjuge);

  await signInWithUnit('medico', 'UBS Centro');
  await page.goto(`${FAMILIAS}/${familia.id}/edit`);
  await expect(page.getByRole('heading', { name: `Família de ${chefe.nome}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para a lista' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Membros' })).toContainText(
    'Parentesco do membro 1Cônjuge / Companheiro(a)',
  );
  await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expectAccessible(page, 'família (leitura)');
});

test("a household that does not exist answers 'Cadastro não encontrado' and goes back to the list", async ({
  page,
  signInWithUnit,
}) => {
  test.setTimeout(90_000);
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(`${DOMICILIOS}/0190a6d2-1c1e-7000-8000-00000000dead/edit`);
  await expect(page.getByText('Cadastro não encontrado').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${DOMICILIOS}$`));
  await expect(page.getByRole('heading', { name: 'Cadastros domiciliares' })).toBeVisible();
  await expectAccessible(page, 'lista após não encontrado');
});
