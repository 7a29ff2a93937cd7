// The citizen's clinical blocks (issue 5): health conditions edited and kept, the tab hidden from a profile without
// the block, read-only for a profile with `show` only. Run: E2E_PORT=3101 npx playwright test e2e/municipes-blocos.spec.ts
import type { Page } from '@playwright/test';
import { expect, expectAccessible, expectLandmarksAndHeadings, SCREENSHOTS, test, type Api } from './fixtures';
import { novoCns, novoCpf } from './dados';

const MSG_403 = 'Você não está autorizado a executar essa ação.';
const INTERNACAO = 'Teve alguma internação nos últimos 12 meses?';

type Item = { id: string; nome: string; data_nascimento: string };

/**
 * A citizen made through the API with unique data. `naUnidade`: its reference unit is the caller's current unit, so
 * the caller's unit attends it and may see its health blocks (issue 14); without it, it is in nobody's care.
 */
async function novoMunicipe(api: Api, o: { anos: number; sexo_id?: number; naUnidade?: boolean }): Promise<Item> {
  const me = (await (await api.get('/api/v2/auth/me')).json()) as { unidade_atual: { id: string } };
  const nasc = new Date();
  nasc.setFullYear(nasc.getFullYear() - o.anos, nasc.getMonth() - 1);
  const res = await api.post('/api/v1/municipes', {
    data: {
      nome: `Teste Blocos ${Math.random().toString(36).slice(2, 8).replace(/\d/g, 'x')}`,
      data_nascimento: nasc.toISOString().slice(0, 10),
      sexo_id: o.sexo_id ?? 1,
      cpf_numero: novoCpf(),
      codigo_cns: novoCns(),
      telefones: { celular: '61991837465' },
      unidade_saude_referencia_id: o.naUnidade === false ? null : me.unidade_atual.id,
      confirmar_duplicados: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Item;
}

const pergunta = (page: Page, nome: string) => page.getByRole('radiogroup', { name: nome });
async function responder(page: Page, nome: string, resposta: 'Sim' | 'Não') {
  // Mantine's segmented control hides the radio input under its label: click the label as a person would.
  await pergunta(page, nome).getByText(resposta, { exact: true }).click();
  await expect(pergunta(page, nome).getByRole('radio', { name: resposta })).toBeChecked();
}

/** Opens a block tab of the citizen; the URL says which view (the form, or the answers read-only) the profile got. */
async function abrirBloco(page: Page, id: string, aba: 'Condição de saúde' | 'Sociodemográfica', url?: RegExp) {
  await page.goto(`/municipes/${id}/edit`);
  await page.getByRole('tab', { name: aba }).click();
  if (url) await expect(page).toHaveURL(url);
}

/** The answer under a question of a read-only block. */
const resposta = (page: Page, p: string) =>
  page.getByText(p, { exact: true }).locator('xpath=following-sibling::dd[1]');

/** The citizen's record opens on its identification, with no health-block tab. */
async function semAbasDeSaude(page: Page, id: string) {
  await page.goto(`/municipes/${id}/edit`);
  await expect(page.getByRole('tab', { name: 'Identificação' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Condição de saúde' })).toHaveCount(0);
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

test('a nurse answers the health conditions, saves, and finds them kept after a reload', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  await signInWithUnit('enfermagem');
  const adulto = await novoMunicipe(await apiAs('enfermagem'), { anos: 45 });
  await test.step('When I open the citizen and the "Condição de saúde" tab', async () => {
    await abrirBloco(
      page,
      adulto.id,
      'Condição de saúde',
      new RegExp(`/municipes/${adulto.id}/edit/condicao_situacao_saude$`),
    );
    await expect(page.getByRole('heading', { name: 'Condições/situações de saúde gerais' })).toBeVisible();
    await expectAccessible(page);
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
    await expectAccessible(page);
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
    await abrirBloco(page, adulto.id, 'Condição de saúde', /\/edit\/visualizar_condicao_situacao_saude$/);
    await expect(resposta(page, 'Tem hipertensão arterial?')).toHaveText('Sim');
    await expect(resposta(page, INTERNACAO)).toHaveText('Sim');
    await expect(resposta(page, 'Por qual causa?')).toHaveText('Pneumonia');
    await expect(resposta(page, 'Quais doenças respiratórias?')).toHaveText('Asma');
    await expect(page.getByRole('radiogroup')).toHaveCount(0);
    await expectAccessible(page);
    await screenshots(page, 'municipes-condicao-saude-view');
  });
});

test('a nurse answers the sociodemographic block of a child, with the caregiver question', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  await signInWithUnit('enfermagem');
  const crianca = await novoMunicipe(await apiAs('enfermagem'), { anos: 5 });
  await abrirBloco(page, crianca.id, 'Sociodemográfica', /\/edit\/sociodemografica$/);
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
  await expectAccessible(page);
  await screenshots(page, 'municipes-sociodemografica-edit');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Informação sociodemográfica foi salva com sucesso')).toBeVisible();

  // No demo profile may only read this block: answer the permission lookup as for one (the API still lets the nurse read).
  await page.route('**/api/municipes/*/permissao_cadastro', (route) =>
    route.fulfill({ json: { sociodemograficas: ['show'], condicoes_saude: ['show'] } }),
  );
  await abrirBloco(page, crianca.id, 'Sociodemográfica', /\/edit\/visualizar_sociodemografica$/);
  await expect(resposta(page, 'Crianças de 0 a 9 anos, com quem fica?')).toHaveText('Creche');
  await expect(resposta(page, 'Quais deficiências?')).toHaveText('Auditiva');
  await expect(resposta(page, 'Frequenta escola ou creche?')).toHaveText('Sim');
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expectAccessible(page);
  await screenshots(page, 'municipes-sociodemografica-view');
});

test('the occupation is searched on the server, picked, saved and shown by its name when the block is reopened', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  // Two visits of the form and axe on a long page: room for a slow, shared machine.
  test.slow();
  await signInWithUnit('enfermagem');
  const adulto = await novoMunicipe(await apiAs('enfermagem'), { anos: 40 });
  await abrirBloco(page, adulto.id, 'Sociodemográfica', /\/edit\/sociodemografica$/);
  const ocupacao = page.getByRole('combobox', { name: 'Ocupação' });
  // Part of the name is sent to the server: the table is never shipped whole (issue 15).
  const busca = page.waitForRequest((r) => /\/api\/v1\/codigos\/cbo\?q=agente/.test(r.url()));
  await ocupacao.fill('agente comunit');
  await busca;
  await page.getByRole('option', { name: 'AGENTE COMUNITÁRIO DE SAÚDE (515105)' }).click();
  await expect(ocupacao).toHaveValue('AGENTE COMUNITÁRIO DE SAÚDE (515105)');
  await page.keyboard.press('Control+s');
  await expect(page.getByText('Informação sociodemográfica foi salva com sucesso')).toBeVisible();

  // Reopened: the saved code is shown by its name.
  await abrirBloco(page, adulto.id, 'Sociodemográfica');
  await expect(page.getByRole('combobox', { name: 'Ocupação' })).toHaveValue('AGENTE COMUNITÁRIO DE SAÚDE (515105)');
  await expectAccessible(page);
});

test('reception has no health-conditions tab, and typing its URL answers 403', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const adulto = await novoMunicipe(await apiAs('enfermagem'), { anos: 45 });
  await signInWithUnit('recepcao');
  await semAbasDeSaude(page, adulto.id);
  await expect(page.getByRole('tab', { name: 'Sociodemográfica' })).toHaveCount(0);
  await page.goto(`/municipes/${adulto.id}/edit/condicao_situacao_saude`);
  await expect(page.getByText(MSG_403)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expectAccessible(page);
});

test('a nurse sees no health tab of a citizen outside her care, and no pregnancy question for a man', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const api = await apiAs('enfermagem');
  const alheio = await novoMunicipe(api, { anos: 45, naUnidade: false });
  const homem = await novoMunicipe(api, { anos: 45, sexo_id: 0 });
  await signInWithUnit('enfermagem');
  // Identification is municipality-wide; health data only for the citizen's carers (issue 14).
  await semAbasDeSaude(page, alheio.id);
  await expect(page.getByRole('tab', { name: 'Sociodemográfica' })).toHaveCount(0);
  await page.goto(`/municipes/${homem.id}/edit/condicao_situacao_saude`);
  await expect(page.getByRole('radiogroup', { name: 'Tem hipertensão arterial?' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Está gestante?' })).toHaveCount(0);
});

test('surveillance sees the record but no health block of a citizen nobody notified', async ({
  page,
  signInWithUnit,
  apiAs,
}) => {
  const adulto = await novoMunicipe(await apiAs('enfermagem'), { anos: 45 });
  await signInWithUnit('vigilancia');
  await semAbasDeSaude(page, adulto.id);
  await expectAccessible(page);
});

test('a nurse captures a fingerprint through the reader, saves it, sees it listed, and removes it (issue 39)', async ({
  page,
  signInWithUnit,
  apiAs,
  baseURL,
}) => {
  // The reader's agent runs on the user's machine; here it is stubbed in the page, on the app's own origin so the
  // CSP's connect-src lets the tab reach it. Biometrics is switched on for this page only (the system parameter is
  // global state other specs see).
  const agente = `${baseURL}/__agente_biometrico_e2e`;
  await page.route('**/api/ferramentas/parametrizacao', async (route) => {
    const res = await route.fetch();
    const json = (await res.json()) as { widgets: object };
    await route.fulfill({
      response: res,
      json: { ...json, habilita_biometria: true, widgets: { ...json.widgets, biometria_agente_url: agente } },
    });
  });
  let capturas = 0;
  await page.route(`${agente}/status`, (route) => route.fulfill({ json: { pronto: true } }));
  await page.route(`${agente}/captura`, (route) => {
    capturas += 1;
    const template = Buffer.from(`FMR\u0000 e2e ${capturas} ${'m'.repeat(300)}`).toString('base64');
    return route.fulfill({ json: { template_base64: template, qualidade: capturas === 1 ? 91 : 64 } });
  });
  await signInWithUnit('enfermagem');
  const m = await novoMunicipe(await apiAs('enfermagem'), { anos: 38 });
  const tabela = page.getByRole('table', { name: 'Digitais cadastradas' });

  await test.step('When I open the "Biometria" tab, choose the left index finger and capture it', async () => {
    await page.goto(`/municipes/${m.id}/edit`);
    await page.getByRole('tab', { name: 'Biometria' }).click();
    await expect(page).toHaveURL(new RegExp(`/municipes/${m.id}/edit/biometria$`));
    await expect(page.getByText('Nenhuma digital cadastrada.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('combobox', { name: 'Dedo' }).click();
    await page.getByRole('option', { name: 'Indicador esquerdo' }).click();
    await page.getByRole('button', { name: 'Capturar digital' }).click();
    await expect(page.getByText('Indicador esquerdo — qualidade da leitura: 91%', { exact: false })).toBeVisible();
    await expectAccessible(page);
  });
  await test.step('And I save it: the finger is listed with the date and who captured it', async () => {
    await page.getByRole('button', { name: 'Gravar digital' }).click();
    await expect(page.getByText('Digital foi salva com sucesso')).toBeVisible();
    const linha = tabela.getByRole('row', { name: /Indicador esquerdo/ });
    await expect(linha).toContainText('91%');
    await expect(linha).toContainText(new Date().toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' }));
    await expectAccessible(page);
    await expectLandmarksAndHeadings(page);
    await screenshots(page, 'municipes-biometria');
  });
  await test.step('Then after a reload it is still there, and a new capture of that finger asks before replacing', async () => {
    await page.reload();
    await expect(tabela.getByRole('row', { name: /Indicador esquerdo/ })).toContainText('91%');
    await page.getByRole('combobox', { name: 'Dedo' }).click();
    await page.getByRole('option', { name: 'Indicador esquerdo (cadastrada)' }).click();
    await page.getByRole('button', { name: 'Capturar digital' }).click();
    await page.getByRole('button', { name: 'Gravar digital' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Substituir a digital do indicador esquerdo?' });
    // The confirmation loads on the first press: check it once it is there, not the page before it.
    await expect(dialogo).toBeVisible();
    await expectAccessible(page);
    await dialogo.getByRole('button', { name: 'Sim, substituir' }).click();
    await expect(tabela.getByRole('row', { name: /Indicador esquerdo/ })).toContainText('64%');
  });
  await test.step('And I remove it after the confirmation: no finger is left', async () => {
    await tabela.getByRole('button', { name: 'Remover a digital do indicador esquerdo' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Remover a digital do indicador esquerdo?' });
    await expect(dialogo).toBeVisible();
    await expectAccessible(page);
    await dialogo.getByRole('button', { name: 'Sim, remover' }).click();
    await expect(page.getByText('Digital do indicador esquerdo foi removido(a).')).toBeVisible();
    await expect(page.getByText('Nenhuma digital cadastrada.')).toBeVisible();
    await expectAccessible(page);
  });
});
