// Professionals (issue 22) as a manager: the list; a new professional refused first for a wrong CPF (on its field),
// then saved — the one-time password read from its dialog; an assignment in a unit and team made for the test (through
// the API) with the ACS profile; then the new professional signs in with that password, must choose one of their own,
// and lands in that new unit. Axe on the
// list, the form with its error and the assignment dialog; screenshots at 1400×900 and 800×1280. A professional of a
// unique name is left behind: it changes no demo user, unit or team.
// Run: npm run build && E2E_PORT=3242 npx playwright test e2e/administracao_profissionais.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { novoCpf, unico } from './dados';
import { expect, expectAccessible, fillLogin, fotografar, SCREENSHOTS, test } from './fixtures';

const LISTA = '/administracao/profissionais';
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

test('a manager creates a professional with an ACS assignment; they sign in with the one-time password', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const sufixo = unico();
  const nome = `Joana Teste ${sufixo}`;
  const login = `joana.${sufixo}`;
  const unidadeNome = `UBS Nova ${sufixo}`;
  let senha = '';

  // A unit and a team of its own (their screens are driven in administracao_unidades.spec.ts): the assignment and the
  // sign-in below prove a new unit reaches its professional.
  const admin = await apiAs('admin');
  const tipos = (await (await admin.get('/api/v1/administracao/unidades_saude/tipos')).json()) as Array<{
    id: string;
  }>;
  const ru = await admin.post('/api/v1/administracao/unidades_saude', {
    data: { cnes: digitos(7), nome: unidadeNome, tipo_unidade_id: tipos[0]!.id, telefones: [] },
  });
  expect(ru.status(), await ru.text()).toBe(201);
  const unidade = (await ru.json()) as { id: string };
  const re = await admin.post('/api/v1/administracao/equipes', {
    data: {
      ine: digitos(10),
      nome: `ESF Nova ${sufixo}`,
      tipo: '70',
      unidade_saude_id: unidade.id,
      micro_areas: ['07'],
    },
  });
  expect(re.status(), await re.text()).toBe(201);

  await signInWithUnit('admin');

  await test.step('the list', async () => {
    await page.goto(LISTA);
    await expect(page.getByRole('heading', { name: 'Profissionais', level: 1 })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'acs' }).first()).toBeVisible();
    await expectAccessible(page, 'lista de profissionais');
    await nasDuasLarguras(page, 'administracao-profissionais-lista');
  });

  await test.step('a wrong CPF is refused on its field, then the professional is saved', async () => {
    await page.getByRole('link', { name: 'Novo profissional' }).first().click();
    await expect(page.getByRole('heading', { name: 'Novo profissional', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nome completo' }).fill(nome);
    const cpf = page.getByRole('textbox', { name: 'CPF' });
    await cpf.fill('111.111.111-11');
    await page.getByRole('textbox', { name: 'Login' }).fill(login);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(cpf).toHaveAccessibleDescription(/não é válido/);
    await expect(page.getByRole('heading', { name: 'Novo profissional', level: 1 })).toBeVisible();
    await expectAccessible(page, 'novo profissional com CPF errado');
    await nasDuasLarguras(page, 'administracao-profissionais-form');
    await cpf.fill(novoCpf());
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Senha provisória' });
    await expect(dialogo).toBeVisible();
    senha = (await dialogo.getByTestId('senha-provisoria').textContent()) ?? '';
    expect(senha).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await expect(dialogo.getByRole('button', { name: 'Copiar senha' })).toBeVisible();
    await expectAccessible(page, 'senha provisória');
    await dialogo.getByRole('button', { name: 'Já anotei a senha' }).click();
    await expect(page.getByRole('heading', { name: `Editar profissional ${nome}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Histórico de alterações' })).toHaveAttribute(
      'href',
      /\/auditoria\?record_id=[0-9a-f-]{36}$/,
    );
  });

  await test.step('an assignment in the new unit, its team and micro-area 07, with the ACS profile', async () => {
    await page.getByRole('button', { name: 'Adicionar lotação' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Nova lotação' });
    await dialogo.getByRole('combobox', { name: 'Unidade de saúde' }).click();
    await page.getByRole('option', { name: unidadeNome, exact: true }).click();
    const ocupacao = dialogo.getByRole('combobox', { name: 'Ocupação (CBO)' });
    await ocupacao.fill('agente comunit');
    await page.getByRole('option', { name: 'AGENTE COMUNITÁRIO DE SAÚDE (515105)' }).click();
    await dialogo.getByRole('combobox', { name: 'Equipe' }).click();
    await page.getByRole('option', { name: new RegExp(`ESF Nova ${sufixo}`) }).click();
    await dialogo.getByRole('combobox', { name: 'Microáreas' }).click();
    await page.getByRole('option', { name: '07', exact: true }).click();
    await dialogo.getByRole('combobox', { name: 'Perfil de acesso' }).click();
    await page.getByRole('option', { name: 'Agente comunitário de saúde', exact: true }).click();
    await expectAccessible(page, 'nova lotação');
    await fotografar(page, 'administracao-profissionais-lotacao-1400');
    await dialogo.getByRole('button', { name: 'Salvar lotação' }).click();
    await expect(dialogo).toBeHidden();
    const linha = page.getByTestId('lotacao').filter({ hasText: unidadeNome });
    await expect(linha).toContainText('Agente comunitário de saúde');
    await expect(linha).toContainText('515105');
    await expect(linha).toContainText('Microáreas 07');
    await nasDuasLarguras(page, 'administracao-profissionais-edit');
  });

  await test.step('the new professional signs in, must change the password, and works in the new unit', async () => {
    await page.evaluate(() => localStorage.removeItem('saude.token'));
    await page.goto('/login');
    await fillLogin(page, login, senha);
    await expect(page.getByRole('heading', { name: 'Defina uma nova senha' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Senha provisória', exact: true }).fill(senha);
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('Joana-nova-senha-2026');
    await page.getByRole('textbox', { name: 'Confirmação da nova senha', exact: true }).fill('Joana-nova-senha-2026');
    await page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(page.locator('header').first()).toContainText(unidadeNome);
  });
});
