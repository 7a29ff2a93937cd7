import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { chooseUnit, expect, expectAccessible, fillLogin, fotografar, sideMenu, test } from './fixtures';

const require = createRequire(import.meta.url);
const MSG_403 = 'Você não está autorizado a executar essa ação.';
const MSG_404 = 'Essa página não pode ser encontrada.';

/** Issue 12: every page has exactly one h1 (the page's title). */
const expectOneH1 = (page: Page) => expect(page.locator('h1')).toHaveCount(1);

test('a wrong password keeps me on the login page with "Login ou senha inválidos."', async ({ page }) => {
  await page.goto('/login');
  await fillLogin(page, 'recepcao', 'senha-errada');
  await expect(page.getByRole('alert')).toHaveText('Login ou senha inválidos.');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('textbox', { name: 'Senha', exact: true })).toHaveValue('');
  await expectOneH1(page);
  await expectAccessible(page, '/login com erro');
});

test('an ACS working in two units chooses one and lands on the home of that unit', async ({ page, signInAs }) => {
  // Several axe-core passes: each takes seconds on a loaded 2-core machine.
  test.slow();
  await signInAs('acs');
  await test.step('Then I am asked to choose a unit, with CNES, profile and team', async () => {
    await expect(page).toHaveURL(/\/selecionar_unidade_saude/);
    const cards = page.getByRole('list', { name: 'Suas lotações' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    // Each card is still a button inside its list item (issue 12: the role was replaced by listitem).
    await expect(cards.getByRole('button', { name: /UBS Jardim das Palmeiras/ })).toBeVisible();
    await expectOneH1(page);
    await expectAccessible(page, 'seleção de unidade');
    await expect(cards.filter({ hasText: 'UBS Jardim das Palmeiras' })).toContainText('CNES 9900022');
    await expect(cards.filter({ hasText: 'UBS Jardim das Palmeiras' })).toContainText(
      'Equipe ESF Jardim das Palmeiras',
    );
    await expect(cards.first()).toContainText('Agente comunitário de saúde');
  });
  await test.step('When I pick UBS Jardim das Palmeiras I see the home with that unit and the menu', async () => {
    await chooseUnit(page, 'UBS Jardim das Palmeiras');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Olá, Agente');
    await expect(page.getByTestId('unidade-atual')).toHaveText('UBS Jardim das Palmeiras');
    await expect(
      page.getByRole('link', { name: 'Unidade atual: UBS Jardim das Palmeiras. Trocar unidade' }),
    ).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Início' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('status').filter({ hasText: 'Online' })).toBeVisible();
    await expectOneH1(page);
    await expectAccessible(page, 'início');
  });
  await test.step('And I can switch to the other unit from the top bar', async () => {
    await page.getByRole('link', { name: /Trocar unidade$/ }).click();
    await chooseUnit(page, 'UBS Centro');
    await expect(page.getByTestId('unidade-atual')).toHaveText('UBS Centro');
  });
});

test('the manager is offered more menu entries than the ACS, and the menu shows only screens that exist', async ({
  page,
  signInAs,
}) => {
  const countFor = async (login: 'admin' | 'acs') => {
    const menus = page.waitForResponse((r) => r.url().endsWith('/api/menus') && r.ok());
    await signInAs(login);
    await chooseUnit(page, 'UBS Centro');
    type Item = { url: string | null; submenus: Item[] };
    const count = (items: Item[]): number => items.reduce((n, i) => n + (i.url ? 1 : 0) + count(i.submenus), 0);
    const offered = count((await (await menus).json()) as Item[]);
    const menu = sideMenu(page);
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    const shown = await menu.getByRole('link').count();
    return { offered, shown };
  };
  const admin = await countFor('admin');
  await page.getByRole('button', { name: /minha conta$/ }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const acs = await countFor('acs');
  expect(admin.offered).toBeGreaterThan(acs.offered);
  // Entries whose screens are not built yet stay hidden, so the menu never shows more than the API offers.
  expect(admin.shown).toBeLessThanOrEqual(admin.offered);
  expect(acs.shown).toBeLessThanOrEqual(acs.offered);
  expect(admin.shown).toBeGreaterThanOrEqual(acs.shown);
});

test('the side menu follows the screen width and both toggles cycle as the spec says', async ({
  page,
  signInWithUnit,
}) => {
  await signInWithUnit('acs', 'UBS Centro');
  const menu = sideMenu(page);
  const sideToggle = page.getByRole('button', { name: 'Alternar menu lateral' });
  const topToggle = page.getByRole('button', { name: 'Alternar menu', exact: true });
  /** The side toggle goes to `mode` (checked, with `there`) and is pressed again. */
  const idaEVolta = async (mode: string, there?: () => Promise<void>) => {
    await sideToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', mode);
    await there?.();
    await sideToggle.click();
  };

  await test.step('Width decides the mode: ≥ 992 unfold, 768–991 and 480–767 fold, < 480 hide', async () => {
    for (const [width, mode] of [
      [1400, 'unfold'],
      [1000, 'unfold'],
      [800, 'fold'],
      [600, 'fold'],
      [400, 'hide'],
      [1400, 'unfold'],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect(menu, `at ${width}px`).toHaveAttribute('data-menu-mode', mode);
    }
  });
  await test.step('Large: the side toggle cycles unfold ↔ fold; there is no top toggle', async () => {
    await expect(topToggle).toHaveCount(0);
    await idaEVolta('fold', () => expect(menu.getByRole('link', { name: 'Início' })).toBeVisible());
    await expect(menu).toHaveAttribute('data-menu-mode', 'unfold');
  });
  await test.step('Tablet 800 px: fold ↔ unfold with the side toggle', async () => {
    await page.setViewportSize({ width: 800, height: 1280 });
    await expect(menu).toHaveAttribute('data-menu-mode', 'fold');
    await idaEVolta('unfold');
    await expect(menu).toHaveAttribute('data-menu-mode', 'fold');
  });
  await test.step('Phone 400 px: the top toggle opens and closes the drawer; the side toggle closes it', async () => {
    await page.setViewportSize({ width: 400, height: 844 });
    await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
    await topToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', 'open');
    await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
    await sideToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
    await topToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', 'open');
    await topToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
    await topToggle.click();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
  });
  await test.step('Crossing a breakpoint resets the choice to that width’s default', async () => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await sideToggle.click();
    await expect(menu).toHaveAttribute('data-menu-mode', 'fold');
    // Wait for each width to be seen: a browser may merge two quick resizes into one event.
    await page.setViewportSize({ width: 400, height: 900 });
    await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
    await page.setViewportSize({ width: 1400, height: 900 });
    await expect(menu).toHaveAttribute('data-menu-mode', 'unfold');
  });
});

test('the menu and the home offer only what the current unit does: no urgent care nor tickets at a UBS (issue 39)', async ({
  page,
  signInWithUnit,
}) => {
  test.slow();
  const grupos = ['Urgência e emergência', 'Filas e senhas'];
  await signInWithUnit('admin', 'UBS Centro');
  const menu = sideMenu(page);
  await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
  for (const g of grupos) await expect(menu.getByText(g, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('main').getByText('Emitir senhas', { exact: true })).toHaveCount(0);
  await expectAccessible(page, 'início na UBS Centro');
  // The UPA offers both: the same manager sees them there.
  await signInWithUnit('admin', 'UPA 24h Municipal');
  for (const g of grupos) await expect(sideMenu(page).getByText(g, { exact: true })).toBeVisible();
});

test('a page the profile may not open shows the 403 page', async ({ page, signInWithUnit }) => {
  // An axe-core pass takes seconds on a loaded 2-core machine.
  test.slow();
  await signInWithUnit('medico');
  // The doctor may find and edit citizens but not register them (packages/shared/src/access.ts).
  await page.goto('/municipes/new');
  await expect(page.getByText(MSG_403)).toBeVisible();
  await expectOneH1(page);
  await expectAccessible(page, '403');
});

test('an unknown address shows the 404 page with a way home', async ({ page, signInWithUnit }) => {
  // An axe-core pass takes seconds on a loaded 2-core machine.
  test.slow();
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto('/rota-inexistente');
  await expect(page.getByRole('heading', { name: MSG_404 })).toBeVisible();
  await expectOneH1(page);
  await expectAccessible(page, '404');
  await page.getByRole('link', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('opening my account while signed out asks me to sign in and brings me back; signing out ends the session', async ({
  page,
}) => {
  // Several axe-core passes: each takes seconds on a loaded 2-core machine.
  test.slow();
  await page.goto('/conta');
  await expect(page).toHaveURL(/\/login\?retorno=%2Fconta$/);
  await fillLogin(page, 'recepcao', 'saude123');
  await expect(page).toHaveURL(/\/conta$/);
  await expect(page.getByRole('heading', { name: 'Minha conta' })).toBeVisible();
  await expect(page.getByText('recepcao', { exact: true })).toBeVisible();
  await expectOneH1(page);
  await expectAccessible(page, '/conta');

  await test.step('A wrong current password is shown on its field', async () => {
    await page.getByRole('textbox', { name: 'Senha atual', exact: true }).fill('nao-e-esta');
    await page.getByRole('textbox', { name: 'Nova senha', exact: true }).fill('outra-senha-123');
    await page.getByRole('textbox', { name: 'Confirmação da nova senha', exact: true }).fill('outra-senha-123');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByText('não confere com a senha atual')).toBeVisible();
    await expectAccessible(page, '/conta com erro');
  });

  await test.step('Sair ends the session and the account page asks for sign-in again', async () => {
    await page.getByRole('button', { name: /minha conta$/ }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/conta');
    await expect(page).toHaveURL(/\/login\?retorno=%2Fconta$/);
  });
});

test('a signed-in user opening /login goes home', async ({ page, signInWithUnit }) => {
  await signInWithUnit('acs', 'UBS Centro');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('unidade-atual')).toBeVisible();
});

test('the sign-in page passes axe-core, and a test can make its records through the API as a demo user', async ({
  page,
  apiAs,
}) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expectAccessible(page, '/login');
  const acs = await apiAs('acs', { unidade: 'UBS Jardim das Palmeiras' });
  const me = await acs.get('/api/v2/auth/me');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ login: 'acs', unidade_atual: { nome: 'UBS Jardim das Palmeiras' } });
});

test('on a phone (390 px) the menu drawer and the account menu pass axe-core', async ({ page, signInWithUnit }) => {
  // Several axe-core passes: each takes seconds on a loaded 2-core machine.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithUnit('acs', 'UBS Centro');
  const menu = sideMenu(page);
  await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
  await page.getByRole('button', { name: 'Alternar menu', exact: true }).click();
  await expect(menu).toHaveAttribute('data-menu-mode', 'open');
  await expect(menu.getByRole('link', { name: 'Início' })).toBeVisible();
  await expectAccessible(page, 'menu aberto a 390 px');
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('data-menu-mode', 'hide');
  await page.getByRole('button', { name: /minha conta$/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
  await expectAccessible(page, 'menu da conta a 390 px');
});

test('on a phone (390 px) every top-bar control is a 44 px touch target and the demo badge leaves the crest alone', async ({
  page,
  signInWithUnit,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The manager sees every control of the bar (the globe comes with notificacoes_globais:index).
  await signInWithUnit('admin', 'UBS Centro');
  const barra = page.locator('header').first();
  const controles = barra.locator('button:visible, a:visible');
  await expect(barra.getByRole('button', { name: /^Notificações globais/ })).toBeVisible();
  await expect(barra.getByText('Demonstração', { exact: true })).toBeVisible();
  const caixas = await controles.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { nome: e.getAttribute('aria-label') ?? e.textContent, w: r.width, h: r.height, right: r.right };
    }),
  );
  expect(caixas.length).toBeGreaterThanOrEqual(5);
  for (const c of caixas) {
    expect(c.w, `${c.nome} largura`).toBeGreaterThanOrEqual(44);
    expect(c.h, `${c.nome} altura`).toBeGreaterThanOrEqual(44);
    expect(c.right, `${c.nome} dentro da tela`).toBeLessThanOrEqual(390);
  }
  for (const svg of await barra.locator('button:visible svg:visible, a:visible svg:visible').all()) {
    expect((await svg.boundingBox())!.width, 'ícone legível').toBeGreaterThanOrEqual(20);
  }
  const brasao = (await barra.getByRole('img', { name: /^Brasão/ }).boundingBox())!;
  const selo = (await barra.getByText('Demonstração', { exact: true }).boundingBox())!;
  const cobre =
    selo.x < brasao.x + brasao.width &&
    brasao.x < selo.x + selo.width &&
    selo.y < brasao.y + brasao.height &&
    brasao.y < selo.y + selo.height;
  expect(cobre, 'o selo de demonstração não cobre o brasão').toBe(false);
  await page.screenshot({ path: '/tmp/shots-shell/barra-390.png', clip: { x: 0, y: 0, width: 390, height: 120 } });
  await fotografar(page, 'barra-celular-390');
  await expectAccessible(page, 'barra superior a 390 px');
});

/** axe-core's given rules only (moderate ones too, which expectAccessible leaves out): the ids of what fails. */
async function axeRegras(page: Page, regras: string[]) {
  // Evaluated, not a script tag: the page's CSP refuses inline scripts.
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.evaluate(readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async (rules) => {
    const { axe } = window as unknown as {
      axe: {
        run: (c: Document, o: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ html: string }> }> }>;
      };
    };
    const r = await axe.run(document, { runOnly: { type: 'rule', values: rules } });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(' | ')}`);
  }, regras);
}

test('lists, forms and record pages keep heading levels in order, and a toast sits in a landmark', async ({
  page,
  signInWithUnit,
}) => {
  test.slow();
  await signInWithUnit('admin', 'UBS Centro');
  for (const [tela, titulo] of [
    ['/municipes', 'Munícipes'],
    ['/municipes/new', /munícipe/i],
    ['/atencao_primaria/familias/new', /família/i],
  ] as const) {
    await page.goto(tela);
    await expect(page.getByRole('heading', { level: 1, name: titulo }).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
    expect(await axeRegras(page, ['heading-order']), tela).toEqual([]);
  }
  // A record that does not exist says so in a toast (and goes back to the list): the toast is inside a landmark.
  await page.goto(`/atencao_primaria/visitas_domiciliares/${crypto.randomUUID()}/detalhes`);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Cadastro não encontrado' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Notificações do sistema' }).locator('.mantine-Notification-root'),
  ).toHaveCount(1);
  // axe region: nothing of the toasts outside a landmark (the progress bar's portal is another matter).
  expect((await axeRegras(page, ['region'])).filter((v) => /Notification/.test(v))).toEqual([]);
});

test('the menus load on first use and open by keyboard as by mouse', async ({ page, signInWithUnit }) => {
  // Several axe-core passes: each takes seconds on a loaded 2-core machine.
  test.slow();
  await signInWithUnit('acs', 'UBS Centro');
  await test.step('The account menu opens with Enter on its button, and Escape gives the focus back', async () => {
    const account = page.getByRole('button', { name: /minha conta$/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Minha conta' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Minha conta' })).toBeHidden();
    await expect(account).toBeFocused();
  });
  await test.step('Folded (800 px), a group of the menu opens its links with a click', async () => {
    await page.setViewportSize({ width: 800, height: 1280 });
    const menu = sideMenu(page);
    await expect(menu).toHaveAttribute('data-menu-mode', 'fold');
    const group = menu.getByRole('button', { name: 'Atenção primária' });
    await group.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    await expectAccessible(page, 'menu recolhido com grupo aberto');
  });
});

test('offline, a screen this device never opened says so instead of reloading', async ({
  page,
  context,
  signInWithUnit,
}) => {
  await signInWithUnit('recepcao');
  const link = sideMenu(page).getByRole('link', { name: 'Munícipes' });
  await expect(link).toBeVisible();
  await context.setOffline(true);
  await link.click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sem conexão — esta tela ainda não foi aberta neste aparelho' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/municipes$/);
  await expectAccessible(page, 'tela não carregada, sem conexão');
});

test('a menu or tooltip whose code cannot be fetched leaves the screen working', async ({ page, signInWithUnit }) => {
  // Their chunks come on first use or at idle (firstUse.tsx); here they never come, as offline before the warm-up or
  // after a new version was deployed.
  // Chunks are named by hash alone (vite.config.ts), so the build's manifest says which files hold them.
  const manifest = JSON.parse(readFileSync('apps/web/dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string }
  >;
  const blocked = ['HintTooltip', 'FoldedGroupMenu', 'AccountMenu'].map(
    (m) => `/${manifest[`src/shell/${m}.tsx`]!.file}`,
  );
  await page.route(
    (url) => blocked.includes(url.pathname),
    (route) => route.abort(),
  );
  await page.setViewportSize({ width: 800, height: 1280 });
  await signInWithUnit('recepcao');
  const menu = sideMenu(page);
  await expect(menu).toHaveAttribute('data-menu-mode', 'fold');
  const link = menu.getByRole('link', { name: 'Munícipes' });
  await link.hover();
  const group = menu.getByRole('button', { name: 'Urgência e emergência' });
  await group.click();
  await page.getByRole('button', { name: /minha conta$/ }).click();
  await expect(group).toHaveAttribute('aria-expanded', 'false');
  // The buttons stay plain and the shell stays: no error screen, and the link still leads to its screen.
  await expect(page.getByRole('button', { name: /minha conta$/ })).toHaveAttribute('aria-expanded', 'false');
  await link.click();
  await expect(page).toHaveURL(/\/municipes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Munícipes' })).toBeVisible();
});
