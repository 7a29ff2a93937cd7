// The citizen's clinical blocks (issue 5): health conditions edited and kept, the tab hidden from a profile without
// the block, read-only for a profile with `show` only. Run: E2E_PORT=3101 npx playwright test e2e/municipes-blocos.spec.ts
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, SENHA_DEMO, test, type DemoLogin } from './fixtures';

const MSG_403 = 'Você não está autorizado a executar essa ação.';
const INTERNACAO = 'Teve alguma internação nos últimos 12 meses?';

type Item = { id: string; nome: string; data_nascimento: string };

/** A bearer token for `login`, with a current unit picked when the user works in several. */
async function tokenDe(request: APIRequestContext, login: DemoLogin): Promise<string> {
  const res = await request.post('/api/v2/auth/login', { data: { login, senha: SENHA_DEMO } });
  expect(res.ok()).toBe(true);
  const { token, usuario } = (await res.json()) as { token: string; usuario: { unidade_atual: unknown } };
  const headers = { authorization: `Bearer ${token}` };
  if (!usuario.unidade_atual) {
    const [lotacao] = (await (await request.get('/api/v2/auth/lotacoes', { headers })).json()) as Array<{
      unidade_saude_id: string;
    }>;
    await request.put('/api/v2/auth/unidade_atual', { headers, data: { unidade_saude_id: lotacao!.unidade_saude_id } });
  }
  return token;
}

/** Two demo citizens found through the list API: an adult and a child under 10 (the caregiver question). */
async function demoCitizens(request: APIRequestContext): Promise<{ adulto: Item; crianca: Item }> {
  const token = await tokenDe(request, 'enfermagem');
  const res = await request.get('/api/v1/municipes?per_page=100', { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok()).toBe(true);
  const rows = (await res.json()) as Item[];
  const idade = (iso: string) => (Date.now() - Date.parse(iso)) / (365.25 * 24 * 3600 * 1000);
  const adulto = rows.find((r) => idade(r.data_nascimento) > 30 && idade(r.data_nascimento) < 60);
  const crianca = rows.find((r) => idade(r.data_nascimento) < 9);
  expect(adulto, 'an adult in the demo data').toBeTruthy();
  expect(crianca, 'a child under 9 in the demo data').toBeTruthy();
  return { adulto: adulto!, crianca: crianca! };
}

const pergunta = (page: Page, nome: string) => page.getByRole('radiogroup', { name: nome });
async function responder(page: Page, nome: string, resposta: 'Sim' | 'Não') {
  // Mantine's segmented control hides the radio input under its label: click the label as a person would.
  await pergunta(page, nome).getByText(resposta, { exact: true }).click();
  await expect(pergunta(page, nome).getByRole('radio', { name: resposta })).toBeChecked();
}

async function screenshots(page: Page, name: string) {
  for (const [width, height] of [
    [1400, 900],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width, height });
    // From the top of the page, as a person opening the tab sees it (the header and the Save bar are sticky).
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}x${height}.png` });
    // No horizontal scroll (ux.md).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1400, height: 900 });
}

// One worker runs these in order: the surveillance test reads what the nurse saved.
let adulto: Item;
let crianca: Item;

test.beforeAll(async ({ request }) => {
  ({ adulto, crianca } = await demoCitizens(request));
});

test('a nurse answers the health conditions, saves, and finds them kept after a reload', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('enfermagem');
  await test.step('When I open the citizen and the "Condição de saúde" tab', async () => {
    await page.goto(`/municipes/${adulto.id}/edit`);
    await page.getByRole('tab', { name: 'Condição de saúde' }).click();
    await expect(page).toHaveURL(new RegExp(`/municipes/${adulto.id}/edit/condicao_situacao_saude$`));
    await expect(page.getByRole('heading', { name: 'Condições/situações de saúde gerais' })).toBeVisible();
  });
  await test.step('And I answer hypertension and a hospitalisation in the last 12 months with its cause', async () => {
    await responder(page, 'Tem hipertensão arterial?', 'Sim');
    await expect(page.getByRole('textbox', { name: 'Por qual causa?' })).toHaveCount(0);
    await responder(page, INTERNACAO, 'Sim');
    await page.getByRole('textbox', { name: 'Por qual causa?' }).fill('Pneumonia');
    await page.getByRole('radio', { name: 'Acima do peso' }).check();
    await responder(page, 'Tem doença respiratória/no pulmão?', 'Sim');
    await page
      .getByRole('group', { name: 'Quais doenças respiratórias?' })
      .getByRole('checkbox', { name: 'Asma' })
      .check();
    await screenshots(page, 'municipes-condicao-saude-edit');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Condição de saúde foi salva com sucesso')).toBeVisible();
  });
  await test.step('Then after a reload the answers are still there', async () => {
    await page.reload();
    await expect(pergunta(page, 'Tem hipertensão arterial?').getByRole('radio', { name: 'Sim' })).toBeChecked();
    await expect(pergunta(page, INTERNACAO).getByRole('radio', { name: 'Sim' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Por qual causa?' })).toHaveValue('Pneumonia');
    await expect(page.getByRole('radio', { name: 'Acima do peso' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Asma' })).toBeChecked();
    await expect(pergunta(page, 'Tem diabetes?').getByRole('radio', { name: 'Não' })).toBeChecked();
  });
  await test.step('And a profile that may only read the block sees them as text', async () => {
    // Answer the permission lookup as for a read-only profile (the API still lets the nurse read).
    await page.route('**/api/municipes/*/permissao_cadastro', (route) =>
      route.fulfill({ json: { sociodemograficas: [], condicoes_saude: ['show'] } }),
    );
    await page.goto(`/municipes/${adulto.id}/edit`);
    await page.getByRole('tab', { name: 'Condição de saúde' }).click();
    await expect(page).toHaveURL(/\/edit\/visualizar_condicao_situacao_saude$/);
    const resposta = (p: string) => page.getByText(p, { exact: true }).locator('xpath=following-sibling::dd[1]');
    await expect(resposta('Tem hipertensão arterial?')).toHaveText('Sim');
    await expect(resposta(INTERNACAO)).toHaveText('Sim');
    await expect(resposta('Por qual causa?')).toHaveText('Pneumonia');
    await expect(resposta('Quais doenças respiratórias?')).toHaveText('Asma');
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await screenshots(page, 'municipes-condicao-saude-view');
  });
});

test('a nurse answers the sociodemographic block of a child, with the caregiver question', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('enfermagem');
  await page.goto(`/municipes/${crianca.id}/edit`);
  await page.getByRole('tab', { name: 'Sociodemográfica' }).click();
  await expect(page).toHaveURL(/\/edit\/sociodemografica$/);
  const cuidador = page.getByRole('group', { name: 'Crianças de 0 a 9 anos, com quem fica?' });
  await expect(cuidador).toBeVisible();
  await responder(page, 'Frequenta escola ou creche?', 'Sim');
  await cuidador.getByRole('checkbox', { name: 'Creche' }).check();
  await responder(page, 'Tem alguma deficiência?', 'Sim');
  await page.getByRole('checkbox', { name: 'Auditiva' }).check();
  // The CBO table loads on demand and is searched by name (a child has no occupation: nothing is picked).
  await page.getByRole('combobox', { name: 'Ocupação' }).fill('agente comunit');
  await expect(page.getByRole('option', { name: 'AGENTE COMUNITÁRIO DE SAÚDE (515105)' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Ocupação' }).fill('');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toHaveCount(0);
  await screenshots(page, 'municipes-sociodemografica-edit');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Informação sociodemográfica foi salva com sucesso')).toBeVisible();

  // No demo profile may only read this block: answer the permission lookup as for one (the API still lets the nurse read).
  await page.route('**/api/municipes/*/permissao_cadastro', (route) =>
    route.fulfill({ json: { sociodemograficas: ['show'], condicoes_saude: ['show'] } }),
  );
  await page.goto(`/municipes/${crianca.id}/edit`);
  await page.getByRole('tab', { name: 'Sociodemográfica' }).click();
  await expect(page).toHaveURL(/\/edit\/visualizar_sociodemografica$/);
  const resposta = (p: string) => page.getByText(p, { exact: true }).locator('xpath=following-sibling::dd[1]');
  // The demo data may hold earlier answers: ours are among them.
  await expect(resposta('Crianças de 0 a 9 anos, com quem fica?')).toContainText('Creche');
  await expect(resposta('Quais deficiências?')).toContainText('Auditiva');
  await expect(resposta('Frequenta escola ou creche?')).toHaveText('Sim');
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await screenshots(page, 'municipes-sociodemografica-view');
});

test('reception has no health-conditions tab, and typing its URL answers 403', async ({ page, signInWithUnit }) => {
  await signInWithUnit('recepcao');
  await page.goto(`/municipes/${adulto.id}/edit`);
  await expect(page.getByRole('tab', { name: 'Identificação' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Condição de saúde' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Sociodemográfica' })).toHaveCount(0);
  await page.goto(`/municipes/${adulto.id}/edit/condicao_situacao_saude`);
  await expect(page.getByText(MSG_403)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
});

test('surveillance sees the health conditions read-only, never the form', async ({ page, signInWithUnit }) => {
  await signInWithUnit('vigilancia');
  await page.goto(`/municipes/${adulto.id}/edit`);
  await page.getByRole('tab', { name: 'Condição de saúde' }).click();
  await expect(page).toHaveURL(/\/edit\/visualizar_condicao_situacao_saude$/);
  await expect(page.getByText('Tem hipertensão arterial?')).toBeVisible();
  await expect(page.getByText('Pneumonia')).toBeVisible();
  await expect(page.getByRole('radiogroup')).toHaveCount(0);
  await page.goto(`/municipes/${adulto.id}/edit/condicao_situacao_saude`);
  await expect(page.getByText(MSG_403)).toBeVisible();
});
