// Staff notice pop-ups (issue 19, spec §4): `admin` sends two notices to the ACS profile through the API — one asking
// for a reply — and `acs` signs in to them: "1 de 2", Escape does not close, a blank reply is refused, a failed
// confirmation keeps the pop-up with the reply and shows the toast, "Ver depois" stops the sequence and the rest comes
// back at the next check (a 304 when nothing changed). `admin` then reads the reply and the counts. The pop-up passes
// axe and is photographed at 1400 px, on a tablet (800×1280) and on a phone (390×844). Every notice made here is
// deleted at the end: an unconfirmed notice in force would pop up over every later spec of the run.
// Run: npm run build && E2E_PORT=3203 npx playwright test e2e/comunicacao_avisos-popup.spec.ts
import type { Page } from '@playwright/test';
import { unico } from './dados';
import { type Api, expect, expectAccessible, SCREENSHOTS, test } from './fixtures';

const API = '/api/v1/comunicacao/avisos';
const PERFIL_ACS = 'Agente comunitário de saúde';

/** Today in São Paulo ('yyyy-MM-dd'). */
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

async function novoAviso(admin: Api, dados: { titulo: string; mensagem: string; perfil: string; checar: boolean }) {
  const res = await admin.post(API, {
    data: {
      titulo: dados.titulo,
      mensagem: dados.mensagem,
      data_inicial: hoje(),
      data_final: hoje(),
      perfil_ids: [dados.perfil],
      checar_resposta: dados.checar,
      situacao: 'ativo',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

async function foto(page: Page, nome: string) {
  await page.screenshot({ path: `${SCREENSHOTS}/comunicacao_avisos-popup-${nome}.png` });
}

test('acs confirms the notices sent to the ACS profile, replying when asked, and admin sees the reply', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const admin = await apiAs('admin');
  const opcoes = (await (await admin.get(`${API}/opcoes`)).json()) as { perfis: Array<{ id: string; nome: string }> };
  const perfil = opcoes.perfis.find((p) => p.nome === PERFIL_ACS);
  expect(perfil, `perfil ${PERFIL_ACS} em GET /opcoes`).toBeDefined();

  const sufixo = unico();
  const campanha = { titulo: `Campanha de vacinação ${sufixo}`, mensagem: 'Começa segunda. Memorando 12/2026.' };
  const reuniao = { titulo: `Reunião de equipe ${sufixo}`, mensagem: 'Sexta às 14h na sala 2.' };
  const resposta = 'Ciente, estarei na UBS às 7h';
  const criados: string[] = [];
  try {
    // Oldest first: the notice asking for a reply shows first.
    const a = await novoAviso(admin, { ...campanha, perfil: perfil!.id, checar: true });
    criados.push(a.id);
    const b = await novoAviso(admin, { ...reuniao, perfil: perfil!.id, checar: false });
    criados.push(b.id);

    await signInWithUnit('acs');
    const primeiro = page.getByRole('dialog', { name: campanha.titulo });

    await test.step('the first of two shows at sign-in and Escape does not close it', async () => {
      await expect(primeiro).toBeVisible();
      await expect(primeiro.getByText('1 de 2')).toBeVisible();
      await expect(primeiro.getByText(campanha.mensagem)).toBeVisible();
      await expect(primeiro.getByText(/^Responsável: .+/)).toBeVisible();
      // The keyboard starts in the reply field.
      await expect(primeiro.getByRole('textbox', { name: 'Resposta' })).toBeFocused();
      await expectAccessible(page, 'pop-up de aviso');
      await foto(page, '1400');
      await page.keyboard.press('Escape');
      await expect(primeiro).toBeVisible();
      // A click outside the dialog does nothing either.
      await page.mouse.click(5, 5);
      await expect(primeiro).toBeVisible();
    });

    await test.step('a blank reply is refused under the field and nothing is sent', async () => {
      let enviados = 0;
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('/aviso_visualizacoes')) enviados++;
      });
      await primeiro.getByRole('button', { name: 'Confirmar leitura' }).click();
      const campo = primeiro.getByRole('textbox', { name: 'Resposta' });
      await expect(campo).toHaveAccessibleDescription(/Favor inserir uma resposta para o aviso/);
      await expect(campo).toBeFocused();
      expect(enviados).toBe(0);
      await expectAccessible(page, 'pop-up com a resposta em branco');
      await foto(page, '1400-resposta-em-branco');
    });

    await test.step('a failed confirmation keeps the pop-up and the reply, with the toast', async () => {
      const campo = primeiro.getByRole('textbox', { name: 'Resposta' });
      await campo.fill(resposta);
      await expect(primeiro.getByText(`${resposta.length}/150`)).toBeVisible();
      const rota = `**${API}/${a.id}/aviso_visualizacoes`;
      await page.route(rota, (r) => r.fulfill({ status: 500, json: { message: 'Erro interno' } }));
      await primeiro.getByRole('button', { name: 'Confirmar leitura' }).click();
      await expect(page.getByText('Não foi possível realizar esta operação')).toBeVisible();
      await expect(primeiro).toBeVisible();
      await expect(campo).toHaveValue(resposta);
      await page.unroute(rota);
    });

    await test.step('replying moves on to the second; "Ver depois" stops the sequence', async () => {
      await primeiro.getByRole('button', { name: 'Confirmar leitura' }).click();
      const segundo = page.getByRole('dialog', { name: reuniao.titulo });
      await expect(segundo.getByText('2 de 2')).toBeVisible();
      await expect(segundo.getByRole('textbox')).toHaveCount(0);
      await segundo.getByRole('button', { name: 'Ver depois' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('the one put off returns at the next check (here a reload), on a tablet and a phone', async () => {
      await page.setViewportSize({ width: 800, height: 1280 });
      await page.reload();
      const segundo = page.getByRole('dialog', { name: reuniao.titulo });
      await expect(segundo.getByText('1 de 1')).toBeVisible();
      await expect(segundo.getByRole('button', { name: 'Confirmar leitura' })).toBeVisible();
      await expectAccessible(page, 'pop-up de aviso no tablet');
      await foto(page, '800x1280');
      // A phone gets the whole screen, the buttons still in reach. Nothing changed since the last check: the browser
      // asks with the ETag it kept, the API answers 304 without a body, and the kept list shows again.
      await page.setViewportSize({ width: 390, height: 844 });
      const checagem = page.waitForResponse((r) => r.url().endsWith(`${API}/nao_visualizados`));
      await page.reload();
      const r = await checagem;
      expect((await r.request().allHeaders())['if-none-match']).toBe(await r.headerValue('etag'));
      expect((await r.request().sizes()).responseBodySize).toBe(0);
      await expect(segundo.getByText('1 de 1')).toBeVisible();
      await expect(segundo.getByRole('button', { name: 'Confirmar leitura' })).toBeInViewport();
      await foto(page, '390x844');
      await expectAccessible(page, 'pop-up de aviso no celular');
      await segundo.getByRole('button', { name: 'Confirmar leitura' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    await test.step('admin sees the reply and the counts', async () => {
      const lido = (await (await admin.get(`${API}/${a.id}`)).json()) as {
        total_visualizacoes: number;
        total_respostas: number;
        visualizacoes: Array<{ profissional_nome: string; resposta: string | null }>;
      };
      expect(lido).toMatchObject({ total_visualizacoes: 1, total_respostas: 1 });
      expect(lido.visualizacoes[0]).toMatchObject({ resposta });
      const visto = (await (await admin.get(`${API}/${b.id}`)).json()) as typeof lido;
      expect(visto).toMatchObject({ total_visualizacoes: 1, total_respostas: 0 });
      expect(visto.visualizacoes[0]?.resposta ?? null).toBeNull();
    });
  } finally {
    // Every one is deleted before any answer is checked, so one failure does not leave the other in force.
    const status = [];
    for (const id of criados) status.push((await admin.delete(`${API}/${id}`)).status());
    expect(
      status.every((s) => s < 300),
      `DELETE dos avisos: ${status.join(', ')}`,
    ).toBe(true);
  }
});
