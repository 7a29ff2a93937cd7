// Home visits (issue 8) on a tablet (800×1280): an ACS opens their family list (own micro-areas first), visits a member
// with the outcome and reasons, sees it in the history and cancels it with a justification; a family that moved away is
// refused before the form opens; a doctor sees the history without "Visitar"; a record number tied to a visit cannot be
// inactivated in the citizen registry.
// Run: npm run build -w apps/web && E2E_PORT=3181 npx playwright test e2e/visitas_domiciliares.spec.ts --output=/tmp/pw-web8
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, SCREENSHOTS, SENHA_DEMO, test } from './fixtures';

const LISTA = '/atencao_primaria/visitas_domiciliares';
const MSG_MUDOU = 'Não é possível realizar o lançamento para famílias com status "Mudou-se"';
const MSG_SOMENTE_AGENTES =
  'Somente agentes comunitários de saúde e agentes de combate às endemias podem lançar visitas domiciliares.';
/** The demo family of ESF Centro 1 that moved away (apps/api/src/db/seed/domicilios.ts). */
const PRONTUARIO_MUDOU = 'F0001';

test.use({ viewport: { width: 800, height: 1280 } });

async function semRolagemLateral(page: Page, tela: string) {
  const sobra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(sobra, `${tela} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string) {
  for (const [w, h] of [
    [1400, 900],
    [800, 1280],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SCREENSHOTS}/visitas_domiciliares-${name}-${w}.png`, fullPage: true });
  }
}

test('ACS visits a member, sees the visit in the history and cancels it with a justification', async ({
  page,
  signInWithUnit,
}) => {
  test.setTimeout(120_000);
  await signInWithUnit('acs', 'UBS Centro');

  await test.step('the family list shows my micro-areas first', async () => {
    await page.goto(LISTA);
    await expect(page.getByRole('heading', { name: 'Visitas domiciliares' })).toBeVisible();
    const linhas = page.getByRole('table', { name: 'Famílias para visita' }).getByRole('row');
    await expect(linhas.nth(1)).toContainText('Minha micro-área');
    await semRolagemLateral(page, 'family list');
    await shot(page, 'lista');
  });

  const membros = page.getByRole('list', { name: 'Membros da família' });
  await test.step('a family of my micro-area opens with its members and history', async () => {
    await page
      .getByRole('row')
      .filter({ hasText: 'Minha micro-área' })
      .filter({ hasNotText: 'Mudou-se' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/detalhes$/);
    await expect(page.getByRole('heading', { name: /^Família de / })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Visitar família' })).toBeVisible();
    await expect(membros.getByRole('listitem').first()).toContainText('Última visita:');
    await semRolagemLateral(page, 'family detail');
  });

  const membro = membros.getByRole('listitem').first();
  const visitar = membro.getByRole('link', { name: /^Visitar / });
  const nome = (await visitar.getAttribute('aria-label'))!.replace(/^Visitar /, '');
  const detalhe = page.url();

  await test.step('the member visit form refuses 50 °C and saves with the outcome and reasons', async () => {
    await visitar.click();
    await expect(page).toHaveURL(/\/membro\/[0-9a-f-]+\/visitar$/);
    await expect(page.getByRole('heading', { name: 'Visita ao membro' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Unidade de saúde' })).toHaveValue('UBS Centro');
    await page.getByRole('radio', { name: 'Visita realizada' }).check();
    await page.getByRole('checkbox', { name: 'Visita periódica' }).check();
    await page.getByRole('checkbox', { name: 'Orientação / Prevenção' }).check();
    await page.getByRole('textbox', { name: 'Temperatura' }).fill('50');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('deve estar entre 20 e 45').first()).toBeVisible();
    await semRolagemLateral(page, 'visit form');
    await shot(page, 'form');
    await page.setViewportSize({ width: 800, height: 1280 });
    await page.getByRole('textbox', { name: 'Temperatura' }).fill('36,5');
    // The save button stays reachable at the bottom of a long form (sticky footer).
    await expect(page.getByRole('button', { name: 'Salvar' })).toBeInViewport();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Visita domiciliar foi salva com sucesso')).toBeVisible();
    await expect(page).toHaveURL(detalhe);
  });

  const historico = page.getByRole('list', { name: 'Histórico de visitas' });
  const visita = historico.getByRole('listitem').filter({ hasText: nome }).filter({ hasText: 'Temperatura 36,5 °C' });
  await test.step('the visit is in the history', async () => {
    await expect(visita).toHaveCount(1);
    await expect(visita).toContainText('Visita realizada');
    await expect(visita).toContainText('Motivos: Visita periódica, Orientação / Prevenção');
    await expect(membros.getByRole('listitem').first()).not.toContainText('Sem visitas');
    await shot(page, 'detalhe');
    await page.setViewportSize({ width: 800, height: 1280 });
  });

  await test.step('cancelling asks for a justification and keeps the visit marked "Cancelada"', async () => {
    await visita.getByRole('button', { name: 'Cancelar visita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancelar visita' });
    await dialog.getByRole('textbox', { name: 'Justificativa' }).fill('erro');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(dialog.getByText('deve conter pelo menos 5 caracteres')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Justificativa' }).fill('Visita lançada para o membro errado');
    await dialog.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(dialog).toBeHidden();
    await expect(visita).toContainText('Cancelada');
    await expect(visita).toContainText('Justificativa: Visita lançada para o membro errado');
    await expect(visita.getByRole('button', { name: 'Cancelar visita' })).toHaveCount(0);
  });
});

test('a family that moved away is refused with the exact message before the form opens', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(`${LISTA}?numero_prontuario=${PRONTUARIO_MUDOU}`);
  const linha = page.getByRole('row').filter({ hasText: 'Mudou-se' });
  await expect(linha).toHaveCount(1);
  await linha.click();
  await expect(page).toHaveURL(/\/detalhes$/);
  await expect(page.getByText(MSG_MUDOU)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Visitar/ })).toHaveCount(0);

  // Even by the address bar, the form does not open.
  await page.goto(page.url().replace(/\/detalhes$/, '/visitar'));
  await expect(page.getByText(MSG_MUDOU)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Voltar para a família' }).click();
  await expect(page).toHaveURL(/\/detalhes$/);
});

test('a doctor sees the visit history but no Visitar button', async ({ page, signInWithUnit }) => {
  await signInWithUnit('medico');
  await page.goto(LISTA);
  await page
    .getByRole('row')
    .filter({ hasNotText: 'Mudou-se' })
    .filter({ hasText: /\d{2}\/\d{2}\/\d{4}/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/detalhes$/);
  await expect(page.getByRole('list', { name: 'Histórico de visitas' }).getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(MSG_SOMENTE_AGENTES)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Visitar/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancelar visita' })).toHaveCount(0);
});

/** A member of one of the ACS's families (UBS Centro) who has a record number in the unit, found through the API. */
async function membroComProntuario(request: APIRequestContext) {
  const login = await request.post('/api/v2/auth/login', { data: { login: 'acs', senha: SENHA_DEMO } });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const lotacoes = (await (await request.get('/api/v2/auth/lotacoes', { headers })).json()) as Array<{
    unidade_saude_id: string;
    unidade_nome: string;
  }>;
  const centro = lotacoes.find((l) => l.unidade_nome === 'UBS Centro')!;
  await request.put('/api/v2/auth/unidade_atual', { headers, data: { unidade_saude_id: centro.unidade_saude_id } });
  const familias = (await (await request.get(`/api/v1${LISTA}/familias?per_page=50`, { headers })).json()) as Array<{
    id: string;
    mudou: boolean;
  }>;
  for (const f of familias.filter((x) => !x.mudou)) {
    const d = (await (await request.get(`/api/v1${LISTA}/familias/${f.id}`, { headers })).json()) as {
      membros: Array<{ municipe_id: string; nome: string; numero_prontuario: string | null }>;
    };
    const m = d.membros.find((x) => x.numero_prontuario);
    if (m) return { familiaId: f.id, ...m, numero_prontuario: m.numero_prontuario! };
  }
  throw new Error('no demo member with a record number in UBS Centro');
}

test('a record number tied to a visit cannot be inactivated in the citizen registry', async ({
  page,
  request,
  signInWithUnit,
}) => {
  test.setTimeout(90_000);
  const m = await membroComProntuario(request);
  await signInWithUnit('acs', 'UBS Centro');

  await page.goto(`${LISTA}/${m.familiaId}/membro/${m.municipe_id}/visitar`);
  await expect(page.getByRole('textbox', { name: 'Nº do prontuário' })).toHaveValue(m.numero_prontuario);
  await page.getByRole('radio', { name: 'Ausente' }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Visita domiciliar foi salva com sucesso')).toBeVisible();

  await page.goto(`/municipes/${m.municipe_id}/edit/documento_prontuario`);
  const grupos = page.getByRole('group', { name: /^Prontuário \d+$/ });
  await expect(grupos.first()).toBeVisible();
  let prontuario = grupos.first();
  for (const g of await grupos.all()) {
    if ((await g.getByRole('textbox', { name: 'Número do prontuário' }).inputValue()) === m.numero_prontuario)
      prontuario = g;
  }
  await expect(prontuario.getByRole('textbox', { name: 'Número do prontuário' })).toHaveValue(m.numero_prontuario);
  await prontuario.getByRole('button', { name: 'Inativar' }).click();
  await prontuario.getByRole('radio', { name: 'Erro de cadastro' }).check();
  await prontuario.getByRole('textbox', { name: 'Justificativa da inativação' }).fill('Número lançado por engano');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(
    prontuario.getByText('não pode ser inativado: está vinculado a uma ficha de visita domiciliar'),
  ).toBeVisible();
});

test('on the tablet the list filters fold under "Filtros"; the micro-area filter narrows the families', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto(LISTA);
  const filtros = page.getByRole('button', { name: 'Filtros' });
  await expect(filtros).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'Micro-área' })).toBeHidden();
  await filtros.click();
  await page.getByRole('textbox', { name: 'Micro-área' }).fill('02');
  await expect(page).toHaveURL(/micro_area=02/);
  const tabela = page.getByRole('table', { name: 'Famílias para visita' });
  // The micro-area column (the cell of the column headed 'Micro-área') of every row.
  const coluna = await tabela
    .getByRole('columnheader')
    .evaluateAll((hs) => hs.findIndex((h) => h.textContent?.trim().startsWith('Micro-área')));
  expect(coluna).toBeGreaterThan(-1);
  await expect(tabela.getByRole('row').nth(1).getByRole('cell').nth(coluna)).toContainText('02');
  const microAreas = await tabela
    .getByRole('row')
    .evaluateAll((rs, c) => rs.slice(1).map((r) => r.querySelectorAll('td')[c]?.textContent?.slice(0, 2)), coluna);
  expect(microAreas.length).toBeGreaterThan(0);
  expect(new Set(microAreas)).toEqual(new Set(['02']));
  await expect(page.getByRole('button', { name: /Filtros/ })).toContainText('1');
});
