// Issue 39, unit flags as a user meets them. The manager at UBS Centro (no queue, no urgent care) opens bookmarked
// queue and urgent-care screens: "Esta unidade … não oferece …" with a way to change unit, never "não autorizado";
// changing to the UPA opens the screen. UBS Zona Rural (misto) opens urgent care. The nurse at UBS Centro (cpf_cns)
// cannot save a citizen with only a provisional card: the form says so before sending; a CNS lets it through. The unit
// form marks the two scheduling flags apart. axe on every screen; screenshots at 1400 px and 800×1280.
// Run: npm run build && E2E_PORT=3962 npx playwright test e2e/unidade_flags.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { novoCns, unico } from './dados';
import { expect, expectAccessible, test } from './fixtures';

const SHOTS = process.env.E2E_SHOTS ?? '.screenshots';
mkdirSync(SHOTS, { recursive: true });

async function fotos(page: Page, nome: string) {
  if (process.env.CI && !process.env.E2E_FOTOS) return;
  await page.evaluate(() => document.fonts.ready);
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${nome}-1400.png`, fullPage: true });
  await page.setViewportSize({ width: 800, height: 1280 });
  await page.screenshot({ path: `${SHOTS}/${nome}-800x1280.png`, fullPage: true });
  await page.setViewportSize({ width: 1400, height: 900 });
}

const NAO_AUTORIZADO = 'Você não está autorizado a executar essa ação.';

test('a bookmarked screen of a module the unit does not offer says so and how to change unit (issue 39)', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('admin', 'UBS Centro');

  await test.step('urgent care at UBS Centro: "não oferece atendimento de urgência e emergência"', async () => {
    await page.goto('/urgencia_emergencia/atendimentos');
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: 'Esta unidade (UBS Centro) não oferece atendimento de urgência e emergência.',
      }),
    ).toBeVisible();
    await expect(page.getByText(NAO_AUTORIZADO)).toHaveCount(0);
    // The manager's other units that offer it, read with GET /parametros/unidades_saude/{id}/{parametro}.
    const aviso = page.getByTestId('unidade-nao-oferece');
    await expect(aviso.getByRole('button', { name: 'Trabalhar em UPA 24h Municipal' })).toBeVisible();
    await expect(aviso.getByRole('button', { name: 'Trabalhar em UBS Zona Rural Córrego Claro' })).toBeVisible();
    await expect(aviso.getByRole('button', { name: /Trabalhar em UBS Centro/ })).toHaveCount(0);
    await expectAccessible(page, 'unidade não oferece urgência');
  });

  await test.step('misto: "Trabalhar em UBS Zona Rural Córrego Claro" opens urgent care there, on the same screen', async () => {
    await page.getByRole('button', { name: 'Trabalhar em UBS Zona Rural Córrego Claro' }).click();
    await expect(page).toHaveURL(/\/urgencia_emergencia\/atendimentos$/);
    await expect(page.getByRole('heading', { name: 'Recepção', level: 1 })).toBeVisible();
    await expect(page.getByTestId('unidade-nao-oferece')).toHaveCount(0);
    await expectAccessible(page, 'urgência numa unidade mista');
    // Back to UBS Centro for the next step.
    await page.goto('/selecionar_unidade_saude');
    const cards = page.getByRole('list', { name: 'Suas lotações' }).getByRole('listitem');
    await cards.filter({ hasText: 'UBS Centro' }).first().getByRole('button').click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the ticket screen at UBS Centro: "não oferece gerenciamento de filas"; "Trocar unidade" to the UPA opens it', async () => {
    await page.goto('/filas/senhas');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Esta unidade (UBS Centro) não oferece gerenciamento de filas.' }),
    ).toBeVisible();
    await expect(page.getByText(/clique no nome da unidade, no topo da tela/)).toBeVisible();
    await expect(
      page.getByTestId('unidade-nao-oferece').getByRole('button', { name: 'Trabalhar em UPA 24h Municipal' }),
    ).toBeVisible();
    await expectAccessible(page, 'unidade não oferece filas');
    await fotos(page, 'unidade-nao-oferece-filas');
    await page.getByTestId('unidade-nao-oferece').getByRole('link', { name: 'Trocar unidade' }).click();
    await expect(page).toHaveURL(/\/selecionar_unidade_saude\?retorno=%2Ffilas%2Fsenhas/);
    const cards = page.getByRole('list', { name: 'Suas lotações' }).getByRole('listitem');
    await cards.filter({ hasText: 'UPA 24h Municipal' }).first().getByRole('button').click();
    await expect(page).toHaveURL(/\/filas\/senhas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Emitir senhas' })).toBeVisible();
  });

  await test.step('the unit form: cpf_cns and misto act; the scheduling flags are marked apart', async () => {
    await page.goto('/parametros/unidades_saude');
    const card = page.getByRole('listitem', { name: 'UBS Centro' });
    await expect(card.getByText('Para o sistema de agendamento')).toHaveCount(2);
    await expect(card.getByText(/o cartão provisório sozinho não basta/)).toBeVisible();
    await expectAccessible(page, 'parâmetros das unidades');
    await fotos(page, 'parametros-unidades');
  });
});

test('cpf_cns: at UBS Centro a citizen with only a provisional card is refused before sending; a CNS saves (issue 39)', async ({
  page,
  signInWithUnit,
}) => {
  page.on('dialog', (d) => void d.accept());
  await signInWithUnit('enfermagem', 'UBS Centro');
  await page.goto('/municipes/new');
  await expect(page.getByText(/Esta unidade exige CPF ou CNS no cadastro/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Cartão provisório' }).fill(`89800${Date.now() % 1_000_000_000}`);
  await page.getByLabel('Nome', { exact: true }).fill(`Benedita Sem Documento ${unico()}`);
  await page.getByLabel('Data de nascimento', { exact: true }).pressSequentially('10061975');
  await page.getByRole('radio', { name: 'Feminino' }).check();
  await page.getByLabel('Nome da mãe', { exact: true }).fill('Maria Sem Documento');
  await page.getByLabel('Telefone celular').pressSequentially('61991230000');
  let posts = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/municipes') posts += 1;
  });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByLabel('CPF', { exact: true })).toHaveAccessibleDescription(
    /é obrigatório, devido à ausência de preenchimento do campo de CNS/,
  );
  await expect(page.getByLabel('CNS', { exact: true })).toHaveAccessibleDescription(
    /é obrigatório, devido à ausência de preenchimento do campo de CPF/,
  );
  expect(posts).toBe(0);
  await expectAccessible(page, 'munícipe sem CPF nem CNS numa unidade que exige');
  await fotos(page, 'municipe-cpf-cns');
  await page.getByLabel('CNS', { exact: true }).pressSequentially(novoCns());
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Ficha de munícipe foi salva com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/municipes\/[0-9a-f-]{36}\/edit$/);
});
