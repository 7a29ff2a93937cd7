// The ombudsman and its bell (issue 20, spec §1, §2, §4): `admin` registers an anonymous complaint on the form and
// gets its protocol; the bell rises within one poll (the page clock runs the 30 s forward); opening the item from the
// bell goes to the handling page, where admin answers it. Then the badge rule with many unread, made through the API:
// 99 show no badge, 100 show '99+'. Every bell item made here is marked read in a `finally` (later specs see no
// badge). axe on the list, the form, the detail and the open bell; pictures at 1400 and 800×1280.
// Run: npm run build && E2E_PORT=3211 npx playwright test e2e/ouvidoria.spec.ts
import type { Page } from '@playwright/test';
import { unico } from './dados';
import { type Api, expect, expectAccessible, fotografar, SCREENSHOTS, test } from './fixtures';

const API = '/api/v1/ouvidoria';
const SINO = '/api/v1/buscas/consulta/ouvidoria/notificacoes';

type Opcoes = { tipos: Array<{ id: string; nome: string }>; prioridades: Array<{ id: string; nome: string }> };

async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByRole('combobox', { name: campo }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
}

const marcarTodas = async (admin: Api) => expect((await admin.post(`${SINO}/leituras`)).status()).toBe(200);

async function criarPelaApi(admin: Api, opcoes: Opcoes, n: number) {
  // A few at a time: the protocol lock serializes them anyway.
  for (let i = 0; i < n; i += 10) {
    await Promise.all(
      Array.from({ length: Math.min(10, n - i) }, async () => {
        const r = await admin.post(`${API}/solicitacoes`, {
          data: {
            anonimo: true,
            canal: 'site',
            tipo_solicitacao_id: opcoes.tipos[0]!.id,
            prioridade_id: opcoes.prioridades[0]!.id,
            assunto: `Carga do sino ${unico()}`,
            texto: 'Criada pelo teste do sino.',
          },
        });
        expect(r.status()).toBe(201);
      }),
    );
  }
}

for (const [largura, altura] of [
  [1400, 900],
  [800, 1280],
] as const) {
  test(`admin registers a request, the bell rises, admin answers it from the bell (${largura})`, async ({
    page,
    apiAs,
    signInWithUnit,
  }) => {
    const admin = await apiAs('admin');
    await marcarTodas(admin);
    await page.setViewportSize({ width: largura, height: altura });
    await page.clock.install();
    try {
      await signInWithUnit('admin');
      const sino = page.getByRole('button', { name: /^Ouvidoria: / });
      await expect(sino).toHaveAccessibleName('Ouvidoria: nenhuma não lida');

      await test.step('the list', async () => {
        await page.goto('/ouvidoria');
        await expect(page.getByRole('heading', { name: 'Ouvidoria', level: 1 })).toBeVisible();
        await expect(page.getByText(/vence em \d+ dias|vencida há/).first()).toBeVisible();
        await expectAccessible(page, 'lista da ouvidoria');
        await fotografar(page, `ouvidoria-lista-${largura}`);
      });

      const assunto = `Fila longa na recepção ${unico()}`;
      let protocolo = '';
      await test.step('a new anonymous complaint shows its protocol', async () => {
        await page.getByRole('link', { name: 'Nova solicitação' }).click();
        await page.getByRole('checkbox', { name: 'Solicitação anônima' }).check();
        await escolher(page, 'Canal', 'Telefone');
        await escolher(page, 'Tipo', 'Reclamação');
        await escolher(page, 'Prioridade', 'Urgente');
        await page.getByRole('textbox', { name: 'Assunto' }).fill(assunto);
        await page.getByRole('textbox', { name: 'Relato' }).fill('Esperei três horas sem informação.');
        await expectAccessible(page, 'nova solicitação');
        await fotografar(page, `ouvidoria-form-${largura}`);
        await page.getByRole('button', { name: 'Salvar' }).click();
        const alerta = page.getByRole('status').filter({ hasText: 'Informe ao solicitante' });
        await expect(alerta).toBeVisible();
        protocolo = (await alerta.locator('strong').textContent())!;
        expect(protocolo).toMatch(/^\d{10}$/);
        await expect(page.getByText('Anônimo')).toBeVisible();
        await expectAccessible(page, 'detalhe da solicitação');
        await fotografar(page, `ouvidoria-detalhe-${largura}`);
      });

      await test.step('the bell rises at the next poll and opens the request for handling', async () => {
        await page.clock.fastForward(31_000);
        await expect(sino).toHaveAccessibleName('Ouvidoria: 1 não lida');
        await expect(page.getByTestId('sino-badge')).toHaveText('1');
        await sino.click();
        const item = page.getByRole('button', { name: new RegExp(`Protocolo ${protocolo}`) });
        await expect(item).toBeVisible();
        await expect(item).toContainText(/\d{2}\/\d{2}\/\d{4}-\d{2}:\d{2}:\d{2}/);
        await expectAccessible(page, 'sino aberto');
        await page.screenshot({ path: `${SCREENSHOTS}/ouvidoria-sino-${largura}.png` });
        await item.click();
        await expect(page).toHaveURL(/\/ouvidoria\/solicitacoes\/[0-9a-f-]+\/edit$/);
        await expect(sino).toHaveAccessibleName('Ouvidoria: nenhuma não lida');
      });

      await test.step('answers it', async () => {
        await expect(page.getByRole('heading', { name: `Tratar solicitação ${protocolo}` })).toBeVisible();
        await escolher(page, 'Situação', 'Respondida');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await expect(page.getByText('Não pode ficar em branco').first()).toBeVisible();
        await page.getByRole('textbox', { name: 'Resposta ao solicitante' }).fill('A equipe foi reforçada.');
        await page.getByRole('button', { name: 'Salvar' }).click();
        await expect(page).toHaveURL(/\/ouvidoria\/solicitacoes\/[0-9a-f-]+$/);
        await expect(page.getByText('A equipe foi reforçada.')).toBeVisible();
        await expect(page.getByText('Aberta → Respondida')).toBeVisible();
      });
    } finally {
      await marcarTodas(admin);
    }
  });
}

test('the badge: 99 unread show none, 100 show 99+', async ({ page, apiAs, signInWithUnit }) => {
  test.setTimeout(180_000);
  const admin = await apiAs('admin');
  const opcoes = (await (await admin.get(`${API}/opcoes`)).json()) as Opcoes;
  await marcarTodas(admin);
  try {
    await criarPelaApi(admin, opcoes, 99);
    await page.clock.install();
    await signInWithUnit('admin');
    const sino = page.getByRole('button', { name: /^Ouvidoria: / });
    await expect(sino).toHaveAccessibleName('Ouvidoria: 99 não lidas');
    await expect(page.getByTestId('sino-badge')).toHaveCount(0);
    await criarPelaApi(admin, opcoes, 1);
    await page.clock.fastForward(31_000);
    await expect(sino).toHaveAccessibleName('Ouvidoria: mais de 99 não lidas');
    await expect(page.getByTestId('sino-badge')).toHaveText('99+');
  } finally {
    await marcarTodas(admin);
  }
});
