// Profiles and permissions (issue 22) as a manager: a new custom profile — a blank name refused on its field first —
// with a whole area ticked by "Marcar todas", saved, found in the list; its audit history opened from the profile page
// shows the before → after, under a filter chip that clears; a built-in profile opens read-only. Axe on each screen;
// screenshots at 1400×900 and 800×1280. The profile is deleted at the end (no assignment uses it).
// Run: npm run build && E2E_PORT=3243 npx playwright test e2e/administracao_perfis.spec.ts
import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { unico } from './dados';
import { expect, expectAccessible, fotografar, SCREENSHOTS, test } from './fixtures';

const LISTA = '/administracao/perfis';
test.describe.configure({ timeout: 240_000 });
mkdirSync(SCREENSHOTS, { recursive: true });

async function nasDuasLarguras(page: Page, nome: string) {
  await fotografar(page, `${nome}-1400`);
  await page.setViewportSize({ width: 800, height: 1280 });
  await fotografar(page, `${nome}-800`);
  await page.setViewportSize({ width: 1400, height: 900 });
}

test('a manager creates a custom profile, reads its history, and sees a built-in one read-only', async ({
  page,
  apiAs,
  signInWithUnit,
}) => {
  const sufixo = unico();
  const nome = `Digitação ${sufixo}`;
  const codigo = `digitacao_${sufixo}`;
  let id: string | undefined;
  try {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signInWithUnit('admin');

    await test.step('a blank name is refused on its field', async () => {
      await page.goto(`${LISTA}/new`);
      await expect(page.getByRole('heading', { name: 'Novo perfil', level: 1 })).toBeVisible();
      await page.getByRole('textbox', { name: /Código/ }).fill(codigo);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('textbox', { name: /Nome/ })).toHaveAccessibleDescription(/Não pode ficar em branco/);
      await expect(page.getByRole('heading', { name: 'Novo perfil', level: 1 })).toBeVisible();
      await expectAccessible(page, 'novo perfil com erro');
    });

    await test.step('a whole area ticked, saved', async () => {
      await page.getByRole('textbox', { name: /Nome/ }).fill(nome);
      const area = page.getByRole('group', { name: 'Atenção primária' });
      await area.getByRole('checkbox', { name: 'Marcar todas' }).check();
      await expect(
        area.getByRole('group', { name: 'Famílias' }).getByRole('checkbox', { name: 'Excluir' }),
      ).toBeChecked();
      await nasDuasLarguras(page, 'administracao-perfis-form');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect(page.getByRole('heading', { name: `Perfil ${nome}`, level: 1 })).toBeVisible();
      id = /\/administracao\/perfis\/([^/]+)\/edit/.exec(page.url())?.[1];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
    });

    await test.step('found in the list', async () => {
      await page.goto(LISTA);
      await expect(page.getByRole('heading', { name: 'Perfis e permissões', level: 1 })).toBeVisible();
      await page
        .getByRole('searchbox', { name: 'Buscar perfil' })
        .or(page.getByRole('textbox', { name: 'Buscar perfil' }))
        .fill(sufixo);
      await page.keyboard.press('Enter');
      const linha = page.getByRole('row').filter({ hasText: nome });
      await expect(linha).toContainText('Personalizado');
      await expect(linha).toContainText('Nenhuma');
      await page
        .getByRole('searchbox', { name: 'Buscar perfil' })
        .or(page.getByRole('textbox', { name: 'Buscar perfil' }))
        .fill('');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('row').filter({ hasText: 'Agente comunitário de saúde' })).toContainText(
        'Do sistema',
      );
      await expectAccessible(page, 'lista de perfis');
      await nasDuasLarguras(page, 'administracao-perfis-lista');
    });

    await test.step('its audit history shows the before → after, under a chip that clears', async () => {
      await page.goto(`${LISTA}/${id}/edit`);
      await page.getByRole('link', { name: 'Histórico de alterações' }).click();
      await expect(page.getByRole('heading', { name: 'Histórico de acessos', level: 1 })).toBeVisible();
      await expect(page.getByText(`Registro ${id}`)).toBeVisible();
      const linha = page.getByRole('row').filter({ hasText: 'Cadastrou' });
      await expect(linha).toContainText(`Nome: (vazio) → ${nome}`);
      await expect(linha).toContainText(`Código: (vazio) → ${codigo}`);
      await expect(linha).toContainText('Famílias: Excluir');
      await expectAccessible(page, 'histórico do perfil');
      await nasDuasLarguras(page, 'administracao-perfis-historico');
      await page.getByRole('button', { name: 'Remover o filtro do registro' }).click();
      await expect(page.getByText(`Registro ${id}`)).toHaveCount(0);
      expect(page.url()).not.toContain('record_id');
    });

    await test.step('a built-in profile opens read-only', async () => {
      await page.goto(LISTA);
      await page.getByRole('row').filter({ hasText: 'Agente comunitário de saúde' }).click();
      await expect(page.getByRole('heading', { name: 'Perfil Agente comunitário de saúde', level: 1 })).toBeVisible();
      await expect(page.getByText('Perfil do sistema: somente leitura')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
      const familias = page.getByRole('group', { name: 'Atenção primária' }).getByRole('group', { name: 'Famílias' });
      await expect(familias.getByRole('checkbox', { name: 'Listar' })).toBeChecked();
      await expect(familias.getByRole('checkbox', { name: 'Listar' })).toBeDisabled();
      await expectAccessible(page, 'perfil do sistema');
      await nasDuasLarguras(page, 'administracao-perfis-sistema');
    });
  } finally {
    if (id) {
      const api = await apiAs('admin');
      await api.delete(`/api/v1/administracao/perfis/${id}`);
    }
  }
});
