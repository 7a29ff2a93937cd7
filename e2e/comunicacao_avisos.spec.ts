// Staff notices' screens (issue 19) as the manager: the form's required errors, the live reach (a profile changes it,
// a combination reaching nobody says so), create after 'Deseja criar este aviso?' → show page, edit, the list with a
// filter, delete after 'Deseja excluir esse aviso?' → toast. Every screen passes axe; list, form and show are
// photographed at 1400 px and on a tablet (800×1280) in .screenshots/.
// The notices aim at the surveillance profile (admin does not have it) and are deleted in a `finally`: an unconfirmed
// notice in force would pop up over every later spec of the run.
// Run: npm run build && E2E_PORT=3202 npx playwright test e2e/comunicacao_avisos.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { msg } from '@saude/shared';
import { unico } from './dados';
import { expect, expectAccessible, SCREENSHOTS, test, fotografar } from './fixtures';

const LISTA = '/comunicacao/avisos';
const API = '/api/v1/comunicacao/avisos';
const VIGILANCIA = 'Vigilância epidemiológica';
const UPA = 'Unidade de Pronto Atendimento';

test.describe.configure({ timeout: 180_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

/** A day in São Paulo, n days from today, as typed in the form (ddMMyyyy). */
function diaDigitado(n: number): string {
  const d = new Date(Date.now() + n * 86_400_000);
  const [dia, mes, ano] = d
    .toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })
    .split('/');
  return `${dia}${mes}${ano}`;
}

async function escolher(page: Page, campo: string, opcao: string) {
  await page.getByRole('combobox', { name: campo }).click();
  await page.getByRole('option', { name: opcao, exact: true }).click();
  await page.keyboard.press('Escape');
}

for (const [largura, altura] of [
  [1400, 900],
  [800, 1280],
] as const) {
  test(`the manager writes, follows and deletes a notice (${largura}×${altura})`, async ({
    page,
    apiAs,
    signInWithUnit,
  }) => {
    await page.setViewportSize({ width: largura, height: altura });
    const marca = unico();
    const titulo = `Campanha ${marca}`;
    const criados: string[] = [];
    const api = await apiAs('admin');
    await signInWithUnit('admin');
    try {
      await test.step('the form refuses a notice without its required fields', async () => {
        await page.goto(`${LISTA}/new`);
        await expect(page.getByRole('heading', { name: 'Novo aviso', level: 1 })).toBeVisible();
        await page.getByRole('button', { name: 'Salvar' }).click();
        await expect(page.getByRole('textbox', { name: 'Título' })).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByRole('textbox', { name: 'Mensagem' })).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByRole('textbox', { name: 'Data final' })).toHaveAttribute('aria-invalid', 'true');
        await expect(page.getByText(msg.obrigatorio).first()).toBeVisible();
        await expectAccessible(page, 'novo aviso com erros');
      });

      await test.step('the reach follows the targets: a profile changes it, a combination reaching nobody says so', async () => {
        const alcance = page.getByTestId('alcance');
        await expect(alcance).toContainText(/Este aviso alcança \d+ profissionais \(todos/);
        const todos = await alcance.textContent();
        await escolher(page, 'Perfis', VIGILANCIA);
        await expect(alcance).toContainText(/Este aviso alcança \d+ profissional/);
        await expect(alcance).not.toHaveText(todos ?? '');
        await escolher(page, 'Tipos de unidade', UPA);
        await expect(alcance).toHaveText(msg.avisoSemProfissionais);
        // Back to a targeting that reaches someone.
        await page.getByRole('combobox', { name: 'Tipos de unidade' }).press('Backspace');
        await expect(alcance).toContainText(/Este aviso alcança \d+ profissional/);
      });

      await test.step('a new notice is created after the confirmation and opens on its show page', async () => {
        await page.getByRole('textbox', { name: 'Título' }).fill(titulo);
        await page.getByRole('textbox', { name: 'Mensagem' }).fill('Começa segunda. Memorando 12/2026.');
        await expect(page.getByText('34/50')).toBeVisible();
        await page.getByRole('textbox', { name: 'Data final' }).fill(diaDigitado(7));
        await page.getByRole('textbox', { name: 'Horário' }).fill('0800');
        await page.getByRole('switch', { name: 'Exigir resposta' }).check({ force: true });
        await expectAccessible(page, 'novo aviso preenchido');
        await fotografar(page, `comunicacao-avisos-form-${largura}`);
        await page.getByRole('button', { name: 'Salvar' }).click();
        const dialogo = page.getByRole('dialog', { name: msg.avisoConfirmarCriacao });
        await dialogo.getByRole('button', { name: 'Sim, criar' }).click();
        await expect(page).toHaveURL(/\/comunicacao\/avisos\/[0-9a-f-]{36}\/show$/);
        criados.push(page.url().split('/').at(-2)!);
        await expect(page.getByRole('heading', { name: titulo, level: 1 })).toBeVisible();
        const destinatarios = page.getByRole('region', { name: 'Destinatários' });
        await expect(destinatarios).toContainText(VIGILANCIA);
        await expect(page.getByText('Ninguém confirmou este aviso ainda.')).toBeVisible();
        await expectAccessible(page, 'aviso');
        await fotografar(page, `comunicacao-avisos-show-${largura}`);
      });

      await test.step('an edit asks "Deseja salvar as alterações?" and shows the new title', async () => {
        await page.getByRole('link', { name: 'Editar aviso' }).click();
        const campo = page.getByRole('textbox', { name: 'Título' });
        await expect(campo).toHaveValue(titulo);
        await campo.fill(`${titulo} (nova data)`);
        await page.getByRole('button', { name: 'Salvar alterações' }).click();
        await page
          .getByRole('dialog', { name: msg.avisoConfirmarAlteracoes })
          .getByRole('button', { name: 'Sim, salvar' })
          .click();
        await expect(page.getByRole('heading', { name: `${titulo} (nova data)`, level: 1 })).toBeVisible();
      });

      await test.step('the list finds it by title and by the profile it aims at', async () => {
        await page.goto(LISTA);
        await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
        const busca = page.getByRole('searchbox', { name: 'Buscar aviso' });
        await busca.fill(marca);
        await busca.press('Enter');
        const linha = page.getByRole('row', { name: new RegExp(marca) });
        await expect(linha).toBeVisible();
        await expect(page.getByText('Exibindo 1 a 1 de 1 registros')).toBeVisible();
        if (largura < 992) await page.getByRole('button', { name: /Filtros/ }).click();
        await escolher(page, 'Perfis', VIGILANCIA);
        await expect(page).toHaveURL(/perfil_ids=/);
        await expect(linha).toBeVisible();
        await expect(linha).toContainText('Ativo');
        // On a tablet too the row's last button is on screen, not past a sideways scroll of the table.
        await expect(linha.getByRole('button', { name: /^Excluir aviso/ })).toBeInViewport({ ratio: 1 });
        await expectAccessible(page, 'lista de avisos');
        await fotografar(page, `comunicacao-avisos-lista-${largura}`);
      });

      await test.step('deleting asks "Deseja excluir esse aviso?" and says it is done', async () => {
        const linha = page.getByRole('row', { name: new RegExp(marca) });
        await linha.getByRole('button', { name: /^Excluir aviso/ }).click();
        const dialogo = page.getByRole('dialog', { name: msg.avisoConfirmarExclusao });
        await expect(dialogo).toBeVisible();
        await expectAccessible(page, 'confirmação de exclusão');
        await dialogo.getByRole('button', { name: 'Sim, excluir' }).click();
        await expect(page.getByText(msg.avisoExcluido)).toBeVisible();
        await expect(linha).toHaveCount(0);
      });
    } finally {
      // Nothing of this test may pop up in another spec; a second delete answers 404 and that is fine.
      for (const id of criados) await api.delete(`${API}/${id}`);
    }
  });
}

test('a professional reads the notices aimed at them without filters by target or write buttons', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('medico');
  await page.goto(LISTA);
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Buscar aviso' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Avisos' })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Novo aviso' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Perfis' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Editar aviso/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Excluir aviso/ })).toHaveCount(0);
  await expectAccessible(page, 'lista de avisos do médico');
  // The form is the manager's: the route guard refuses it.
  await page.goto(`${LISTA}/new`);
  await expect(page.getByText(msg.naoAutorizado)).toBeVisible();
});

test('the list and the form fit a phone (390×844)', async ({ page, signInWithUnit }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithUnit('admin');
  await page.goto(LISTA);
  await expect(page.getByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /Filtros/ })).toBeVisible();
  await fotografar(page, 'comunicacao-avisos-lista-390');
  await page.goto(`${LISTA}/new`);
  await expect(page.getByTestId('alcance')).toContainText('Este aviso alcança');
  await fotografar(page, 'comunicacao-avisos-form-390');
});
