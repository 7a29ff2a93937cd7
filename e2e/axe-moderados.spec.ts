// Issue 39: axe's moderate rules the walk found on 24 screens — every page inside a landmark ('region') and no heading
// that skips a level ('heading-order') — checked on every list and form the menu opens, as the manager (all screens)
// at UBS Centro and at the UPA (queues and urgent care). The other specs run the serious/critical rules on each screen.
import type { Page } from '@playwright/test';
import { expect, expectLandmarksAndHeadings, test } from './fixtures';

const UBS = [
  '/',
  '/conta',
  '/municipes',
  '/municipes/new',
  '/atencao_primaria/cadastros_individuais',
  '/atencao_primaria/cadastros_individuais/new',
  '/atencao_primaria/cadastros_domiciliares',
  '/atencao_primaria/cadastros_domiciliares/new',
  '/atencao_primaria/familias',
  '/atencao_primaria/familias/new',
  '/atencao_primaria/visitas_domiciliares',
  '/atencao_primaria/exportacao_esus',
  '/municipes_notificacao',
  '/comunicacao/avisos',
  '/comunicacao/avisos/new',
  '/notificacoes_globais',
  '/notificacoes_globais/new',
  '/ouvidoria',
  '/termos_uso',
  '/termos_uso/new',
  '/ferramentas/temas',
  '/ferramentas/temas/new',
  '/ferramentas/parametrizacao',
  '/ferramentas/auth_applications',
  '/ferramentas/auth_applications/new',
  '/parametros/unidades_saude',
  '/auditoria',
  '/administracao/unidades_saude',
  '/administracao/unidades_saude/new',
  '/administracao/equipes',
  '/administracao/equipes/new',
  '/administracao/profissionais',
  '/administracao/profissionais/new',
  '/administracao/perfis',
  '/administracao/perfis/new',
  '/administracao/importacao_cnes',
];
const UPA = [
  '/urgencia_emergencia/atendimentos',
  '/urgencia_emergencia/paciente_sem_identificacoes',
  '/urgencia_emergencia/paciente_sem_identificacoes/new',
  '/filas/senhas',
  '/filas/categorias',
  '/filas/categorias/new',
  '/filas/parametrizacoes',
  '/filas/parametrizacoes/new',
];

async function conferir(page: Page, paths: string[]) {
  for (const path of paths) {
    await page.goto(path);
    // The page has rendered its title and finished loading (no skeleton left).
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expectLandmarksAndHeadings(page, path);
  }
}

test('every screen of the menu: inside landmarks, headings in order (issue 39)', async ({ page, signInWithUnit }) => {
  test.setTimeout(240_000);
  await signInWithUnit('admin', 'UBS Centro');
  await conferir(page, UBS);
  await page.goto('/selecionar_unidade_saude');
  await page
    .getByRole('list', { name: 'Suas lotações' })
    .getByRole('listitem')
    .filter({ hasText: 'UPA 24h Municipal' })
    .first()
    .getByRole('button')
    .click();
  await expect(page.getByTestId('unidade-atual')).toContainText('UPA');
  await conferir(page, UPA);
});
